// Sending counts: every count is kept in the queue (IndexedDB) first, then sent, oldest first,
// each with its own idempotency key. Without a network the counts wait, and are sent when the
// browser is back online (or at the next try, every few seconds): a count is recorded once
// however many times it is sent, and a later count of a line is never overtaken by an earlier.
// Only the sign-in that made a count sends it, with the moment it was made: counts another token
// made on this device are kept and listed until it signs in again, never sent under this one.
import { useCallback, useEffect, useRef, useState } from "react";
import { useClient, type Client } from "urql";
import { messageFor, problemOf, RETRYABLE, type Problem } from "./errors.js";
import { getFragmentData, graphql } from "./gql/index.js";
import {
  enqueue,
  refuse,
  refusedOf,
  sentBy,
  settle,
  takeBack,
  waiting,
  type QueuedCount,
  type RefusedCount,
} from "./queue.js";

export const FoundLine = graphql(`
  fragment FoundLine on StockTakeLine {
    type
    id
    code
    name
    supplier
    location
    countedQty
    state
    recountRequested
  }
`);

export const FindLine = graphql(`
  query FindLine($id: Int!, $code: String!) {
    stockTake(id: $id) {
      id
      lines(code: $code, first: 1) {
        edges {
          node {
            ...FoundLine
          }
        }
      }
    }
  }
`);

const SaveCount = graphql(`
  mutation SaveCount($input: SubmitStockTakeCountsInput!) {
    submitStockTakeCounts(input: $input) {
      status
      userErrors {
        code
        message
      }
    }
  }
`);

/** How often waiting counts are tried again while the browser thinks it is online. */
const RETRY_MS = 5000;

/**
 * What became of a count: sent (recorded), waiting (kept, to be sent again; with why the last try
 * did not land: no network, or the server's trouble), or refused (and dropped).
 */
export type Outcome = { sent: true } | { waiting: Problem } | { refused: Problem };

const notInTake = (code: string): Problem => ({
  code: "NOT_IN_STOCK_TAKE",
  message: `${code} is not in this stock take.`,
});

/** Server failures (500) on one count after which it is given up: it would block the queue. */
const MAX_FAILURES = 5;

/**
 * Waiting when the count stays queued, to be tried again later (no network, rate limited, the
 * server unavailable, the same key still being recorded by another tab, or a server failure not
 * yet repeated MAX_FAILURES times); else the refusal, and the count is dropped.
 */
async function retryOrRefuse(count: QueuedCount, problem: Problem): Promise<Outcome> {
  if (!RETRYABLE.has(problem.code)) return { refused: problem };
  if (problem.code === "INTERNAL") {
    const failures = (count.failures ?? 0) + 1;
    if (failures >= MAX_FAILURES) return { refused: problem };
    await enqueue({ ...count, failures });
  }
  return { waiting: problem };
}

/** Sends one count; waiting when it should be tried again later (it stays queued). */
async function send(client: Client, count: QueuedCount): Promise<Outcome> {
  let entity = count.entity;
  if (!entity) {
    const found = await client
      .query(
        FindLine,
        { id: count.stockTakeId, code: count.code },
        { requestPolicy: "network-only" },
      )
      .toPromise();
    if (found.error) return retryOrRefuse(count, problemOf(found.error));
    const line = getFragmentData(FoundLine, found.data?.stockTake.lines.edges[0]?.node);
    if (!line) return { refused: notInTake(count.code) };
    entity = { type: line.type, id: line.id, name: line.name };
  }
  const result = await client
    .mutation(SaveCount, {
      input: {
        stockTakeId: count.stockTakeId,
        idempotencyKey: count.key,
        counts: [
          {
            type: entity.type,
            id: entity.id,
            countedQty: Number(count.quantity),
            mode: count.mode ?? "SET",
            ...(count.countedAt === undefined ? {} : { countedAt: count.countedAt }),
          },
        ],
      },
    })
    .toPromise();
  if (result.error) return retryOrRefuse(count, problemOf(result.error));
  const refused = result.data?.submitStockTakeCounts.userErrors[0];
  if (refused)
    return { refused: { code: refused.code, message: messageFor(refused.code, refused.message) } };
  return { sent: true };
}

