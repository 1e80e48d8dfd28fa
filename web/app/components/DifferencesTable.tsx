// The counted lines of a stock take, largest absolute difference first (in units, or in money for
// a token that may see it), as a table that renders only the rows in view and asks the API for the
// next page as the end comes into view: a stock take of 100,000 lines scrolls without all of them
// being loaded.
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useClient } from "urql";
import { problemOf, type Problem } from "../errors.js";
import { getFragmentData, graphql } from "../gql/index.js";
import type { LineOrder, ReviewLineFragment } from "../gql/graphql.js";
import { formatMoney } from "../money.js";

export const ReviewLine = graphql(`
  fragment ReviewLine on StockTakeLine {
    type
    id
    code
    name
    location
    expectedQty
    countedQty
    difference
    differenceValue
    state
    autoAccepted
    movedSinceFreeze
  }
`);

const LinesByDifference = graphql(`
  query LinesByDifference($id: Int!, $order: LineOrder!, $after: String) {
    stockTake(id: $id) {
      id
      lines(order: $order, first: 200, after: $after) {
        edges {
          node {
            ...ReviewLine
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** A row's height: one line of cells; on a phone, the decisions stacked (see app.css). */
const ROW_HEIGHT = 44;
const PHONE_ROW_HEIGHT = 88;
const PHONE = "(max-width: 520px)";

/** Whether the screen is a phone's width (the table drops its Expected column and stacks). */
function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

export interface Lines {
  lines: ReviewLineFragment[];
  problem: Problem | null;
}

/**
 * The lines loaded so far in `order` (DIFFERENCE, or VALUE: the lines with a cost only), and a
 * way to load the next page and to start again. One read at a time: a next page asked for during
 * a read is asked for again by the table as it scrolls; a start again (another order, decisions
 * made, new counts shown) asked for during a read sets that read's answer aside and reads afresh
 * when it ends, so the table never shows what was read before it was asked for.
 */
export function useLinesByDifference(
  id: number,
  order: Extract<LineOrder, "DIFFERENCE" | "VALUE">,
) {
  const client = useClient();
  const [lines, setLines] = useState<ReviewLineFragment[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<Problem | null>(null);
  const loading = useRef(false);
  const again = useRef(false);
  const asked = useRef({ id, order });
  asked.current = { id, order };

  const load = useCallback(
    async (from: string | null, startAgain: boolean) => {
      if (loading.current) {
        if (startAgain) again.current = true;
        return;
      }
      loading.current = true;
      let [after, fresh] = [from, startAgain];
      for (;;) {
        const result = await client
          .query(LinesByDifference, { ...asked.current, after }, { requestPolicy: "network-only" })
          .toPromise();
        if (again.current) {
          again.current = false;
          [after, fresh] = [null, true];
          continue;
        }
        loading.current = false;
        if (result.error) return setProblem(problemOf(result.error));
        const page = result.data!.stockTake.lines;
        const got = page.edges.map((e) => getFragmentData(ReviewLine, e.node));
        setProblem(null);
        setLines((before) => (fresh ? got : [...before, ...got]));
        setNext(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
        return;
      }
    },
    [client],
  );

  useEffect(() => void load(null, true), [load, id, order]);
  return {
    lines,
    problem,
    more: next ? () => void load(next, false) : null,
    reload: () => void load(null, true),
  };
}

export function DifferencesTable(props: {
  lines: ReviewLineFragment[];
  more: (() => void) | null;
  onAccept(line: ReviewLineFragment): void;
  onRecount(line: ReviewLineFragment): void;
  busy: boolean;
  /** Ordered by value rather than by units. */
  byValue: boolean;
  /** Shown beside each difference's value (for a token that sees values). */
  currency: string | null;
}) {
  const { lines, more } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = usePhoneWidth() ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const virtual = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  useEffect(() => virtual.measure(), [rowHeight, virtual]);
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && last >= lines.length - 40) more();
  }, [last, lines.length, more]);

  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scroller} className="table-scroll" tabIndex={0} aria-label="Differences">
      <table className="differences">
        <caption>
          {props.byValue
            ? "Counted lines with a cost, largest value first"
            : "Counted lines, largest difference first"}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="col-item">
              Item
            </th>
            <th scope="col" className="expected">
              Expected
            </th>
            <th scope="col" className="col-counted">
              Counted
            </th>
            <th scope="col" className="col-difference">
              Difference
            </th>
            <th scope="col" className="col-decision">
              Decision
            </th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={5} />
            </tr>
          )}
          {items.map((item) => {
            const line = lines[item.index]!;
            return (
              <tr key={`${line.type}-${line.id}`} style={{ height: rowHeight }}>
                <th scope="row">
                  <span className="code">{line.code}</span>{" "}
                  <span className="name">
                    {line.name}
                    {line.movedSinceFreeze ? " (moved since the freeze)" : ""}
                  </span>
                </th>
                <td className="expected">{line.expectedQty}</td>
                <td>
                  {line.countedQty}
                  <span className="of-expected"> of {line.expectedQty}</span>
                </td>
                <td>
                  {formatDifference(line.difference)}
                  {line.differenceValue !== null && line.differenceValue !== undefined && (
                    <span className="value">
                      {formatMoney(line.differenceValue, props.currency, true)}
                    </span>
                  )}
                </td>
                <td className="decision">
                  {line.state === "COUNTED" ? (
                    <>
                      <button
                        type="button"
                        disabled={props.busy}
                        onClick={() => props.onAccept(line)}
                        aria-label={`Accept ${line.code}`}
                      >
                        Accept
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        disabled={props.busy}
                        onClick={() => props.onRecount(line)}
                        aria-label={`Recount ${line.code}`}
                      >
                        Recount
                      </button>
                    </>
                  ) : line.autoAccepted ? (
                    "accepted automatically"
                  ) : (
                    line.state.toLowerCase()
                  )}
                </td>
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={5} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export const formatDifference = (value: number | null | undefined): string =>
  value === null || value === undefined ? "" : value > 0 ? `+${value}` : String(value);
