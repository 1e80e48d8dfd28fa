// One choice among a few, as radio buttons in a labelled group: a keyboard moves between them
// with the arrow keys, a screen reader reads the legend with each.
import { Fragment, type ReactNode } from "react";

export function Choice<T extends string>(props: {
  legend: string;
  /** The group's name (one per screen). */
  name: string;
  options: readonly { value: T; label: string }[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  className: string;
  /** What the chosen option asks for besides, drawn under it (a field of its own). */
  details?: (value: T) => ReactNode;
  /** The id of what describes the whole group (its problem), when there is one. */
  describedBy?: string | undefined;
}) {
  return (
    <fieldset className={`choice ${props.className}`} aria-describedby={props.describedBy}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <Fragment key={option.value}>
          <label>
            <input
              type="radio"
              name={props.name}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
          {props.value === option.value && props.details?.(option.value)}
        </Fragment>
      ))}
    </fieldset>
  );
}