export interface CountSender {
  /** Counts of this stock take waiting for the network. */
  waiting: number;
  /** Counts of this stock take another sign-in made on this device, kept until it is back. */
  others: QueuedCount[];
  /**
   * Counts sent from the queue that the API did not take (a code not in the stock take, a server
   * failing on it again and again, …), kept on the device until sent again or let go.
   */
  refusals: RefusedCount[];
  /** Keeps the count, sends it after any waiting before it, and says what became of it. */
  submit(count: QueuedCount): Promise<Outcome>;
  /** Puts a count not taken back in the queue (same key: recorded at most once) and sends it. */
  sendAgain(count: QueuedCount): Promise<void>;
  /** Forgets a count not taken, or one another sign-in made. */
  letGo(count: QueuedCount): Promise<void>;
}

/**
 * The queue of a stock take's counts and its sending, for the count screen, by the sign-in whose
 * token mark is `owner`. `onSent` is called after a drain recorded a count: counts sent as the
 * screen opens may be recorded before its subscription is listening, so no event would tell it
 * its progress moved.
 */
export function useCountSender(
  stockTakeId: number,
  owner: string,
  onSent?: () => void,
): CountSender {
  const client = useClient();
  const sentHook = useRef(onSent);
  sentHook.current = onSent;
  const [waitingCount, setWaitingCount] = useState(0);
  const [others, setOthers] = useState<QueuedCount[]>([]);
  const [refusals, setRefusals] = useState<RefusedCount[]>([]);
  const showRefusals = useCallback(
    async () => setRefusals(await refusedOf(stockTakeId)),
    [stockTakeId],
  );
  /** This sign-in's waiting counts, oldest first; the others' are listed. */
  const mine = useCallback(async () => {
    const all = await waiting(stockTakeId);
    setOthers(all.filter((c) => !sentBy(c, owner)));
    return all.filter((c) => sentBy(c, owner));
  }, [owner, stockTakeId]);
  const running = useRef<Promise<void> | null>(null);
  // Whoever waits for a count's outcome (its submit), by key.
  const awaited = useRef(new Map<string, (outcome: Outcome) => void>());

  const report = useCallback((key: string, outcome: Outcome) => {
    awaited.current.get(key)?.(outcome);
    awaited.current.delete(key);
  }, []);

  /** Sends what waits, oldest first, until none is left or the network does not answer. */
  const drain = useCallback((): Promise<void> => {
    running.current ??= (async () => {
      let sent = false;
      try {
        for (;;) {
          const next = (await mine())[0];
          if (!next) break;
          const outcome = await send(client, next);
          if ("waiting" in outcome) {
            for (const count of await mine()) report(count.key, outcome);
            break;
          }
          sent ||= "sent" in outcome;
          // A refusal nobody waits for (the count was made earlier) is kept and listed; one the
          // counter waits for is said on the screen as the count is saved.
          if ("refused" in outcome && !awaited.current.has(next.key)) {
            await refuse({ count: next, problem: outcome.refused });
            await showRefusals();
          } else await settle(next.key);
          report(next.key, outcome);
        }
      } finally {
        running.current = null;
        setWaitingCount((await mine()).length);
        if (sent) sentHook.current?.();
      }
    })();
    return running.current;
  }, [client, mine, report, showRefusals]);

  useEffect(() => {
    void showRefusals();
    void drain();
    const online = () => void drain();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [drain, showRefusals]);

  useEffect(() => {
    if (waitingCount === 0) return;
    const timer = setInterval(() => void drain(), RETRY_MS);
    return () => clearInterval(timer);
  }, [drain, waitingCount]);

  const submit = useCallback(
    async (count: QueuedCount): Promise<Outcome> => {
      await enqueue(count);
      setWaitingCount((n) => n + 1);
      const outcome = new Promise<Outcome>((resolve) => awaited.current.set(count.key, resolve));
      // A drain under way may have read the queue before this count: one more after it.
      await running.current;
      void drain();
      return outcome;
    },
    [drain],
  );

  const sendAgain = useCallback(
    async (count: QueuedCount) => {
      await takeBack(count, true);
      await showRefusals();
      setWaitingCount((n) => n + 1);
      await running.current;
      void drain();
    },
    [drain, showRefusals],
  );

  const letGo = useCallback(
    async (count: QueuedCount) => {
      await takeBack(count, false);
      await settle(count.key);
      await Promise.all([showRefusals(), mine()]);
    },
    [mine, showRefusals],
  );

  return { waiting: waitingCount, others, refusals, submit, sendAgain, letGo };
}
