// One choice among a few, as radio buttons in a labelled group: a keyboard moves between them
// with the arrow keys, a screen reader reads the legend with each.
export function Choice<T extends string>(props: {
  legend: string;
  /** The group's name (one per screen). */
  name: string;
  options: readonly { value: T; label: string }[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  className: string;
}) {
  return (
    <fieldset className={`choice ${props.className}`}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={props.name}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
