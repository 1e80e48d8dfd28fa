// The command line as an operator uses it: the built `countpoint` binary against a database of
// its own. Output is one JSON line on success; a failure is a non-zero exit with a message on
// stderr that starts with `countpoint:`, and nothing written.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { createHash } from "node:crypto";
import { authenticate, createAccount } from "../../src/modules/account/account.service.js";
import { createToken, revokeToken } from "../../src/modules/token/token.store.js";
import { runCountpoint, type CliResult } from "../helpers/cli.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";

let fresh: FreshDatabase;
let db: PrismaClient;

const countpoint = (args: string[]): Promise<CliResult> => runCountpoint(fresh.url, args);

const written = async () => ({
  accounts: await db.account.count(),
  tokens: await db.apiToken.count(),
});

beforeAll(async () => {
  fresh = await createFreshDatabase();
  await migrate(fresh.url);
  db = createPrismaClient(fresh.url, 2);
});
afterAll(async () => {
  await db.$disconnect();
  await fresh.drop();
});

describe("countpoint accounts create", () => {
  it("creates the account and prints it as one JSON line", async () => {
    const result = await countpoint([
      "accounts",
      "create",
      "--name",
      "Shop",
      "--timezone",
      "Europe/Berlin",
    ]);

    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] ?? "");
    expect(printed).toEqual({ id: expect.any(Number), name: "Shop", timezone: "Europe/Berlin" });
    const stored = await db.account.findUniqueOrThrow({ where: { id: printed.id } });
    expect(stored).toMatchObject({ name: "Shop", timezone: "Europe/Berlin" });
  });

  it("uses UTC when no time zone is given", async () => {
    const result = await countpoint(["accounts", "create", "--name", "No zone"]);

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: "No zone", timezone: "UTC" });
  });
});

describe("countpoint tokens create", () => {
  it("prints a token that authenticates with exactly the requested scopes", async () => {
    const account = await createAccount(db, { name: "Token shop" });

    const result = await countpoint([
      "tokens",
      "create",
      "--account",
      String(account.id),
      "--name",
      "pos",
      "--scopes",
      "read,count",
    ]);

    expect(result).toMatchObject({ code: 0, stderr: "" });
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] ?? "");
    expect(printed).toEqual({
      id: expect.any(Number),
      token: expect.any(String),
      scopes: ["read", "count"],
      site_ids: null,
      expires_at: null,
      rate_limit: "default",
      rate_limit_burst: null,
    });

    const principal = await authenticate(db, printed.token);
    expect(principal?.accountId).toBe(account.id);
    expect(principal?.actor).toEqual({ name: "pos", tokenId: printed.id });
    expect([...(principal?.scopes ?? [])].sort()).toEqual(["count", "read"]);
  });
});

