// A bar chart of how many lines differ by how much (uPlot), loaded only with the review screen.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/** Size classes of a difference, as the chart's bars, from short to over. */
const BINS: { label: string; test: (d: number) => boolean }[] = [
  { label: "≤ −100", test: (d) => d <= -100 },
  { label: "−10 to −100", test: (d) => d > -100 && d <= -10 },
  { label: "−1 to −10", test: (d) => d > -10 && d <= -1 },
  { label: "under −1", test: (d) => d > -1 && d < 0 },
  { label: "none", test: (d) => d === 0 },
  { label: "under +1", test: (d) => d > 0 && d < 1 },
  { label: "+1 to +10", test: (d) => d >= 1 && d < 10 },
  { label: "+10 to +100", test: (d) => d >= 10 && d < 100 },
  { label: "≥ +100", test: (d) => d >= 100 },
];

/** How many of the differences fall in each size class. */
export const binned = (differences: number[]): number[] =>
  BINS.map((bin) => differences.filter((d) => bin.test(d)).length);

export default function DifferenceChart({ differences }: { differences: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  const counts = binned(differences);
  const key = counts.join(",");
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = Math.max(280, Math.min(element.clientWidth, 720));
    const plot = new uPlot(
      {
        width,
        height: 200,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, BINS.length - 0.5] } },
        axes: [
          {
            values: (_u, splits) => splits.map((i) => BINS[i]?.label ?? ""),
            splits: () => BINS.map((_, i) => i),
            rotate: -45,
            size: 70,
          },
          { label: "lines" },
        ],
        series: [
          {},
          {
            label: "lines",
            fill: "#0f5132",
            stroke: "#0f5132",
            paths: uPlot.paths.bars!({ size: [0.8, 60] }),
            points: { show: false },
          },
        ],
      },
      [BINS.map((_, i) => i), key.split(",").map(Number)],
      element,
    );
    return () => plot.destroy();
  }, [key]);
  return (
    <figure className="chart">
      <div ref={box} role="img" aria-label={describe(counts)} />
      <figcaption>Lines by size of difference, of the lines loaded</figcaption>
    </figure>
  );
}

/** The chart in words, for a screen reader. */
const describe = (counts: number[]): string =>
  BINS.map((bin, i) => `${bin.label}: ${counts[i]}`).join("; ");
