// How far a stock take's count is, overall and by area, as the API last said (live while the
// count screen follows the stock take). Counted means a line has a count, whatever its review
// (accepted and applied lines too): accepting or reconciling never makes progress go back; a line
// sent back for a recount has no count until it is counted again. The areas are asked for only while "By area" is open:
// adding a stock take up by area costs several times its overall progress, and most
// counters never open it.
import { problemOf } from "../errors.js";
import { useBreakdown } from "../hooks/use-breakdown.js";
import { getFragmentData, graphql, type FragmentType } from "../gql/index.js";
import { Unfolded } from "./Unfolded.js";

export const ProgressFragment = graphql(`
  fragment Progress_stockTake on StockTake {
    id
    summary {
      lines
      uncounted
      accepted
      applied
      recountRequested
    }
  }
`);

const ProgressByArea = graphql(`
  query ProgressByArea($id: Int!) {
    stockTake(id: $id) {
      id
      progressByLocation(depth: 2) {
        prefix
        lines
        counted
      }
    }
  }
`);

export function Progress(props: { stockTake: FragmentType<typeof ProgressFragment> }) {
  const take = getFragmentData(ProgressFragment, props.stockTake);
  const { lines, uncounted, accepted, applied, recountRequested } = take.summary;
  const counted = lines - uncounted;
  return (
    <div className="progress">
      <p role="status">
        {counted} of {lines} counted
        {accepted + applied > 0 ? ` · ${accepted + applied} accepted` : ""}
        {recountRequested > 0 ? ` · ${recountRequested} sent back for recount` : ""}
      </p>
      <progress max={lines} value={counted} aria-label="Lines counted" />
      <Unfolded label="By area">{() => <AreaList id={take.id} counted={counted} />}</Unfolded>
    </div>
  );
}

/** Each area's progress, read when opened and again whenever the overall progress moves. */
export function AreaList({ id, counted }: { id: number; counted: number }) {
  const { data, error } = useBreakdown(ProgressByArea, id, counted);
  if (error && !data) return <p className="problem">{problemOf(error).message}</p>;
  if (!data) return <p>Adding up the areas…</p>;
  const areas = data.stockTake.progressByLocation;
  return (
    <ul className="areas">
      {areas.map((area) => (
        <li key={area.prefix ?? ""}>
          <span>{area.prefix ?? "No location"}</span>
          <span>
            {area.counted} / {area.lines}
          </span>
        </li>
      ))}
    </ul>
  );
}
