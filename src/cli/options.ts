// The command line's arguments: each command's options parsed and checked before any work, and the
// two failures that end a command with their own exit code.
import { parseArgs } from "node:util";

/** A command: its arguments (what follows its name) in, its output on stdout. */
export type Command = (args: string[]) => Promise<void>;

/** Arguments the command cannot take: exit code 2, with a pointer to the help. */
export class UsageError extends Error {}

/** A failure that ends the command with its own exit code. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The options `args` gives, by name, as `spec` allows them; anything else is a usage error. */
export function options(
  args: string[],
  spec: Record<string, { required: boolean; flag?: boolean }>,
): Record<string, string | undefined> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      // A flag takes no value: present, it reads as "true".
      options: Object.fromEntries(
        Object.entries(spec).map(([k, o]) => [k, { type: o.flag ? "boolean" : "string" } as const]),
      ),
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]);
  }
  for (const [name, { required }] of Object.entries(spec)) {
    if (required && !values[name]) throw new UsageError(`--${name} is required`);
  }
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === true ? "true" : v === false ? undefined : v]),
  );
}

/** An option's value as a positive whole number, else a usage error naming `flag`. */
export function positiveInt(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value ?? "") || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive integer`);
  return n;
}
