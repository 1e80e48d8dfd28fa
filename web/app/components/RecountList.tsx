// The lines a reviewer sent back for a recount and nobody has counted since: on the count screen
// what to count again, on review what is waiting for its recount (the differences table holds
// counted lines only). Read again whenever their number changes, as the live progress tells it;
// the first 50 are listed, with how many more. A read that failed says so, with a way to try again.
import { useEffect, useRef } from "react";
import { useQuery } from "urql";
import { problemOf } from "../errors.js";
import { graphql } from "../gql/index.js";

const RecountLines = graphql(`
  query RecountLines($id: Int!) {
    stockTake(id: $id) {
      id
      lines(recount: true, first: 50) {
        edges {
          node {
            type
            id
            code
            name
            location
          }
        }
      }
    }
  }
`);

/** `count`: how many lines are sent back now (the stock take's summary says). */
export function RecountList(props: { id: number; count: number; hint: string }) {
  const { id, count } = props;
  const [{ data, error }, reread] = useQuery({
    query: RecountLines,
    variables: { id },
    pause: count === 0,
  });
  const seen = useRef(count);
  useEffect(() => {
    const before = seen.current;
    seen.current = count;
    // From none, un-pausing the query reads the list; from some to another number, read again.
    if (before > 0 && count > 0 && before !== count) reread({ requestPolicy: "network-only" });
  }, [count, reread]);
  if (count === 0 || (!data && !error)) return null;
  const lines = data?.stockTake.lines.edges.map((e) => e.node) ?? [];
  return (
    <section className="card recounts" aria-labelledby="recounts-title">
      <h2 id="recounts-title">Sent back for a recount ({count})</h2>
      <p className="meta">{props.hint}</p>
      {error && !data && (
        <p role="alert" className="problem">
          {problemOf(error).message}{" "}
          <button
            type="button"
            className="secondary"
            onClick={() => reread({ requestPolicy: "network-only" })}
          >
            Read them again
          </button>
        </p>
      )}
      <ul>
        {lines.map((line) => (
          <li key={`${line.type}-${line.id}`}>
            <span className="code">{line.code}</span> {line.name}
            {line.location ? ` · ${line.location}` : ""}
          </li>
        ))}
      </ul>
      {data && count > lines.length && <p className="meta">and {count - lines.length} more</p>}
    </section>
  );
}
