// A code scanned or typed on the count screen, looked up in the stock take: its line as the API
// says now, or, without a network, as this device last saw it (a code never seen is counted
// unchecked, its line found when the count is sent).
import { useCallback } from "react";
import { useClient } from "urql";
import { problemOf, type Problem } from "../errors.js";
import { getFragmentData } from "../gql/index.js";
import type { FoundLineFragment } from "../gql/graphql.js";
import { FindLine, FoundLine } from "../sending.js";

/**
 * What a look-up found: the code's line (null: no network, and not seen before, so unchecked), the
 * code not in the stock take (in words), or the API's refusal of the look-up.
 */
export type ScanLookup =
  { line: FoundLineFragment | null } | { absent: Problem } | { problem: Problem };

/** Looks codes up in stock take `id`. */
export function useScanLookup(id: number): (code: string) => Promise<ScanLookup> {
  const client = useClient();
  return useCallback(
    async (code: string): Promise<ScanLookup> => {
      let result = await client
        .query(FindLine, { id, code }, { requestPolicy: "network-only" })
        .toPromise();
      const offline = result.error && problemOf(result.error).code === "NETWORK";
      // No network: the line as last seen, if this device saw it; else counted unchecked.
      if (offline) {
        result = await client
          .query(FindLine, { id, code }, { requestPolicy: "cache-only" })
          .toPromise();
      }
      if (result.error && !offline) return { problem: problemOf(result.error) };
      const found = getFragmentData(FoundLine, result.data?.stockTake.lines.edges[0]?.node) ?? null;
      if (!found && !offline) {
        return {
          absent: { code: "NOT_IN_STOCK_TAKE", message: `${code} is not in this stock take.` },
        };
      }
      return { line: found };
    },
    [client, id],
  );
}
