// One site, to rename, recode or give a time zone, to deactivate or activate again, or to make the
// account's default (the API's updateSite). Only what was changed on the screen is sent. The
// default stays active; a site where a stock take is open, a delivery is on its way or stock is
// held is not deactivated: the API says which (DEFAULT_SITE, SITE_IN_USE), under Active.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link } from "wouter";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";
import {
  FieldProblem,
  fieldOf,
  fieldProps,
  SiteTextFields,
  type Refusal,
  type SiteText,
} from "../sites/site-form.js";

const SiteToEdit = graphql(`
  query SiteToEdit($id: Int!) {
    site(id: $id) {
      id
      code
      name
      timezone
      active
      isDefault
    }
  }
`);

const SaveSite = graphql(`
  mutation SaveSite($input: UpdateSiteInput!) {
    updateSite(input: $input) {
      site {
        id
        code
        name
        timezone
        active
        isDefault
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Refusals about whether a site may be inactive, or stop being the default: shown at Active. */
const ABOUT_ACTIVE = new Set(["DEFAULT_SITE", "SITE_IN_USE"]);

export function SiteEdit({ id }: { id: number }) {
  const [{ data, error }] = useQuery({
    query: SiteToEdit,
    variables: { id },
    requestPolicy: "network-only",
  });
  const [saving, save] = useMutation(SaveSite);
  const [text, setText] = useState<SiteText>({ code: "", name: "", timezone: "" });
  const [active, setActive] = useState(true);
  const [makeDefault, setMakeDefault] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState("");
  const site = data?.site;
  useEffect(() => {
    if (!site) return;
    setText({ code: site.code, name: site.name, timezone: site.timezone ?? "" });
    setActive(site.active);
    setMakeDefault(false);
  }, [site]);

  if (error && !data) {
    return (
      <p role="alert" className="problem">
        {problemOf(error).message}
      </p>
    );
  }
  if (!site) return <p role="status">Loading…</p>;

  const edited = () => {
    setSaved("");
    setRefused(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!site) return;
    const timezone = text.timezone.trim();
    const changes = {
      ...(text.code !== site.code ? { code: text.code } : {}),
      ...(text.name !== site.name ? { name: text.name } : {}),
      ...(timezone !== (site.timezone ?? "") ? { timezone: timezone || null } : {}),
      ...(active !== site.active ? { active } : {}),
      ...(makeDefault ? { isDefault: true } : {}),
    };
    if (Object.keys(changes).length === 0) return setSaved("Nothing changed.");
    const result = await save({ input: { id: site.id, ...changes } });
    if (result.error) return setRefused({ field: null, problem: problemOf(result.error) });
    const wrong = result.data?.updateSite.userErrors[0];
    if (wrong) {
      return setRefused({
        field: ABOUT_ACTIVE.has(wrong.code) ? "active" : fieldOf(wrong.field),
        problem: { code: wrong.code, message: wrong.message },
      });
    }
    setSaved("Saved.");
  }

  return (
    <section aria-labelledby="site-title">
      <Link href="/sites">← Sites</Link>
      <h1 id="site-title">
        {site.code} <span className="meta">{site.name}</span>
      </h1>
      <p className="meta">
        {site.isDefault
          ? "The default site: where a request or a token naming no site counts and adjusts."
          : site.active
            ? "Active."
            : "Inactive: nothing is counted, adjusted or sent here until it is active again."}
      </p>
      <form onSubmit={submit} className="card" aria-label={`Change ${site.code}`}>
        <SiteTextFields
          form="site"
          value={text}
          refused={refused}
          changed={(next) => {
            setText(next);
            edited();
          }}
        />
        <label className="check">
          <input
            type="checkbox"
            {...fieldProps("site", "active", refused)}
            checked={active}
            disabled={site.isDefault}
            onChange={(e) => {
              setActive(e.target.checked);
              edited();
            }}
          />{" "}
          Active
        </label>
        <FieldProblem form="site" field="active" refused={refused} />
        {!site.isDefault && (
          <label className="check">
            <input
              type="checkbox"
              {...fieldProps("site", "isDefault", refused)}
              checked={makeDefault}
              onChange={(e) => {
                setMakeDefault(e.target.checked);
                if (e.target.checked) setActive(true);
                edited();
              }}
            />{" "}
            Make it the default site
          </label>
        )}
        <FieldProblem form="site" field="isDefault" refused={refused} />
        <button type="submit" disabled={saving.fetching}>
          Save
        </button>
        <FieldProblem form="site" field={null} refused={refused} />
        <p aria-live="polite" className="saved">
          {saved}
        </p>
      </form>
    </section>
  );
}
