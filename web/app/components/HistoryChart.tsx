// A SKU's on hand over time as a step chart (uPlot): each movement sets the quantity it holds
// until the next. Loaded only with the look-up screen.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface Point {
  /** When, in milliseconds since the epoch. */
  at: number;
  quantity: number;
}

export default function HistoryChart({ points }: { points: Point[] }) {
  const box = useRef<HTMLDivElement>(null);
  const key = points.map((p) => `${p.at}:${p.quantity}`).join(",");
  useEffect(() => {
    const element = box.current;
    if (!element || points.length === 0) return;
    // Oldest first, and held until now.
    const sorted = [...points].sort((a, b) => a.at - b.at);
    const xs = [...sorted.map((p) => p.at / 1000), Date.now() / 1000];
    const ys = [...sorted.map((p) => p.quantity), sorted.at(-1)!.quantity];
    const plot = new uPlot(
      {
        width: Math.max(280, Math.min(element.clientWidth, 720)),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        axes: [{}, { label: "on hand" }],
        series: [
          {},
          {
            label: "on hand",
            stroke: "#0f5132",
            width: 2,
            paths: uPlot.paths.stepped!({ align: 1 }),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      element,
    );
    return () => plot.destroy();
    // Drawn again when the points change, not when an equal array arrives (compared as text).
  }, [key]);
  const first = points.at(-1);
  const last = points[0];
  return (
    <figure className="chart">
      <div
        ref={box}
        role="img"
        aria-label={
          first && last
            ? `On hand from ${first.quantity} to ${last.quantity} over the ${points.length} latest movements`
            : "No movements"
        }
      />
      <figcaption>On hand over its latest movements</figcaption>
    </figure>
  );
}
