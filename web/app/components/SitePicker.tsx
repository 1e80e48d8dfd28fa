// The site a screen acts at, as a select, when the token may use more than one (nothing then).
export function SitePicker(props: {
  id: string;
  sites: { id: number; name: string }[];
  value: number | null;
  onChange(siteId: number): void;
  describedBy?: string | undefined;
}) {
  if (props.sites.length < 2) return null;
  return (
    <>
      <label htmlFor={props.id}>Site</label>
      <select
        id={props.id}
        value={props.value ?? ""}
        onChange={(e) => props.onChange(Number(e.target.value))}
        aria-describedby={props.describedBy}
      >
        {props.sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </>
  );
}
