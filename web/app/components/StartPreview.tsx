// What a start will freeze, as its dry run told: the lines in all and by area, and the button that
// starts it. Shown under the form it previews; its heading takes the focus when it arrives (read
// out, and the start button next), as the page's main news.
import { useEffect, useRef } from "react";

interface Props {
  preview: { lines: number; areas: { prefix: string | null; lines: number }[] };
  /** The site's name, when the manager chose among several; null: no need to say it. */
  siteName: string | null;
  busy: boolean;
  onStart(): void;
}

const lines = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "line" : "lines"}`;

export function StartPreview({ preview, siteName, busy, onStart }: Props) {
  const card = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus({ preventScroll: true });
    card.current?.scrollIntoView({ block: "nearest" });
  }, [preview]);
  return (
    <section ref={card} className="card start-preview" aria-labelledby="preview-title">
      <h2 id="preview-title" ref={title} tabIndex={-1}>
        It will freeze {lines(preview.lines)}
        {siteName ? ` at ${siteName}` : ""}
      </h2>
      {preview.areas.length > 0 && (
        <div className="table-scroll areas">
          <table>
            <caption className="meta">By area (the first two parts of each location)</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col">Lines</th>
              </tr>
            </thead>
            <tbody>
              {preview.areas.map((a) => (
                <tr key={a.prefix ?? ""}>
                  <td>{a.prefix ?? "No location"}</td>
                  <td>{a.lines.toLocaleString("en")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" disabled={busy} onClick={onStart}>
        Start the stock take
      </button>
    </section>
  );
}
