// A stock take's progress, live on the count screen. The subscription asks only for what changed;
// the progress (which reads every line of the stock take) is asked for again at most every
// PROGRESS_MS per PROGRESS_LINES lines, however many devices count: each count would otherwise
// make every device's subscription add the stock take up again, and eight devices reading a
// 100,000-line stock take's progress every 3 s keep PostgreSQL busy enough to slow every scan.
import { useCallback, useEffect, useRef } from "react";
import { useSubscription, type UseQueryExecute } from "urql";
import { graphql } from "../gql/index.js";

const FollowProgress = graphql(`
  subscription FollowProgress($id: Int!) {
    stockTakeProgress(id: $id) {
      eventId
      stockTake {
        id
        status
      }
    }
  }
`);

/** How often the progress of a stock take of up to PROGRESS_LINES lines is read again. */
const PROGRESS_MS = 3000;
const PROGRESS_LINES = 10_000;

/** How long between two reads of a stock take's progress while counts arrive (30 s at 100,000). */
const progressInterval = (lines: number) =>
  PROGRESS_MS * Math.max(1, Math.ceil(lines / PROGRESS_LINES));

/**
 * Follows stock take `id` (of `lines` lines): when counts arrive from any device, `reread` (the
 * query holding its progress) is run again from the network, at most once an interval, the last
 * request always landing. Returns that throttled read, for counts recorded that no event told of
 * (sent from the queue as the screen opens, before the subscription listens).
 */
export function useLiveProgress(id: number, lines: number, reread: UseQueryExecute): () => void {
  const lastRead = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const interval = useRef(PROGRESS_MS);
  interval.current = progressInterval(lines);
  const mounted = useRef(true);
  const progressChanged = useCallback(() => {
    // A drain that ends after the screen closed has no progress to read.
    if (pending.current || !mounted.current) return;
    const wait = Math.max(0, lastRead.current + interval.current - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      lastRead.current = Date.now();
      reread({ requestPolicy: "network-only" });
    }, wait);
  }, [reread]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(pending.current ?? undefined);
    };
  }, []);
  useSubscription({ query: FollowProgress, variables: { id } }, (_, message) => {
    progressChanged();
    return message;
  });
  return progressChanged;
}
