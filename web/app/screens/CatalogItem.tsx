// One SKU of the catalog, to edit where it is kept at a site, its barcodes and (for a token that
// may see money) its unit cost; the API's updateSku, which writes no movement. A refusal is shown
// under the field it concerns, in view.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link, useSearch } from "wouter";
import { problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import { newKey } from "../ids.js";
import { formatMoney } from "../money.js";
import { useSession } from "../session-context.js";
import { catalogPath } from "../catalog/paths.js";
import { decimal, MONEY } from "../numbers.js";

const SkuToEdit = graphql(`
  query SkuToEdit($id: Int!, $siteId: Int) {
    sku(id: $id, siteId: $siteId) {
      id
      code
      name
      location
      onHand
      barcodes
      unitCost
      active
    }
  }
`);

const SaveSku = graphql(`
  mutation SaveSku($input: UpdateSkuInput!) {
    updateSku(input: $input) {
      sku {
        id
        location
        barcodes
        unitCost
        updatedAt
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Field = "location" | "barcodes" | "unitCost";

export function CatalogItem({ id }: { id: number }) {
  const { viewer, can } = useSession();
  const asked = new URLSearchParams(useSearch());
  const site = asked.get("site");
  const siteId = site === null ? null : Number(site);
  const [{ data, error }] = useQuery({
    query: SkuToEdit,
    variables: { id, siteId },
    requestPolicy: "network-only",
  });
  const [saving, save] = useMutation(SaveSku);
  const money = can("costs") && Boolean(viewer?.account.currency);
  const [location, setLocation] = useState("");
  const [barcodes, setBarcodes] = useState("");
  const [cost, setCost] = useState("");
  const [refused, setRefused] = useState<{ field: Field | null; problem: Problem } | null>(null);
  const [saved, setSaved] = useState("");
  const [key, setKey] = useState(newKey);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const sku = data?.sku;

  useEffect(() => {
    if (!sku) return;
    setLocation(sku.location ?? "");
    setBarcodes(sku.barcodes.join("\n"));
    setCost(sku.unitCost === null || sku.unitCost === undefined ? "" : String(sku.unitCost));
  }, [sku]);
  useEffect(() => {
    if (refused) problemRef.current?.scrollIntoView({ block: "nearest" });
  }, [refused]);

  if (error && !data) {
    return (
      <p role="alert" className="problem">
        {problemOf(error).message}
      </p>
    );
  }
  if (!sku) return <p role="status">Loading…</p>;

  const edited = () => {
    setSaved("");
    setRefused(null);
    setKey(newKey());
  };
  const mayEdit = can("adjust");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!sku) return;
    const typedCost = cost.trim();
    if (money && typedCost && !MONEY.test(typedCost)) {
      return setRefused({
        field: "unitCost",
        problem: {
          code: "INVALID_COST",
          message: "A unit cost is a number from 0 with at most 4 decimals.",
        },
      });
    }
    const before = sku.unitCost === null || sku.unitCost === undefined ? "" : String(sku.unitCost);
    const typedBarcodes = barcodes
      .split("\n")
      .map((b) => b.trim())
      .filter(Boolean);
    // Only what was changed here is sent: a field left as read keeps whatever another device
    // saved since (a barcode added meanwhile stays). A cost's change goes into its history.
    const changes = {
      ...(location.trim() !== (sku.location ?? "") ? { location: location.trim() } : {}),
      ...(typedBarcodes.join("\n") !== sku.barcodes.join("\n") ? { barcodes: typedBarcodes } : {}),
      ...(money && typedCost !== before
        ? { unitCost: typedCost ? Number(decimal(typedCost)) : null }
        : {}),
    };
    if (Object.keys(changes).length === 0) return setSaved("Nothing changed.");
    const result = await save({
      input: { id: sku.id, siteId, ...changes, idempotencyKey: key },
    });
    if (result.error) return setRefused({ field: null, problem: problemOf(result.error) });
    const wrong = result.data?.updateSku.userErrors[0];
    if (wrong) {
      const field = wrong.field?.[0];
      return setRefused({
        field: field === "location" || field === "barcodes" || field === "unitCost" ? field : null,
        problem: { code: wrong.code, message: wrong.message },
      });
    }
    setKey(newKey());
    setSaved("Saved.");
  }

  const problemAt = (field: Field | null) =>
    refused && refused.field === field ? (
      <p id={`sku-${field ?? "form"}-problem`} ref={problemRef} role="alert" className="problem">
        {refused.problem.message}
      </p>
    ) : null;
  /** A field's props: its value, and its refusal (described by, invalid) when it has one. */
  const field = (name: Field, value: string, set: (value: string) => void) => ({
    id: `sku-${name}`,
    value,
    disabled: !mayEdit,
    "aria-invalid": refused?.field === name || undefined,
    "aria-describedby": refused?.field === name ? `sku-${name}-problem` : undefined,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      edited();
    },
  });

  return (
    <section aria-labelledby="sku-title">
      <Link href={catalogPath(asked.get("q") ?? "", siteId)}>← Catalog</Link>
      <h1 id="sku-title">
        {sku.code} <span className="meta">{sku.name}</span>
      </h1>
      <p className="meta">
        On hand {String(sku.onHand)}
        {sku.active ? "" : " · retired"}
        {money && sku.unitCost !== null && sku.unitCost !== undefined
          ? ` · ${formatMoney(String(sku.unitCost), viewer?.account.currency ?? null)} a unit`
          : ""}
      </p>
      <form onSubmit={submit} className="card">
        <label htmlFor="sku-location">Location at this site</label>
        <input {...field("location", location, setLocation)} autoComplete="off" />
        {problemAt("location")}
        <label htmlFor="sku-barcodes">Barcodes, one a line</label>
        <textarea
          {...field("barcodes", barcodes, setBarcodes)}
          rows={Math.max(2, sku.barcodes.length + 1)}
        />
        {problemAt("barcodes")}
        {money && (
          <>
            <label htmlFor="sku-unitCost">Unit cost ({viewer?.account.currency})</label>
            <input {...field("unitCost", cost, setCost)} inputMode="decimal" autoComplete="off" />
            {problemAt("unitCost")}
          </>
        )}
        {mayEdit && (
          <button type="submit" disabled={saving.fetching}>
            Save
          </button>
        )}
        {problemAt(null)}
        <p aria-live="polite" className="saved">
          {saved}
        </p>
      </form>
    </section>
  );
}
