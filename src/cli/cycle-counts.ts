// countpoint classify and cycle-counts intervals: which SKUs to count how often.
import { options, positiveInt, UsageError, type Command } from "./options.js";
import { print } from "./output.js";
import { withDatabase } from "./with-database.js";

/** Gives the account's active SKUs count classes A, B and C at a site by how much they moved there. */
const classifySkus: Command = async (args) => {
  const o = options(args, {
    account: { required: true },
    site: { required: false },
    "window-days": { required: false },
    "share-a": { required: false },
    "share-b": { required: false },
    "dry-run": { required: false, flag: true },
  });
  const accountId = positiveInt(o.account, "--account");
  const whole = (flag: string) => {
    const value = o[flag];
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a whole number`);
    return Number(value);
  };
  const input = {
    siteId: o.site === undefined ? undefined : positiveInt(o.site, "--site"),
    windowDays: whole("window-days"),
    shareA: whole("share-a"),
    shareB: whole("share-b"),
    dryRun: o["dry-run"] === "true",
  };
  const { systemPrincipal } = await import("../modules/account/index.js");
  const { classify } = await import("../modules/cycle-count/index.js");
  const { value } = await withDatabase(async (db) =>
    classify({ db, principal: await systemPrincipal(db, accountId, "countpoint classify") }, input),
  );
  print({
    site_id: value.siteId,
    window_days: value.windowDays,
    share_a: value.shareA,
    share_b: value.shareB,
    dry_run: value.dryRun,
    classes: value.classes.map((c) => ({
      count_class: c.countClass,
      skus: c.skus,
      changed: c.changed,
    })),
  });
};

/** Sets the days between counts of each class given, then prints all three. */
const intervals: Command = async (args) => {
  const o = options(args, {
    account: { required: true },
    a: { required: false },
    b: { required: false },
    c: { required: false },
  });
  const accountId = positiveInt(o.account, "--account");
  const days = (flag: "a" | "b" | "c") =>
    o[flag] === undefined ? undefined : positiveInt(o[flag], `--${flag}`);
  const input = {
    intervalDaysA: days("a"),
    intervalDaysB: days("b"),
    intervalDaysC: days("c"),
  };
  const { systemPrincipal } = await import("../modules/account/index.js");
  const { cycleSettings, updateCycleSettings } = await import("../modules/cycle-count/index.js");
  const settings = await withDatabase(async (db) => {
    const ctx = { db, principal: await systemPrincipal(db, accountId, "countpoint") };
    return Object.values(input).some((v) => v !== undefined)
      ? updateCycleSettings(ctx, input)
      : cycleSettings(ctx);
  });
  print({
    interval_days_a: settings.intervalDaysA,
    interval_days_b: settings.intervalDaysB,
    interval_days_c: settings.intervalDaysC,
  });
};

/** The cycle count commands, by name. */
export const cycleCountCommands: Record<string, Command> = {
  classify: classifySkus,
  "cycle-counts intervals": intervals,
};
