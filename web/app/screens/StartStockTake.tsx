// The manager's start of a stock take: where, what (everything, areas, what is due, a list of
// codes), how (blind,
// the basis, a name, counts accepted within a tolerance as they arrive), then a preview of the
// lines it will freeze, by area (the API's dry run, which refuses what the start would), and the
// start itself, which opens the new stock take's review to watch it being counted.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation } from "urql";
import { useLocation, useSearch } from "wouter";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { StartStockTakeInput, StartStockTakeMutation } from "../gql/graphql.js";
import { newKey } from "../ids.js";
import { useSession } from "../session-context.js";
import { Choice } from "../components/Choice.js";
import { SitePicker } from "../components/SitePicker.js";
import { useSites } from "../hooks/use-sites.js";
import { StartPreview } from "../components/StartPreview.js";
import { blankOr, decimal, QUANTITY } from "../numbers.js";

const Start = graphql(`
  mutation StartStockTake($input: StartStockTakeInput!) {
    startStockTake(input: $input) {
      stockTake {
        id
      }
      preview {
        siteId
        lines
        areas {
          prefix
          lines
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Preview = NonNullable<StartStockTakeMutation["startStockTake"]["preview"]>;

/** What the scope takes. */
type What = "all" | "areas" | "due" | "codes";
const WHAT = [
  { value: "all", label: "Everything: every active item" },
  { value: "areas", label: "Some areas" },
  { value: "due", label: "What is due for a cycle count" },
  { value: "codes", label: "A list of codes" },
] as const satisfies readonly { value: What; label: string }[];

type Basis = "FREEZE" | "COUNT_TIME";
const BASES = [
  { value: "FREEZE", label: "The stock at the start (nothing moves during the count)" },
  { value: "COUNT_TIME", label: "The stock when each count is made (sales go on)" },
] as const satisfies readonly { value: Basis; label: string }[];

interface FieldOptions {
  /** The input's id after start- (default: `at`). */
  id?: string;
  inputMode?: "text" | "numeric" | "decimal";
  shown?: boolean;
}

/** Where a problem is shown: under the part of the form it concerns, or under the actions. */
type ProblemAt = "site" | "scope" | "areas" | "due" | "codes" | "reference" | "tolerance" | "form";

/** The part of the form an input path of the API's names. */
function placeOf(field: readonly string[] | null | undefined): ProblemAt {
  const [first, second] = field ?? [];
  if (first === "siteId") return "site";
  if (first === "reference" || first === "note") return "reference";
  if (first === "autoAccept") return "tolerance";
  if (first === "scope" && second === "locations") return "areas";
  if (first === "scope" && second === "limit") return "due";
  if (first === "scope" && second === "codes") return "codes";
  return first === "scope" ? "scope" : "form";
}

/**
 * STOCK_TAKE_OVERLAP in words: how many items another open stock take here counts, and which
 * (each entity's error names its stock take; the last may count those not listed).
 */
function overlapMessage(errors: readonly { message: string }[]): string {
  const takes = [
    ...new Set(errors.flatMap((e) => /in stock take (\d+)$/.exec(e.message)?.[1] ?? [])),
  ];
  const more = /^(\d+) more/.exec(errors[errors.length - 1]?.message ?? "");
  const items = errors.length - (more ? 1 : 0) + (more ? Number(more[1]) : 0);
  const which = takes.map((id) => ` #${id}`).join(",");
  const counted = items === 1 ? "1 item is" : `${items} items are`;
  const take = takes.length > 1 ? "open stock takes" : "an open stock take";
  return `${counted} already counted by ${take}${which} at this site. Reconcile or cancel ${takes.length > 1 ? "them" : "it"} first, or leave ${items === 1 ? "it" : "them"} out.`;
}

/**
 * The API's refusals of codes (nobody has one, two name one item), each at its place: the first
 * three as the API words them, and how many more.
 */
function codesMessage(errors: readonly { message: string }[]): string {
  const shown = errors
    .slice(0, 3)
    .map((e) => e.message.charAt(0).toUpperCase() + e.message.slice(1));
  const more = errors.length - shown.length;
  return `${shown.join(". ")}.${more > 0 ? ` And ${more} more.` : ""}`;
}

/** Most codes a start takes (the API's bound). */
const MAX_CODES = 10_000;

/** Codes as typed or pasted: one per line, or separated by commas, semicolons or tabs. */
const codesOf = (text: string) =>
  text
    .split(/[\n\r,;\t]+/)
    .map((code) => code.trim())
    .filter(Boolean);