describe("countpoint tokens create --sites", () => {
  it("prints a token limited to those sites, with the scopes of stock, and refuses the account's", async () => {
    const account = await createAccount(db, { name: "Chain" });
    const store = await db.site.create({
      data: { accountId: account.id, code: "STORE-1", name: "Store 1" },
    });
    const args = ["tokens", "create", "--account", String(account.id), "--name", "till"];

    const result = await countpoint([...args, "--sites", String(store.id)]);

    expect(result).toMatchObject({ code: 0, stderr: "" });
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({
      scopes: ["read", "adjust", "count", "approve"],
      site_ids: [store.id],
    });
    const principal = await authenticate(db, printed.token);
    expect(principal?.sites).toEqual([store.id]);

    const before = await written();
    const wide = await countpoint([
      ...args,
      "--sites",
      String(store.id),
      "--scopes",
      "read,tokens",
    ]);
    expect(wide.code).not.toBe(0);
    expect(wide.stderr).toMatch(/^countpoint: .*tokens/);
    const unknown = await countpoint([...args, "--sites", "999999"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/^countpoint: .*999999/);
    expect(await written()).toEqual(before);
  });
});

describe("countpoint help", () => {
  it.each([["--help"], ["-h"], ["help"]])(
    "%s prints the usage of every command and exits 0",
    async (flag) => {
      const result = await countpoint([flag]);

      expect(result).toMatchObject({ code: 0, stderr: "" });
      expect(result.stdout).toMatch(/^usage:/);
      for (const command of [
        "serve",
        "migrate",
        "accounts create",
        "accounts list",
        "accounts update",
        "tokens create",
        "tokens list",
        "tokens update",
        "tokens revoke",
        "classify",
        "cycle-counts intervals",
        "verify",
        "schema",
        "openapi",
      ]) {
        expect(result.stdout).toContain(`countpoint ${command}`);
      }
    },
  );
});

const jsonLines = (stdout: string) =>
  stdout
    .trimEnd()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe("countpoint accounts list", () => {
  it("prints every account as one JSON line, oldest first", async () => {
    const first = await createAccount(db, { name: "Listed one", timezone: "Asia/Tokyo" });
    const second = await createAccount(db, { name: 'Listed "two"\nwith a newline' });

    const result = await countpoint(["accounts", "list"]);

    expect(result).toMatchObject({ code: 0, stderr: "" });
    const printed = jsonLines(result.stdout);
    expect(printed).toHaveLength(await db.account.count());
    const ids = printed.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(printed).toContainEqual({
      id: first.id,
      name: "Listed one",
      timezone: "Asia/Tokyo",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      rate_limit: "default",
      rate_limit_burst: null,
    });
    expect(printed.find((a) => a.id === second.id)?.name).toBe('Listed "two"\nwith a newline');
  });
});

describe("countpoint accounts update", () => {
  it("sets the budget all the account's tokens draw from, then back to the default", async () => {
    const account = await createAccount(db, { name: "Budgeted" });
    const set = await countpoint([
      "accounts",
      "update",
      "--id",
      String(account.id),
      "--rate-limit",
      "300/s",
      "--burst",
      "900",
    ]);
    expect(set).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(set.stdout)).toMatchObject({
      id: account.id,
      rate_limit: "300/s",
      rate_limit_burst: 900,
    });
    const stored = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect([stored.rateLimitPerSecond, stored.rateLimitBurst]).toEqual([300, 900]);

    const back = await countpoint([
      "accounts",
      "update",
      "--id",
      String(account.id),
      "--rate-limit",
      "default",
    ]);
    expect(JSON.parse(back.stdout)).toMatchObject({
      rate_limit: "default",
      rate_limit_burst: null,
    });
  });

  it("refuses an unknown account and a bad limit, changing nothing", async () => {
    const unknown = await countpoint([
      "accounts",
      "update",
      "--id",
      "999999999",
      "--rate-limit",
      "off",
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/there is no account 999999999/);
    const account = await createAccount(db, { name: "Unchanged" });
    const bad = await countpoint([
      "accounts",
      "update",
      "--id",
      String(account.id),
      "--rate-limit",
      "fast",
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--rate-limit must be N\/s/);
    const stored = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored.rateLimitPerSecond).toBeNull();
  });
});

describe("countpoint tokens list", () => {
  it("prints the account's tokens with scopes and revocation, never a secret or its hash", async () => {
    const account = await createAccount(db, { name: "Token list" });
    const other = await createAccount(db, { name: "Someone else" });
    const pos = await createToken(db, { accountId: account.id, name: "pos", scopes: ["read"] });
    const old = await createToken(db, { accountId: account.id, name: "old" });
    await revokeToken(db, { accountId: account.id, tokenId: old.id });
    const foreign = await createToken(db, { accountId: other.id, name: "theirs" });

    const result = await countpoint(["tokens", "list", "--account", String(account.id)]);

    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(jsonLines(result.stdout)).toEqual([
      {
        id: pos.id,
        name: "pos",
        scopes: ["read"],
        site_ids: null,
        created_at: expect.any(String),
        revoked_at: null,
        expires_at: null,
        last_used_at: null,
        rate_limit: "default",
        rate_limit_burst: null,
      },
      {
        id: old.id,
        name: "old",
        scopes: ["read", "adjust", "count", "approve", "webhooks", "sites", "costs", "tokens"],
        site_ids: null,
        created_at: expect.any(String),
        revoked_at: expect.stringMatching(/Z$/),
        expires_at: null,
        last_used_at: null,
        rate_limit: "default",
        rate_limit_burst: null,
      },
    ]);
    for (const token of [pos.token, old.token, foreign.token]) {
      // Everything after cp_<account>_: the secret may itself contain "_".
      const secret = token.replace(/^cp_\d+_/, "");
      expect(secret).toHaveLength(32);
      expect(result.stdout).not.toContain(secret);
      expect(result.stdout).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
  });

  it("prints nothing for an account without tokens", async () => {
    const account = await createAccount(db, { name: "No tokens" });

    const result = await countpoint(["tokens", "list", "--account", String(account.id)]);

    expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("countpoint with bad arguments", () => {
  let accountId: number;
  beforeAll(async () => {
    accountId = (await createAccount(db, { name: "Untouched" })).id;
  });

  const cases: [label: string, args: () => string[], message: RegExp][] = [
    ["a missing --name", () => ["accounts", "create"], /--name/],
    ["a blank --name", () => ["accounts", "create", "--name", "  "], /name/],
    [
      "an unknown flag",
      () => ["accounts", "create", "--name", "Shop", "--colour", "red"],
      /colour/,
    ],
    ["an unknown command", () => ["frobnicate"], /unknown command/],
    ["an unknown subcommand", () => ["accounts", "delete", "--name", "Shop"], /unknown command/],
    [
      "an invalid time zone",
      () => ["accounts", "create", "--name", "Shop", "--timezone", "Mars/Olympus_Mons"],
      /Mars\/Olympus_Mons/,
    ],
    [
      "an unknown scope",
      () => [
        "tokens",
        "create",
        "--account",
        String(accountId),
        "--name",
        "pos",
        "--scopes",
        "read,delete",
      ],
      /scopes/,
    ],
    [
      "an unknown account",
      () => ["tokens", "create", "--account", "2000000000", "--name", "pos"],
      /^countpoint: account 2000000000 does not exist$/,
    ],
    [
      "tokens list for an unknown account",
      () => ["tokens", "list", "--account", "2000000000"],
      /^countpoint: account 2000000000 does not exist$/,
    ],
    ["tokens list without --account", () => ["tokens", "list"], /--account/],
    [
      "a rate limit that is not N/s",
      () => [
        "tokens",
        "create",
        "--account",
        String(accountId),
        "--name",
        "p",
        "--rate-limit",
        "5",
      ],
      /--rate-limit must be N\/s or N\/min/,
    ],
    [
      "an expiry in the past",
      () => [
        "tokens",
        "create",
        "--account",
        String(accountId),
        "--name",
        "p",
        "--expires-at",
        "2020-01-01T00:00:00Z",
      ],
      /--expires-at must be in the future/,
    ],
    [
      "tokens update with nothing to change",
      () => ["tokens", "update", "--account", String(accountId), "--id", "1"],
      /give --rate-limit, --expires-at or --expires-in/,
    ],
    [
      "tokens update of an unknown token",
      () => [
        "tokens",
        "update",
        "--account",
        String(accountId),
        "--id",
        "2000000000",
        "--rate-limit",
        "off",
      ],
      /token 2000000000 of account \d+ does not exist/,
    ],
    ["accounts list with a flag", () => ["accounts", "list", "--all"], /all/],
    [
      "a non-numeric account",
      () => ["tokens", "create", "--account", "abc", "--name", "pos"],
      /--account/,
    ],
  ];

  it.each(cases)(
    "%s exits non-zero with a countpoint: error and writes nothing",
    async (_label, args, message) => {
      const before = await written();

      const result = await countpoint(args());

      expect(result.code).toBeGreaterThan(0);
      expect(result.stdout).toBe("");
      const [first] = result.stderr.split("\n");
      expect(first).toMatch(/^countpoint: /);
      expect(first).toMatch(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(await written()).toEqual(before);
    },
  );
});

describe("countpoint import skus", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "countpoint-import-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const csvOf = (rows: string[]) =>
    `code,name,barcodes,opening_on_hand\r\n${rows.join("\r\n")}\r\n`;

  it("imports a CSV file in batches, prints a JSON summary, and changes nothing the second time", async () => {
    const account = await createAccount(db, { name: "Importer" });
    const file = join(dir, "skus.csv");
    const rows = Array.from({ length: 25 }, (_, i) => `IMP-${i},"Item ${i}, boxed",LBL-${i},${i}`);
    await writeFile(file, csvOf(rows));

    const first = await countpoint([
      "import",
      "skus",
      file,
      "--account",
      String(account.id),
      "--batch",
      "10",
    ]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      rows: 25,
      created: 25,
      updated: 0,
      unchanged: 0,
      opening_balances: 24,
      on_hand_kept: 0,
      batches: 3,
    });
    expect(first.stderr).toMatch(/100% 25 rows/);
    // Each with its on hand at the default site.
    const skus = await db.$queryRaw<
      { code: string; name: string; barcodes: string[]; on_hand: number }[]
    >`
      SELECT s.code, s.name, s.barcodes, COALESCE(l.on_hand, 0)::float8 AS on_hand FROM skus AS s
      LEFT JOIN sku_stock AS l ON l.account_id = s.account_id AND l.sku_id = s.id
        AND l.site_id = (SELECT id FROM sites WHERE account_id = ${account.id} AND is_default)
      WHERE s.account_id = ${account.id} ORDER BY s.id`;
    expect(skus.map((s) => [s.code, s.name, s.barcodes, s.on_hand]).slice(0, 2)).toEqual([
      ["IMP-0", "Item 0, boxed", ["LBL-0"], 0],
      ["IMP-1", "Item 1, boxed", ["LBL-1"], 1],
    ]);
    const movements = await db.stockMovement.count({ where: { accountId: account.id } });
    expect(movements).toBe(24); // every opening but the 0

    const again = await countpoint(["import", "skus", file, "--account", String(account.id)]);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 25, created: 0, unchanged: 25 });
    expect(await db.stockMovement.count({ where: { accountId: account.id } })).toBe(movements);
  });

  it("opens stock at the sites a site column names, an item's rows in several batches", async () => {
    const account = await createAccount(db, { name: "Importer of a chain" });
    await db.$executeRaw`
      INSERT INTO sites (account_id, code, name) VALUES (${account.id}, 'STORE-1', 'Store')`;
    const file = join(dir, "sites.csv");
    await writeFile(
      file,
      "code,name,site,on_hand\r\nCHAIR,Chair,,4\r\nCHAIR,Chair,store-1,2\r\nTABLE,Table,STORE-1,1\r\n",
    );
    const result = await countpoint([
      "import",
      "skus",
      file,
      "--account",
      String(account.id),
      "--batch",
      "1",
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      rows: 3,
      created: 2,
      unchanged: 1,
      opening_balances: 3,
      batches: 3,
    });
    const levels = await db.$queryRaw<{ code: string; site: string; on_hand: number }[]>`
      SELECT s.code::text AS code, t.code::text AS site, l.on_hand::float8 AS on_hand
      FROM sku_stock AS l JOIN skus AS s ON s.account_id = l.account_id AND s.id = l.sku_id
      JOIN sites AS t ON t.account_id = l.account_id AND t.id = l.site_id
      WHERE l.account_id = ${account.id} AND l.on_hand <> 0 ORDER BY s.code, t.code`;
    expect(levels.map((l) => [l.code, l.site, l.on_hand])).toEqual([
      ["CHAIR", "MAIN", 4],
      ["CHAIR", "STORE-1", 2],
      ["TABLE", "STORE-1", 1],
    ]);
  });

  it("stops at a bad batch, naming the rows by their line in the file; the batches before stay", async () => {
    const account = await createAccount(db, { name: "Importer with a bad row" });
    const file = join(dir, "bad.csv");
    const rows = Array.from({ length: 12 }, (_, i) => `BAD-${i},Item ${i},,`);
    rows[10] = "BAD-10,,,";
    rows[11] = "BAD-11,too,many,columns,here";
    await writeFile(file, csvOf(rows));

    const result = await countpoint([
      "import",
      "skus",
      file,
      "--account",
      String(account.id),
      "--batch",
      "5",
    ]);
    expect(result.code).toBe(1);
    // After the progress of the batches that went in.
    expect(result.stderr).toMatch(/% 10 rows\ncountpoint: /);
    expect(result.stderr).toContain("rows 12 name: INVALID_PARAMETER");
    expect(result.stderr).toContain("rows 13: MALFORMED_REQUEST");
    expect(await db.sku.count({ where: { accountId: account.id } })).toBe(10);
  });

  it("refuses a file that is not UTF-8 and a missing --account", async () => {
    const account = await createAccount(db, { name: "Importer of latin-1" });
    const file = join(dir, "latin1.csv");
    await writeFile(
      file,
      Buffer.concat([
        Buffer.from("code,name\r\nA,Stra"),
        Buffer.from([0xdf, 0x65]),
        Buffer.from("\r\n"),
      ]),
    );
    const result = await countpoint(["import", "skus", file, "--account", String(account.id)]);
    expect([result.code, result.stderr]).toEqual([1, "countpoint: the file is not UTF-8 text\n"]);
    expect(await db.sku.count({ where: { accountId: account.id } })).toBe(0);
    const usage = await countpoint(["import", "skus", file]);
    expect(usage.code).toBe(2);
  });
});

describe("countpoint tokens create and update: expiry and rate limit", () => {
  it("creates a token expiring in 90 days with its own rate limit, and changes both", async () => {
    const account = await createAccount(db, { name: "Limited" });
    const before = Date.now();

    const created = await countpoint([
      "tokens",
      "create",
      "--account",
      String(account.id),
      "--name",
      "sync",
      "--expires-in",
      "90d",
      "--rate-limit",
      "20/s",
    ]);

    expect(created).toMatchObject({ code: 0, stderr: "" });
    const printed = JSON.parse(created.stdout);
    expect(printed).toMatchObject({ rate_limit: "20/s", rate_limit_burst: 40 });
    const expiresIn = Date.parse(printed.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(90 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThan(90 * 86_400_000 + 60_000);
    expect(
      await db.apiToken.findUniqueOrThrow({
        where: { accountId_id: { accountId: account.id, id: printed.id } },
      }),
    ).toMatchObject({
      rateLimitPerSecond: 20,
      rateLimitBurst: 40,
      expiresAt: new Date(printed.expires_at),
    });

    const args = ["tokens", "update", "--account", String(account.id), "--id", String(printed.id)];
    const perMinute = await countpoint([...args, "--rate-limit", "30/min", "--burst", "5"]);
    expect(perMinute).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(perMinute.stdout)).toMatchObject({
      id: printed.id,
      expires_at: printed.expires_at,
      rate_limit: "30/min",
      rate_limit_burst: 5,
    });

    const off = await countpoint([...args, "--rate-limit", "off", "--expires-at", "never"]);
    expect(JSON.parse(off.stdout)).toMatchObject({ expires_at: null, rate_limit: "off" });

    const reset = await countpoint([
      ...args,
      "--rate-limit",
      "default",
      "--expires-at",
      "2099-01-31T00:00:00+01:00",
    ]);
    expect(JSON.parse(reset.stdout)).toMatchObject({
      expires_at: "2099-01-30T23:00:00.000Z",
      rate_limit: "default",
      rate_limit_burst: null,
    });
  });
});

describe("countpoint classify and cycle-counts intervals", () => {
  it("classifies after a dry run, and sets the intervals it is given", async () => {
    const account = await createAccount(db, { name: "Cycle shop" });
    await db.$executeRaw`
      WITH s AS (
        INSERT INTO skus (account_id, id, code, name) VALUES
          (${account.id}, 1, 'CLI-1', 'One'), (${account.id}, 2, 'CLI-2', 'Two')
        RETURNING account_id, id
      )
      INSERT INTO sku_stock (account_id, site_id, sku_id, on_hand)
      SELECT s.account_id, d.id, s.id, 0 FROM s
      JOIN sites AS d ON d.account_id = s.account_id AND d.is_default`;
    const classes = async () =>
      (
        await db.$queryRaw<{ c: string }[]>`SELECT count_class::text AS c FROM sku_cycle_counts
          WHERE account_id = ${account.id} ORDER BY sku_id`
      ).map((r) => r.c);

    const dry = await countpoint(["classify", "--account", String(account.id), "--dry-run"]);
    expect(dry).toMatchObject({ code: 0, stderr: "" });
    const [main] = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM sites WHERE account_id = ${account.id} AND is_default`;
    expect(JSON.parse(dry.stdout)).toEqual({
      site_id: main!.id,
      window_days: 90,
      share_a: 80,
      share_b: 15,
      dry_run: true,
      classes: [
        { count_class: "A", skus: 0, changed: 0 },
        { count_class: "B", skus: 0, changed: 0 },
        { count_class: "C", skus: 2, changed: 2 },
      ],
    });
    expect(await classes()).toEqual([]);
    const done = await countpoint([
      "classify",
      "--account",
      String(account.id),
      "--window-days",
      "30",
    ]);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ window_days: 30, dry_run: false });
    expect(await classes()).toEqual(["C", "C"]);

    // At another site: its own classes; one the account does not have is refused.
    const [van] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO sites (account_id, code, name) VALUES (${account.id}, 'VAN', 'Van') RETURNING id`;
    const there = await countpoint([
      "classify",
      "--account",
      String(account.id),
      "--site",
      String(van!.id),
    ]);
    expect(there.code).toBe(0);
    expect(JSON.parse(there.stdout)).toMatchObject({ site_id: van!.id, dry_run: false });
    expect(await classes()).toEqual(["C", "C", "C", "C"]);
    const unknown = await countpoint([
      "classify",
      "--account",
      String(account.id),
      "--site",
      "999999",
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("SITE_NOT_FOUND");

    const set = await countpoint([
      "cycle-counts",
      "intervals",
      "--account",
      String(account.id),
      "--a",
      "14",
    ]);
    expect(set).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(set.stdout)).toEqual({
      interval_days_a: 14,
      interval_days_b: 90,
      interval_days_c: 365,
    });
    const shown = await countpoint(["cycle-counts", "intervals", "--account", String(account.id)]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ interval_days_a: 14 });
  });

  it("refuses bad arguments and writes nothing", async () => {
    const account = await createAccount(db, { name: "Cycle refusals" });
    const before = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    for (const args of [
      ["classify", "--account", String(account.id), "--share-a", "101"],
      ["classify", "--account", String(account.id), "--window-days", "x"],
      ["cycle-counts", "intervals", "--account", String(account.id), "--b", "4000"],
      ["cycle-counts", "intervals", "--account", String(account.id), "--c", "0"],
    ]) {
      const result = await countpoint(args);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/^countpoint: /);
    }
    expect(await db.account.findUniqueOrThrow({ where: { id: account.id } })).toEqual(before);
    expect(await db.skuCycleCount.count({ where: { accountId: account.id } })).toBe(0);
  });
});
