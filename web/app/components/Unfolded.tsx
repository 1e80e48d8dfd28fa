// A section folded under its label that draws (and so asks the API for) its content only while
// open: a breakdown that adds a stock take up again costs nothing until someone looks at it.
import { useState, type ReactNode } from "react";

export function Unfolded({ label, children }: { label: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label}</summary>
      {open && children()}
    </details>
  );
}