/** Location prefixes as typed: separated by commas, spaces or new lines. */
const prefixesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function StartStockTake() {
  const { viewer, can } = useSession();
  const sites = useSites();
  // Another screen may open this one set up: ?scope=due&site=ID (the cycle counts' "Count what
  // is due").
  const asked = new URLSearchParams(useSearch());
  const [siteId, setSiteId] = useState<number | null>(
    Number(asked.get("site")) || (viewer?.site.id ?? null),
  );
  const [what, setWhat] = useState<What>(asked.get("scope") === "due" ? "due" : "all");
  const [areas, setAreas] = useState("");
  const [limit, setLimit] = useState("100");
  const [codes, setCodes] = useState("");
  const [reference, setReference] = useState("");
  const [blind, setBlind] = useState(false);
  const [basis, setBasis] = useState<Basis>("FREEZE");
  const [auto, setAuto] = useState(false);
  const [abs, setAbs] = useState("1");
  const [pct, setPct] = useState("2");
  const [problem, setProblem] = useState<(Problem & { at: ProblemAt }) | null>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  /**
   * The key of the start the form describes: pressed again, or after an answer that was lost,
   * it starts nothing new. A change to the form is another start, with a key of its own.
   */
  const [key, setKey] = useState(newKey);
  /** How many times the form changed: an answer to an earlier form is not shown as this one's. */
  const edits = useRef(0);
  const [busy, setBusy] = useState(false);
  const [, send] = useMutation(Start);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (siteId === null && viewer) setSiteId(viewer.site.id);
  }, [siteId, viewer]);
  useEffect(() => {
    problemLine.current?.scrollIntoView({ block: "nearest" });
  }, [problem]);

  /** Any change to the form makes the preview stale: it is asked again before a start. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      edits.current += 1;
      setPreview(null);
      setProblem(null);
      setKey(newKey());
    };

  /** The input the form describes, or the first thing wrong with it (nothing sent then). */
  function input(): StartStockTakeInput | (Problem & { at: ProblemAt }) {
    const bad = (at: ProblemAt, message: string) => ({ code: "INVALID_PARAMETER", message, at });
    if (what === "areas" && prefixesOf(areas).length === 0) {
      return bad("areas", "Name at least one area (a location prefix such as A-01 or B-).");
    }
    const listed = codesOf(codes);
    if (what === "codes" && (listed.length === 0 || listed.length > MAX_CODES)) {
      return bad("codes", `List 1 to ${MAX_CODES} codes, one per line.`);
    }
    const due = Number(limit.trim());
    if (what === "due" && (!Number.isInteger(due) || due < 1 || due > 10_000)) {
      return bad("due", "Take 1 to 10000 items that are due.");
    }
    if (auto && (!blankOr(QUANTITY, abs) || !blankOr(QUANTITY, pct))) {
      return bad("tolerance", "A tolerance is a number from 0, at most 3 decimals.");
    }
    return {
      ...(siteId !== null ? { siteId } : {}),
      ...(what === "areas" ? { scope: { locations: prefixesOf(areas) } } : {}),
      ...(what === "due" ? { scope: { due: true, limit: due } } : {}),
      ...(what === "codes" ? { scope: { codes: listed } } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      blind,
      basis,
      ...(auto
        ? { autoAccept: { abs: Number(decimal(abs) || "0"), pct: Number(decimal(pct) || "0") } }
        : {}),
    };
  }

  async function run(dryRun: boolean) {
    const asked = input();
    if ("at" in asked) return setProblem(asked);
    setBusy(true);
    setProblem(null);
    const form = edits.current;
    const result = await send({
      input: { ...asked, dryRun, ...(dryRun ? {} : { idempotencyKey: key }) },
    });
    setBusy(false);
    const started = result.data?.startStockTake.stockTake;
    // A stock take started is opened whatever changed since; any other answer to an earlier form
    // (a preview, a refusal) would describe what is no longer on screen.
    if (started) return navigate(`/stock-takes/${started.id}/review`);
    if (form !== edits.current) return;
    if (result.error) return setProblem({ ...problemOf(result.error), at: "form" });
    const payload = result.data!.startStockTake;
    const refused = payload.userErrors[0];
    if (refused) {
      setPreview(null);
      const at = placeOf(refused.field);
      const message =
        refused.code === "STOCK_TAKE_OVERLAP"
          ? overlapMessage(payload.userErrors)
          : at === "codes"
            ? codesMessage(payload.userErrors.filter((e) => placeOf(e.field) === "codes"))
            : messageFor(refused.code, refused.message);
      return setProblem({ code: refused.code, message, at });
    }
    if (payload.preview) setPreview(payload.preview);
  }

  const problemAt = (at: ProblemAt) =>
    problem?.at === at ? (
      <p ref={problemLine} id={`start-${at}-problem`} role="alert" className="problem">
        {problem.message}
      </p>
    ) : null;
  const describedBy = (at: ProblemAt) => (problem?.at === at ? `start-${at}-problem` : undefined);
  /**
   * A labelled text input, described by the problem at `at` (drawn under it unless `shown` is
   * false: one problem under several fields).
   */
  const field = (
    at: ProblemAt,
    label: string,
    value: string,
    onChange: (value: string) => void,
    { id = at, inputMode = "text", shown = true }: FieldOptions = {},
  ) => (
    <>
      <label htmlFor={`start-${id}`}>{label}</label>
      <input
        id={`start-${id}`}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem?.at === at || undefined}
        aria-describedby={describedBy(at)}
      />
      {shown && problemAt(at)}
    </>
  );
  const codesField = () => (
    <>
      <label htmlFor="start-codes">Codes or barcodes, one per line</label>
      <textarea
        id="start-codes"
        rows={5}
        spellCheck={false}
        autoCapitalize="off"
        value={codes}
        onChange={(e) => changed(setCodes)(e.target.value)}
        aria-invalid={problem?.at === "codes" || undefined}
        aria-describedby={describedBy("codes")}
      />
      {problemAt("codes")}
    </>
  );
  const siteName = (id: number) => sites.find((s) => s.id === id)?.name ?? `site ${id}`;

  return (
    <section aria-labelledby="start-title">
      <h1 id="start-title">Start a stock take</h1>
      <form
        className="card start"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void run(true);
        }}
      >
        <SitePicker
          id="start-site"
          sites={sites}
          value={siteId}
          onChange={changed(setSiteId)}
          describedBy={describedBy("site")}
        />
        {problemAt("site")}
        <Choice
          legend="What to count"
          name="start-what"
          className="stacked"
          options={WHAT}
          value={what}
          onChange={changed(setWhat)}
          describedBy={describedBy("scope")}
          details={(chosen) =>
            chosen === "areas"
              ? field("areas", "Areas (location prefixes: A-01, B-)", areas, changed(setAreas))
              : chosen === "due"
                ? field(
                    "due",
                    "At most this many items, most overdue first",
                    limit,
                    changed(setLimit),
                    {
                      inputMode: "numeric",
                    },
                  )
                : chosen === "codes"
                  ? codesField()
                  : null
          }
        />
        {problemAt("scope")}
        {field("reference", "Name (optional, e.g. Aisle 4)", reference, changed(setReference))}
        <label className="check">
          <input
            type="checkbox"
            checked={blind}
            onChange={(e) => changed(setBlind)(e.target.checked)}
          />
          Blind count: counters do not see the quantities expected
        </label>
        <Choice
          legend="Compare the counts with"
          name="start-basis"
          className="stacked"
          options={BASES}
          value={basis}
          onChange={changed(setBasis)}
        />
        {can("approve") && (
          <label className="check">
            <input
              type="checkbox"
              checked={auto}
              onChange={(e) => changed(setAuto)(e.target.checked)}
            />
            Accept counts within a tolerance as they arrive
          </label>
        )}
        {auto && (
          <div className="fields">
            <div>
              {field("tolerance", "Tolerance in units", abs, changed(setAbs), {
                id: "abs",
                inputMode: "decimal",
                shown: false,
              })}
            </div>
            <div>
              {field("tolerance", "Tolerance in %", pct, changed(setPct), {
                id: "pct",
                inputMode: "decimal",
                shown: false,
              })}
            </div>
          </div>
        )}
        {problemAt("tolerance")}
        <button type="submit" className={preview ? "secondary" : undefined} disabled={busy}>
          {preview ? "Preview again" : "Preview"}
        </button>
        {problemAt("form")}
      </form>
      {preview && (
        <StartPreview
          preview={preview}
          siteName={sites.length > 1 ? siteName(preview.siteId) : null}
          busy={busy}
          onStart={() => void run(false)}
        />
      )}
    </section>
  );
}
