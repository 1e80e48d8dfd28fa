// Which statements PostgreSQL keeps prepared on each connection. A named statement is parsed and
// analysed once per connection and its plan can be cached, instead of all of it again on every
// execution: for the ledger's one write statement, planning cost more than running it.
import { createHash } from "node:crypto";

/** What the database adapter tells us of a statement about to run. */
export interface Statement {
  sql: string;
  args: unknown[];
}

/** Distinct statement texts prepared per process, so each connection holds a bounded number. */
const MAX_PREPARED = 256;
/** A parameter this long carries a list of values (a bulk request): plan it for those values. */
const LARGE_PARAMETER = 1000;

/**
 * Names a statement to prepare, or undefined to run it unnamed (parsed and planned for its
 * values each time). Left unnamed: a text that varies with the number of values (an `IN ($1,$2…)`
 * or multi-row `VALUES` list, which would prepare one statement per length), and a statement
 * carrying a long list as one parameter, whose best plan depends on how long the list is.
 */
export function preparedStatementNames(): (statement: Statement) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql, args }) => {
    if (args.some(isLarge) || VARIABLE_LIST.test(sql)) return undefined;
    let name = names.get(sql);
    if (name === undefined) {
      if (names.size >= MAX_PREPARED) return undefined;
      name = `cp_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;
      names.set(sql, name);
    }
    return name;
  };
}

const VARIABLE_LIST = /\bIN \(\$\d+|\),\s*\(\$\d+/;

const isLarge = (arg: unknown): boolean =>
  (typeof arg === "string" || Array.isArray(arg)) && arg.length > LARGE_PARAMETER;
