// What the Sites screens' forms share: a site's code, name and time zone as inputs, and a refusal
// shown under the field it concerns (in view, announced, the field described by it and marked
// invalid), or under the form when it concerns none.
import { useEffect, useRef, type ReactNode } from "react";
import type { Problem } from "../errors.js";

export type SiteField = "code" | "name" | "timezone" | "active" | "isDefault";

export interface Refusal {
  field: SiteField | null;
  problem: Problem;
}

export interface SiteText {
  code: string;
  name: string;
  timezone: string;
}

const FIELDS: readonly SiteField[] = ["code", "name", "timezone", "active", "isDefault"];

/** The form's field a user error's path names, else none (the form's own). */
export const fieldOf = (path: readonly string[] | null | undefined): SiteField | null => {
  const named = path?.[0];
  return FIELDS.find((f) => f === named) ?? null;
};

/** The IANA time zones this browser knows: offered as the time zone field is typed. */
const ZONES = Intl.supportedValuesOf("timeZone");

/** A field's refusal, drawn where it is and brought into view. */
export function FieldProblem(props: {
  form: string;
  field: SiteField | null;
  refused: Refusal | null;
}) {
  const { form, field, refused } = props;
  const shown = refused !== null && refused.field === field;
  const self = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown) self.current?.scrollIntoView({ block: "nearest" });
  }, [shown, refused]);
  if (!shown) return null;
  return (
    <p id={`${form}-${field ?? "form"}-problem`} ref={self} role="alert" className="problem">
      {refused.problem.message}
    </p>
  );
}

/** A field's id and, when it is refused, what describes it. */
export const fieldProps = (form: string, field: SiteField, refused: Refusal | null) => ({
  id: `${form}-${field}`,
  "aria-invalid": refused?.field === field || undefined,
  "aria-describedby": refused?.field === field ? `${form}-${field}-problem` : undefined,
});

/** Code, name and time zone; `changed` is told each edit. */
export function SiteTextFields(props: {
  form: string;
  value: SiteText;
  refused: Refusal | null;
  changed: (value: SiteText) => void;
  children?: ReactNode;
}) {
  const { form, value, refused, changed } = props;
  const input = (field: "code" | "name" | "timezone") => ({
    ...fieldProps(form, field, refused),
    value: value[field],
    autoComplete: "off",
    onChange: (e: { target: { value: string } }) => changed({ ...value, [field]: e.target.value }),
  });
  return (
    <>
      <label htmlFor={`${form}-code`}>Code</label>
      <input {...input("code")} maxLength={64} />
      <FieldProblem form={form} field="code" refused={refused} />
      <label htmlFor={`${form}-name`}>Name</label>
      <input {...input("name")} maxLength={200} />
      <FieldProblem form={form} field="name" refused={refused} />
      <label htmlFor={`${form}-timezone`}>Time zone</label>
      <input {...input("timezone")} list="time-zones" placeholder="The account's" />
      <datalist id="time-zones">
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <FieldProblem form={form} field="timezone" refused={refused} />
    </>
  );
}
