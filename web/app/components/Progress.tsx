// How far a stock take's count is, overall and by area, as the API last said (live while the
// count screen follows the stock take).
import { getFragmentData, graphql, type FragmentType } from "../gql/index.js";

export const ProgressFragment = graphql(`
  fragment Progress_stockTake on StockTake {
    id
    status
    summary {
      lines
      counted
    }
    progressByLocation(depth: 2) {
      prefix
      lines
      counted
    }
  }
`);

export function Progress(props: { stockTake: FragmentType<typeof ProgressFragment> }) {
  const take = getFragmentData(ProgressFragment, props.stockTake);
  const { lines, counted } = take.summary;
  const areas = take.progressByLocation;
  return (
    <div className="progress">
      <p role="status">
        {counted} of {lines} counted
      </p>
      <progress max={lines} value={counted} aria-label="Lines counted" />
      {areas.length > 1 && (
        <details>
          <summary>By area</summary>
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
        </details>
      )}
    </div>
  );
}
