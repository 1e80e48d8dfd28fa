// The command line as an operator uses it: the built `countpoint` binary against a database of
// its own. Output is one JSON line on success; a failure is a non-zero exit with a message on
// stderr that starts with `countpoint:`, and nothing written.
import { execFile } from "node:child_process";
import { createPrismaClient, type PrismaClient } from "../../src/db/client.js";
import { migrate } from "../../src/db/migrate.js";
import { createHash } from "node:crypto";
import {
  authenticate,
  createAccount,
  createToken,
  revokeToken,
} from "../../src/modules/account/account.service.js";
import { projectRoot } from "../../src/paths.js";
import { createFreshDatabase, type FreshDatabase } from "../helpers/fresh-database.js";

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let fresh: FreshDatabase;
let db: PrismaClient;

function countpoint(args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: fresh.url };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["dist/src/cli.js", ...args],
      { cwd: projectRoot, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

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
    });

    const principal = await authenticate(db, printed.token);
    expect(principal?.accountId).toBe(account.id);
    expect(principal?.actor).toEqual({ name: "pos", tokenId: printed.id });
    expect([...(principal?.scopes ?? [])].sort()).toEqual(["count", "read"]);
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
        "tokens create",
        "tokens list",
        "tokens revoke",
        "schema",
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
    });
    expect(printed.find((a) => a.id === second.id)?.name).toBe('Listed "two"\nwith a newline');
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
        created_at: expect.any(String),
        revoked_at: null,
      },
      {
        id: old.id,
        name: "old",
        scopes: ["read", "adjust", "count", "approve"],
        created_at: expect.any(String),
        revoked_at: expect.stringMatching(/Z$/),
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
