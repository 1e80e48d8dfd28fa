// A breakdown of a stock take's progress (by area, by counter): asked for when drawn, and again
// from the network whenever `version` changes: the overall count, for a breakdown only that can
// move (by area); the summary as last read, for one a recount moves as well (by counter: the same
// total, another counter, a later time).
import { useEffect, useRef } from "react";
import { useQuery, type AnyVariables, type TypedDocumentNode } from "urql";

export function useBreakdown<Data>(
  query: TypedDocumentNode<Data, { id: number }>,
  id: number,
  version: unknown,
) {
  const [{ data, error }, reread] = useQuery<Data, AnyVariables>({
    query,
    variables: { id },
    requestPolicy: "network-only",
  });
  const shown = useRef(version);
  useEffect(() => {
    if (shown.current === version) return;
    shown.current = version;
    reread({ requestPolicy: "network-only" });
  }, [version, reread]);
  return { data, error };
}
