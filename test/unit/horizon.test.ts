// How horizon reads are shared (src/ledger/horizon.ts), with a read the test answers by hand: who
// shares a read, who waits for the next one, and how far apart reads start. The same loader reads
// PostgreSQL in the service (test/integration/ledger-horizon.test.ts counts those reads).
import { HORIZON_READ_GAP_MS, horizonLoader } from "../../src/ledger/horizon.js";

interface Read {
  ids: number[];
  at: number;
  answer: (horizons: Map<number, Date>) => void;
  fail: (error: Error) => void;
}

function controlledReads() {
  const reads: Read[] = [];
  const loader = horizonLoader(
    (ids) =>
      new Promise((answer, fail) => reads.push({ ids, at: performance.now(), answer, fail })),
  );
  const untilReads = async (n: number) => {
    const deadline = performance.now() + 2000;
    while (reads.length < n) {
      if (performance.now() > deadline) throw new Error(`${reads.length} reads started, not ${n}`);
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return { reads, loader, untilReads };
}

const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, 0, ms));

test("callers of one turn share a read; one asking while it is in flight gets the next read's horizon", async () => {
  const { reads, loader, untilReads } = controlledReads();
  const first = [loader.load(1), loader.load(2), loader.load(1)];
  await untilReads(1);
  expect([...reads[0]!.ids].sort()).toEqual([1, 2]);
  // The read has started: a caller now must not be answered by it (its horizon could be older
  // than a change the caller has just seen committed).
  const later = loader.load(1);
  reads[0]!.answer(
    new Map([
      [1, at(1)],
      [2, at(2)],
    ]),
  );
  expect(await Promise.all(first)).toEqual([at(1), at(2), at(1)]);
  await untilReads(2);
  expect(reads[1]!.ids).toEqual([1]);
  reads[1]!.answer(new Map([[1, at(3)]]));
  expect(await later).toEqual(at(3));
});

test(`reads start at least ${HORIZON_READ_GAP_MS} ms apart however often callers ask`, async () => {
  const { reads, loader, untilReads } = controlledReads();
  const asking = (async () => {
    for (let i = 0; i < 6; i++) {
      const horizon = loader.load(7);
      // Answered as soon as it is read.
      await untilReads(i + 1);
      reads[i]!.answer(new Map([[7, at(i)]]));
      expect(await horizon).toEqual(at(i));
    }
  })();
  await asking;
  const gaps = reads.slice(1).map((read, i) => read.at - reads[i]!.at);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(HORIZON_READ_GAP_MS);
});

test("a failed read fails its callers only; the next callers get a read of their own", async () => {
  const { reads, loader, untilReads } = controlledReads();
  const failed = loader.load(1);
  await untilReads(1);
  reads[0]!.fail(new Error("the database did not answer"));
  await expect(failed).rejects.toThrow("the database did not answer");
  const next = loader.load(1);
  await untilReads(2);
  reads[1]!.answer(new Map([[1, at(5)]]));
  expect(await next).toEqual(at(5));
});
