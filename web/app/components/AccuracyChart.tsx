// Record accuracy over time (uPlot): one point per stock take reconciled, at its reconcile, the
// share of its counted lines that were within tolerance. Loaded only with the reports screen.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface AccuracyPoint {
  /** When the stock take was reconciled, in milliseconds since the epoch. */
  at: number;
  /** Its accuracy, 0 to 1. */
  accuracy: number;
}

/** `from` and `to`: the window the chart spans, in milliseconds since the epoch. */
export default function AccuracyChart(props: {
  points: AccuracyPoint[];
  from: number;
  to: number;
}) {
  const { points, from, to } = props;
  const box = useRef<HTMLDivElement>(null);
  const key = points.map((p) => `${p.at}:${p.accuracy}`).join(",");
  useEffect(() => {
    const element = box.current;
    if (!element || points.length === 0) return;
    const sorted = [...points].sort((a, b) => a.at - b.at);
    const plot = new uPlot(
      {
        width: Math.max(280, Math.min(element.clientWidth, 720)),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true, range: [from / 1000, to / 1000] }, y: { range: [0, 100] } },
        axes: [{}, { label: "% accurate" }],
        series: [
          {},
          {
            label: "accuracy",
            stroke: "#0f5132",
            width: 2,
            points: { show: true, size: 8, fill: "#0f5132" },
          },
        ],
      },
      [sorted.map((p) => p.at / 1000), sorted.map((p) => Math.round(p.accuracy * 1000) / 10)],
      element,
    );
    return () => plot.destroy();
    // Drawn again when the points change, not when an equal array arrives (compared as text).
  }, [key, from, to]);
  const low = Math.min(...points.map((p) => p.accuracy));
  const high = Math.max(...points.map((p) => p.accuracy));
  const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;
  return (
    <figure className="chart">
      <div
        ref={box}
        role="img"
        aria-label={`Accuracy of ${points.length} ${points.length === 1 ? "stock take" : "stock takes"}, from ${percent(low)} to ${percent(high)}`}
      />
      <figcaption>Accuracy of each stock take reconciled, by when it was reconciled</figcaption>
    </figure>
  );
}
