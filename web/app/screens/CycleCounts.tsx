// Cycle counts, for a manager: what is due at a site (and a start of its count), the account's
// intervals between counts of each class, and a classification of the site's SKUs by how much
// they move, previewed (a dry run) before it is applied. Reading needs read; changing the
// intervals or the classes needs adjust.
import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { Link } from "wouter";
import { SitePicker } from "../components/SitePicker.js";
import { messageFor, problemOf, type Problem } from "../errors.js";
import { graphql } from "../gql/index.js";
import type { ClassifyMutation } from "../gql/graphql.js";
import { useSites } from "../hooks/use-sites.js";
import { newKey } from "../ids.js";
import { mayStart, useSession } from "../session-context.js";

const DueScreen = graphql(`
  query DueScreen($siteId: Int) {
    cycleCountSettings {
      intervalDaysA
      intervalDaysB
      intervalDaysC
    }
    dueForCount(siteId: $siteId, first: 100) {
      skuId
      code
      name
      location
      countClass
      daysOverdue
    }
  }
`);

const SaveIntervals = graphql(`
  mutation SaveIntervals($input: UpdateCycleCountSettingsInput!) {
    updateCycleCountSettings(input: $input) {
      settings {
        intervalDaysA
        intervalDaysB
        intervalDaysC
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const Classify = graphql(`
  mutation Classify($input: ClassifySkusInput!) {
    classifySkus(input: $input) {
      classification {
        dryRun
        windowDays
        classes {
          countClass
          skus
          changed
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

type Classification = NonNullable<ClassifyMutation["classifySkus"]["classification"]>;
type Intervals = { a: string; b: string; c: string };

/** Where a problem is shown: under the part of the screen it concerns. */
type ProblemAt = "intervals" | "classify" | "due";

/** A whole number of days as typed, within the API's bounds. */
const days = (value: string, max: number) => {
  const n = Number(value.trim());
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};

export function CycleCounts() {
  const { viewer, can } = useSession();
  const sites = useSites();
  const [siteId, setSiteId] = useState<number | null>(viewer?.site.id ?? null);
  const [{ data, error }, reread] = useQuery({
    query: DueScreen,
    variables: { siteId },
    requestPolicy: "cache-and-network",
  });
  const [, save] = useMutation(SaveIntervals);
  const [, classify] = useMutation(Classify);
  const [intervals, setIntervals] = useState<Intervals | null>(null);
  const [windowDays, setWindowDays] = useState("90");
  /** The classification the form describes: pressed again, or after a lost answer, it is one. */
  const [classifyKey, setClassifyKey] = useState(newKey);
  const [preview, setPreview] = useState<Classification | null>(null);
  const [problem, setProblem] = useState<(Problem & { at: ProblemAt }) | null>(null);
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const settings = data?.cycleCountSettings;
  useEffect(() => {
    if (settings && intervals === null) {
      setIntervals({
        a: String(settings.intervalDaysA),
        b: String(settings.intervalDaysB),
        c: String(settings.intervalDaysC),
      });
    }
  }, [settings, intervals]);
  // The account's intervals are not a site-limited token's to change.
  const adjusts = can("adjust") && !viewer?.sites;
  const starts = mayStart({ can });

  /** Runs a write; its problem is shown at `at`, else `success` says what it did. */
  async function write<T extends { userErrors: { code: string; message: string }[] }>(
    at: ProblemAt,
    run: () => Promise<{ error?: Parameters<typeof problemOf>[0]; data?: T | undefined }>,
  ): Promise<T | null> {
    setBusy(true);
    setProblem(null);
    setDone("");
    const result = await run();
    setBusy(false);
    if (result.error) return (setProblem({ ...problemOf(result.error), at }), null);
    const refused = result.data!.userErrors[0];
    if (refused) {
      const message = messageFor(refused.code, refused.message);
      return (setProblem({ code: refused.code, message, at }), null);
    }
    return result.data!;
  }

  async function saveIntervals(event: FormEvent) {
    event.preventDefault();
    const [a, b, c] = [intervals!.a, intervals!.b, intervals!.c].map((v) => days(v, 3650));
    if (a == null || b == null || c == null) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "Each interval is a whole number of days, 1 to 3650.",
        at: "intervals",
      });
    }
    const saved = await write("intervals", async () => {
      const r = await save({ input: { intervalDaysA: a, intervalDaysB: b, intervalDaysC: c } });
      return { error: r.error, data: r.data?.updateCycleCountSettings };
    });
    if (saved) {
      setDone("Intervals saved: what is due follows them now.");
      reread({ requestPolicy: "network-only" });
    }
  }

  async function runClassify(dryRun: boolean) {
    const window = days(windowDays, 366);
    if (window === null) {
      return setProblem({
        code: "INVALID_PARAMETER",
        message: "Weigh 1 to 366 days of movements.",
        at: "classify",
      });
    }
    const input = {
      windowDays: window,
      dryRun,
      ...(siteId !== null ? { siteId } : {}),
      ...(dryRun ? {} : { idempotencyKey: classifyKey }),
    };
    const answer = await write("classify", async () => {
      const r = await classify({ input });
      return { error: r.error, data: r.data?.classifySkus };
    });
    if (!answer?.classification) return;
    setPreview(dryRun ? answer.classification : null);
    if (!dryRun) {
      setClassifyKey(newKey());
      const changed = answer.classification.classes.reduce((n, c) => n + c.changed, 0);
      setDone(`Classified: ${changed} ${changed === 1 ? "SKU changed" : "SKUs changed"} class.`);
      reread({ requestPolicy: "network-only" });
    }
  }

  const problemAt = (at: ProblemAt) =>
    problem?.at === at ? (
      <p id={`cycle-${at}-problem`} role="alert" className="problem">
        {problem.message}
      </p>
    ) : null;
  const due = data?.dueForCount ?? [];

  return (
    <section aria-labelledby="cycle-title">
      <h1 id="cycle-title">Cycle counts</h1>
      <SitePicker
        id="cycle-site"
        sites={sites}
        value={siteId}
        onChange={(id) => {
          setSiteId(id);
          setPreview(null);
          setClassifyKey(newKey());
        }}
      />
      {error && !data && (
        <p role="alert" className="problem">
          {problemOf(error).message}
        </p>
      )}
      <p role="status" className="done">
        {done}
      </p>
      <section className="card" aria-labelledby="due-title">
        <h2 id="due-title">
          Due now{data ? ` (${due.length === 100 ? "100 or more" : due.length})` : ""}
        </h2>
        {data && due.length === 0 && (
          <p className="meta">
            Nothing is due. A SKU without a class is never due
            {can("adjust") ? ": classify below." : "."}
          </p>
        )}
        {due.length > 0 && (
          <>
            {starts && (
              <Link
                href={`/start?scope=due${siteId !== null ? `&site=${siteId}` : ""}`}
                className="button"
              >
                Count what is due
              </Link>
            )}
            <ul className="due">
              {due.map((sku) => (
                <li key={sku.skuId}>
                  <span>
                    <strong>{sku.code}</strong> {sku.name}
                    {sku.location ? ` · ${sku.location}` : ""}
                  </span>
                  <span className="meta">
                    {sku.countClass} ·{" "}
                    {sku.daysOverdue === null || sku.daysOverdue === undefined
                      ? "never counted"
                      : `${sku.daysOverdue} ${sku.daysOverdue === 1 ? "day" : "days"} overdue`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {intervals && !adjusts && (
        <section className="card" aria-labelledby="every-title">
          <h2 id="every-title">Count every</h2>
          <p>
            Class A every {intervals.a} days · B every {intervals.b} days · C every {intervals.c}{" "}
            days
          </p>
        </section>
      )}
      {intervals && adjusts && (
        <form className="card" onSubmit={saveIntervals} noValidate aria-labelledby="every-title">
          <h2 id="every-title">Count every (days)</h2>
          <div className="fields">
            {(["a", "b", "c"] as const).map((k) => (
              <div key={k}>
                <label htmlFor={`interval-${k}`}>Class {k.toUpperCase()}</label>
                <input
                  id={`interval-${k}`}
                  inputMode="numeric"
                  value={intervals[k]}
                  onChange={(e) => setIntervals({ ...intervals, [k]: e.target.value })}
                  aria-describedby={
                    problem?.at === "intervals" ? "cycle-intervals-problem" : undefined
                  }
                />
              </div>
            ))}
          </div>
          <button type="submit" disabled={busy}>
            Save intervals
          </button>
          {problemAt("intervals")}
        </form>
      )}
      {can("adjust") && (
        <form
          className="card"
          noValidate
          aria-labelledby="classify-title"
          onSubmit={(event) => {
            event.preventDefault();
            void runClassify(true);
          }}
        >
          <h2 id="classify-title">Classify by movement</h2>
          <p className="meta">
            The SKUs that make up the first 80% of the quantity moved are A, the next 15% B, the
            rest C. A preview changes nothing.
          </p>
          <label htmlFor="classify-window">Days of movements to weigh</label>
          <input
            id="classify-window"
            inputMode="numeric"
            value={windowDays}
            onChange={(e) => {
              setWindowDays(e.target.value);
              setClassifyKey(newKey());
              setPreview(null);
            }}
            aria-describedby={problem?.at === "classify" ? "cycle-classify-problem" : undefined}
          />
          {problemAt("classify")}
          <button type="submit" className={preview ? "secondary" : undefined} disabled={busy}>
            Preview the classes
          </button>
          {preview && (
            <>
              <ul className="areas" aria-label="Classes the classification gives">
                {preview.classes.map((c) => (
                  <li key={c.countClass}>
                    <span>Class {c.countClass}</span>
                    <span>
                      {c.skus} SKUs, {c.changed} changed
                    </span>
                  </li>
                ))}
              </ul>
              <button type="button" disabled={busy} onClick={() => void runClassify(false)}>
                Classify
              </button>
            </>
          )}
        </form>
      )}
    </section>
  );
}
