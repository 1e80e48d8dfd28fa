// Who is counting a stock take: each counter's counted lines (those whose last count is theirs)
// and when they last counted, read when opened and again whenever the stock take's summary is read
// again (a recount by someone else moves it without moving any figure of the summary, so the
// summary as read is the key, not its figures; its re-reads are throttled by useLiveProgress).
import { problemOf } from "../errors.js";
import { useBreakdown } from "../hooks/use-breakdown.js";
import { graphql } from "../gql/index.js";

const ProgressByCounter = graphql(`
  query ProgressByCounter($id: Int!) {
    stockTake(id: $id) {
      id
      progressByCounter {
        counter
        lines
        lastCountedAt
      }
    }
  }
`);

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" });

export function CounterList({ id, summary }: { id: number; summary: object }) {
  const { data, error } = useBreakdown(ProgressByCounter, id, summary);
  if (error && !data) return <p className="problem">{problemOf(error).message}</p>;
  if (!data) return <p>Adding up the counters…</p>;
  const counters = data.stockTake.progressByCounter;
  if (counters.length === 0) return <p className="meta">Nobody has counted yet.</p>;
  return (
    <ul className="areas counters">
      {counters.map((c) => (
        <li key={c.counter}>
          <span>{c.counter}</span>
          <span>
            {c.lines} {c.lines === 1 ? "line" : "lines"}, last at {time(c.lastCountedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
