// What a table read a page at a time shows around a page's rows: its problem or that it is being
// read, the button for the next page, and the focus a page asked for by that button gives its
// first row (the button it replaces had it).
import { useEffect, useRef } from "react";
import type { CombinedError } from "urql";
import { problemOf } from "../errors.js";

/** A ref for a page's first link, focused once the page has arrived when `focusFirst`. */
export function useFocusOnArrival(focusFirst: boolean, arrived: boolean) {
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focusFirst && arrived) first.current?.focus();
  }, [focusFirst, arrived]);
  return first;
}

/** The page's problem, or that it is being read (a row across `columns`). */
export function PageState(props: { error?: CombinedError; loading: boolean; columns: number }) {
  const { error, loading, columns } = props;
  if (error) {
    return (
      <tr>
        <td colSpan={columns}>
          <p role="alert" className="problem">
            {problemOf(error).message}
          </p>
        </td>
      </tr>
    );
  }
  if (!loading) return null;
  return (
    <tr>
      <td colSpan={columns} role="status">
        Loading…
      </td>
    </tr>
  );
}

/** The button for the page after `next` (none when there is none or this page is not the last). */
export function MoreRow(props: {
  next: string | null | undefined;
  onMore: ((cursor: string) => void) | null;
  page: number;
  columns: number;
}) {
  const { next, onMore, page, columns } = props;
  if (!onMore || !next) return null;
  return (
    <tr>
      <td colSpan={columns}>
        <button type="button" onClick={() => onMore(next)}>
          {page} more
        </button>
      </td>
    </tr>
  );
}
