// The REST fuzz suite: for each operation of the served OpenAPI document, FUZZ_RUNS generated
// requests (test/helpers/fuzz-rest.ts), each checked against the properties below. It runs in
// two halves (every other operation) so the halves run side by side.
import { appendFileSync } from "node:fs";
import fc from "fast-check";
import { ERROR_CATALOG, type ErrorCode } from "../../src/errors.js";
import {
  fingerprintChanges,
  refreshPools,
  seedOf,
  startFuzzWorld,
  WORLD_SETUP_MS,
  worldFingerprint,
  FUZZ_RUNS,
  FUZZ_SEED,
  type FuzzWorld,
} from "./fuzz-world.js";
import {
  oversizeCases,
  REST_GENERATORS,
  restCases,
  type PathPools,
  type RestCase,
} from "./fuzz-rest.js";
import { restOperations, type RestOperation } from "./routes.js";
import { ledgerProblems } from "./stock.js";

/** Codes a client may be answered with for a request it got wrong (never a fault of ours). */
const CLIENT_CODES = new Set(
  (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((c) => ERROR_CATALOG[c].status < 500),
);

/**
 * Sends one case and checks it: never 5xx; a status, content type and body the document lists
 * for the operation; a 4xx is problem+json with a catalogue code of that status; and when the
 * request was refused (or only read), neither account changed at all. Returns the answer.
 */
async function sendCase(world: FuzzWorld, op: RestOperation, c: RestCase): Promise<string> {
  const before = world.last ?? (await worldFingerprint(world));
  const url = `${world.t.baseUrl}/api/v1${c.path}${c.query ? `?${c.query}` : ""}`;
  const started = Date.now();
  const response = await fetch(url, { method: op.method, headers: c.headers, body: c.body });
  const text = await response.text();
  const took = Date.now() - started;
  const after = await worldFingerprint(world);
  world.last = after;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the contract check says whether it may be
  }
  const problems: string[] = [];
  const { status } = response;
  if (process.env.FUZZ_TRACE) {
    const line = `${op.operationId} ${status} ${took} ms ${describe(c)} => ${text.slice(0, 300)}`;
    appendFileSync(process.env.FUZZ_TRACE, `${line.replaceAll("\n", " | ")}\n`);
  }
  const contentType = response.headers.get("content-type");
  if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
  problems.push(...world.t.contract.check(op.method, url, { status, contentType, body, text }));
  const problem = (status >= 400 ? body : {}) as { code?: unknown; status?: unknown };
  const code = problem.code as ErrorCode;
  if (status >= 400) {
    if (!contentType?.startsWith("application/problem+json")) {
      problems.push(`a ${status} as ${contentType}`);
    }
    if (!CLIENT_CODES.has(code)) {
      problems.push(`code ${String(code)} is not a client error of the catalogue`);
    } else if (ERROR_CATALOG[code].status !== status) {
      problems.push(
        `code ${code} is ${ERROR_CATALOG[code].status} in the catalogue, answered ${status}`,
      );
    }
    if (problem.status !== status) problems.push(`problem status ${String(problem.status)}`);
  }
  if (status >= 400 || op.method === "GET") {
    const changes = fingerprintChanges(before, after);
    if (changes.length > 0) problems.push(`answered ${status} but wrote: ${changes.join("; ")}`);
  }
  if (problems.length > 0) throw new Error(`${op.method} ${describe(c)}\n${problems.join("\n")}`);
  return status >= 400 ? `${status} ${code}` : String(status);
}

const short = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);

function describe(c: RestCase): string {
  const body =
    c.body === undefined
      ? ""
      : typeof c.body === "string"
        ? short(c.body)
        : `bytes ${Buffer.from(c.body).toString("hex").slice(0, 200)}`;
  return `/api/v1${short(c.path)}?${short(c.query)}\nheaders: ${short(JSON.stringify(c.headers))}\nbody: ${body}`;
}

/**
 * Runs FUZZ_RUNS cases of one operation, then its oversize cases (every list past its maximum);
 * returns how it answered them, by status and code.
 */
async function fuzzOperation(
  world: FuzzWorld,
  op: RestOperation,
  pools: PathPools,
): Promise<Map<string, number>> {
  await refreshPools(world);
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(restCases(op, world, pools), async (c) => {
      const answer = await sendCase(world, op, c);
      seen.set(answer, (seen.get(answer) ?? 0) + 1);
    }),
    { numRuns: FUZZ_RUNS, seed: seedOf(op.operationId), endOnFailure: true },
  );
  for (const { name, arbitrary } of oversizeCases(op, world, pools)) {
    const [c] = fc.sample(arbitrary, { numRuns: 1, seed: seedOf(`${op.operationId} ${name}`) });
    const answer = await sendCase(world, op, c!);
    // Refused by the list's bound (or, far past it, by the body limit): never served.
    if (!answer.startsWith("4")) throw new Error(`${op.operationId} ${name}: answered ${answer}`);
    seen.set(`oversize ${answer}`, (seen.get(`oversize ${answer}`) ?? 0) + 1);
  }
  return seen;
}

export function fuzzRestSuite(half: 0 | 1): void {
  let world: FuzzWorld;
  let operations: RestOperation[];
  const answers = new Map<string, number>();

  beforeAll(async () => {
    console.info(`fuzz seed ${FUZZ_SEED}, ${FUZZ_RUNS} cases per operation (FUZZ_SEED, FUZZ_RUNS)`);
    world = await startFuzzWorld();
    operations = restOperations(world.t.contract.document);
  }, WORLD_SETUP_MS);
  afterAll(async () => {
    if (process.env.FUZZ_VERBOSE) {
      console.info(
        [...answers]
          .map(([k, n]) => `${k}: ${n}`)
          .sort()
          .join("\n"),
      );
    }
    await world?.t.close();
  });

  if (half === 0) {
    it("has a generator for every operation of the served document, and none for another", () => {
      const served = operations.map((o) => o.operationId).sort();
      expect(Object.keys(REST_GENERATORS).sort()).toEqual(served);
    });
  }

  const mine = Object.keys(REST_GENERATORS).filter((_, i) => i % 2 === half);
  it.each(mine)("%s: documented answers only, nothing written when refused", async (id) => {
    const op = operations.find((o) => o.operationId === id);
    if (!op) throw new Error(`${id} is not an operation of the served document`);
    for (const [k, n] of await fuzzOperation(world, op, REST_GENERATORS[id]!)) {
      answers.set(`${id} ${k}`, n);
    }
  });

  it("leaves a ledger that verifies", async () => {
    expect(await ledgerProblems(world.t.db, world.mine.accountId)).toEqual([]);
    expect(await ledgerProblems(world.t.db, world.theirs.accountId)).toEqual([]);
  });
}
