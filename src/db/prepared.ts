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
/** Statement texts remembered per process, prepared or not. */
const MAX_REMEMBERED = 1024;
/** A parameter this long carries a list of values (a bulk request): plan it for those values. */
const LARGE_PARAMETER = 1000;

/**
 * Names a statement to prepare, or undefined to run it unnamed (parsed and planned for its
 * values each time). Left unnamed: a text that varies with the number of values (an `IN ($1,$2…)`
 * or multi-row `VALUES` list, which would prepare one statement per length), and a statement
 * carrying a long list as one parameter, whose best plan depends on how long the list is.
 */
export function preparedStatementNames(): (statement: Statement) => string | undefined {
  // Each text is looked at once: its name, or null when it is never prepared.
  const names = new Map<string, string | null>();
  let prepared = 0;
  return ({ sql, args }) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = VARIABLE_LIST.test(sql) || prepared >= MAX_PREPARED ? null : nameOf(sql);
      if (name !== null) prepared++;
      // Texts never prepared are remembered up to a bound too, then looked at each time.
      if (name !== null || names.size < MAX_REMEMBERED) names.set(sql, name);
    }
    return name === null || args.some(isLarge) ? undefined : name;
  };
}

const nameOf = (sql: string) => `cp_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;

const VARIABLE_LIST = /\bIN \(\$\d+|\),\s*\(\$\d+/;

const isLarge = (arg: unknown): boolean =>
  (typeof arg === "string" || Array.isArray(arg)) && arg.length > LARGE_PARAMETER;
