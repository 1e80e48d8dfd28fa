// A breakdown of a stock take's progress (by area, by counter): asked for when drawn, and again
// from the network whenever the overall count it breaks down (`counted`) moves.
import { useEffect, useRef } from "react";
import { useQuery, type AnyVariables, type TypedDocumentNode } from "urql";

export function useBreakdown<Data>(
  query: TypedDocumentNode<Data, { id: number }>,
  id: number,
  counted: number,
) {
  const [{ data, error }, reread] = useQuery<Data, AnyVariables>({
    query,
    variables: { id },
    requestPolicy: "network-only",
  });
  const shown = useRef(counted);
  useEffect(() => {
    if (shown.current === counted) return;
    shown.current = counted;
    reread({ requestPolicy: "network-only" });
  }, [counted, reread]);
  return { data, error };
}
