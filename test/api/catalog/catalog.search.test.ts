// Finding things in the catalog and keeping a copy of it in step: search by part of a code or
// name, filters that combine, keyset pages, and updated_since, which an ERP pages through to
// sync, never missing a change, even one that commits late.
import pg from "pg";
import { databaseUrl, newAccount, type TestAccount } from "../../helpers/db.js";
import { gql, rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { ListSkusFilteredDocument } from "../generated/graphql.js";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Listed {
  id: number;
  code: string;
  name: string;
  updated_at: string;
}

async function sku(acct: TestAccount, code: string, name: string, extra: object = {}) {
  const res = await rest(t, "POST", "/skus", { token: acct.token, body: { code, name, ...extra } });
  expect(res.status).toBe(201);
  return res.body as Listed;
}

/** Every row of a list, following next_cursor with pages of `limit`. */
async function everyPage(acct: TestAccount, path: string, query: string, limit = 2) {
  const rows: Listed[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${cursor}` : "";
    const res = await rest(t, "GET", `${path}?limit=${limit}&${query}${after}`, {
      token: acct.token,
    });
    expect(res.status).toBe(200);
    rows.push(...(res.body.data as Listed[]));
    cursor = res.body.next_cursor;
  } while (cursor);
  return rows;
}

const codes = (rows: Listed[]) => rows.map((r) => r.code);

describe("search and filters", () => {
  let acct: TestAccount;
  beforeAll(async () => {
    acct = await newAccount(t.db);
    await sku(acct, "BOLT-M6", "Hex bolt M6x20");
    await sku(acct, "BOLT-M8", "Hex bolt M8x30", { active: false });
    await sku(acct, "NUT-M6", "Nut for bolts, M6");
    await sku(acct, "MUG-WHITE", "Mug, white 100%");
    await sku(acct, "CAP_NAVY", "Cap, navy");
  });

  it("matches part of the code or the name, regardless of case, in id order across pages", async () => {
    expect(codes(await everyPage(acct, "/skus", "q=bolt"))).toEqual([
      "BOLT-M6",
      "BOLT-M8",
      "NUT-M6",
    ]);
    expect(codes(await everyPage(acct, "/skus", "q=m6"))).toEqual(["BOLT-M6", "NUT-M6"]);
    expect(codes(await everyPage(acct, "/skus", "q=WHITE"))).toEqual(["MUG-WHITE"]);
    expect(codes(await everyPage(acct, "/skus", "q=x30"))).toEqual(["BOLT-M8"]);
  });

  it("takes % and _ in q as themselves", async () => {
    expect(codes(await everyPage(acct, "/skus", `q=${encodeURIComponent("100%")}`))).toEqual([
      "MUG-WHITE",
    ]);
    expect(codes(await everyPage(acct, "/skus", "q=p_n"))).toEqual(["CAP_NAVY"]);
    expect(codes(await everyPage(acct, "/skus", `q=${encodeURIComponent("%")}`))).toEqual([
      "MUG-WHITE",
    ]);
  });

  it("combines filters: code regardless of case, active, and q", async () => {
    expect(codes(await everyPage(acct, "/skus", "code=bolt-m8"))).toEqual(["BOLT-M8"]);
    expect(codes(await everyPage(acct, "/skus", "q=bolt&active=true"))).toEqual([
      "BOLT-M6",
      "NUT-M6",
    ]);
    expect(codes(await everyPage(acct, "/skus", "q=bolt&active=false"))).toEqual(["BOLT-M8"]);
    expect(await everyPage(acct, "/skus", "code=BOLT-M6&active=false")).toEqual([]);
  });

  it("does not show another account's matches", async () => {
    const other = await newAccount(t.db);
    await sku(other, "BOLT-OTHER", "Another account's bolt");
    expect(codes(await everyPage(acct, "/skus", "q=bolt"))).not.toContain("BOLT-OTHER");
    expect(codes(await everyPage(other, "/skus", "q=bolt"))).toEqual(["BOLT-OTHER"]);
  });

  it("finds SKUs and supplier items by barcode, any spelling of a GTIN", async () => {
    const owner = await newAccount(t.db);
    await sku(owner, "SCANNED", "Scanned", { barcodes: ["036000291452"] });
    await sku(owner, "OTHER", "Other");
    expect(codes(await everyPage(owner, "/skus", "barcode=0036000291452"))).toEqual(["SCANNED"]);
    const item = await rest(t, "POST", "/supplier-items", {
      token: owner.token,
      body: { supplier: "ACME", code: "A-1", name: "Item", barcodes: ["4006381333931"] },
    });
    expect(item.status).toBe(201);
    expect(codes(await everyPage(owner, "/supplier-items", "barcode=4006381333931"))).toEqual([
      "A-1",
    ]);
    expect(await everyPage(owner, "/skus", "barcode=4006381333931")).toEqual([]);
    const bad = await rest(t, "GET", "/skus?barcode=4006381333932", { token: owner.token });
    expect([bad.status, bad.body.code]).toEqual([422, "INVALID_BARCODE"]);
  });

  it("answers in a page's rows what each row's own GET answers, to the byte", async () => {
    const owner = await newAccount(t.db);
    const made = [
      await sku(owner, "PLAIN", "Plain"),
      await sku(owner, "DECIMAL", 'Fraction ½ "quoted"', {
        opening_on_hand: 12.5,
        location: "A-01-3",
        barcodes: ["036000291452", "IN-HOUSE-7"],
      }),
      await sku(owner, "TINY", "Tiny", { opening_on_hand: 0.001 }),
      await sku(owner, "BIG", "Big", { opening_on_hand: 99999999999.999 }),
    ];
    await rest(t, "PATCH", `/skus/${made[0]!.id}`, { token: owner.token, body: { active: false } });
    const items = [
      await rest(t, "POST", "/supplier-items", {
        token: owner.token,
        body: { supplier: "ACME", code: "A-1", name: "Linked", sku_id: made[1]!.id },
      }),
      await rest(t, "POST", "/supplier-items", {
        token: owner.token,
        body: { supplier: "Würth", code: "W-1", name: "Own", opening_on_hand: 3.25 },
      }),
    ];
    for (const item of items) expect(item.status).toBe(201);
    for (const [path, ids] of [
      ["/skus", made.map((m) => m.id)],
      ["/supplier-items", items.map((i) => i.body.id as number)],
    ] as const) {
      const text = async (at: string) => {
        const res = await fetch(`${t.baseUrl}/api/v1${at}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        });
        expect(res.status).toBe(200);
        return res.text();
      };
      const one = await Promise.all(ids.map((id) => text(`${path}/${id}`)));
      expect(await text(`${path}?limit=100`)).toBe(
        `{"data":[${one.join(",")}],"next_cursor":null}`,
      );
      // The list checked against the contract as well.
      expect((await rest(t, "GET", `${path}?limit=100`, { token: owner.token })).status).toBe(200);
    }
  });

  it("filters supplier items by supplier and by linked SKU", async () => {
    const owner = await newAccount(t.db);
    const target = await sku(owner, "LINKED", "Linked SKU");
    const make = (supplier: string, code: string, sku_id?: number) =>
      rest(t, "POST", "/supplier-items", {
        token: owner.token,
        body: { supplier, code, name: `${supplier} ${code}`, ...(sku_id ? { sku_id } : {}) },
      });
    await make("ACME", "A-1", target.id);
    await make("ACME", "A-2");
    await make("Würth", "W-1", target.id);
    expect(codes(await everyPage(owner, "/supplier-items", "supplier=ACME"))).toEqual([
      "A-1",
      "A-2",
    ]);
    expect(codes(await everyPage(owner, "/supplier-items", `sku_id=${target.id}`))).toEqual([
      "A-1",
      "W-1",
    ]);
    const viaQ = await everyPage(owner, "/supplier-items", `q=${encodeURIComponent("würth w")}`);
    expect(codes(viaQ)).toEqual(["W-1"]);
  });

  it("filters over GraphQL the same way", async () => {
    const res = await gql(
      t,
      ListSkusFilteredDocument,
      { filter: { q: "BOLT", active: true }, first: 10 },
      acct.token,
    );
    expect(res.data?.skus.edges.map((e) => e.node.code)).toEqual(["BOLT-M6", "NUT-M6"]);
  });

  it("refuses a query over 200 characters and a bad updated_since with INVALID_PARAMETER", async () => {
    const long = await rest(t, "GET", `/skus?q=${"x".repeat(201)}`, { token: acct.token });
    expect([long.status, long.body.code]).toEqual([400, "INVALID_PARAMETER"]);
    const since = await rest(t, "GET", "/skus?updated_since=yesterday", { token: acct.token });
    expect([since.status, since.body.code, since.body.errors[0].parameter]).toEqual([
      400,
      "INVALID_PARAMETER",
      "updated_since",
    ]);
  });
});

describe("syncing with updated_since", () => {
  /** One sync pass from `since`: every page, in the order of change. */
  const syncFrom = (acct: TestAccount, since: string, limit = 2) =>
    everyPage(acct, "/skus", `updated_since=${encodeURIComponent(since)}`, limit);

  it("lists what changed since, oldest change first; an edited row moves to the end", async () => {
    const acct = await newAccount(t.db);
    const a = await sku(acct, "A", "a");
    const b = await sku(acct, "B", "b");
    const c = await sku(acct, "C", "c");
    expect(codes(await syncFrom(acct, a.updated_at))).toEqual(["A", "B", "C"]);
    expect(codes(await syncFrom(acct, b.updated_at))).toEqual(["B", "C"]);

    await rest(t, "PATCH", `/skus/${a.id}`, { token: acct.token, body: { name: "a, renamed" } });
    await rest(t, "PATCH", `/skus/${b.id}`, {
      token: acct.token,
      body: { on_hand: 3, reason: "correction" },
    });
    const changed = await syncFrom(acct, c.updated_at);
    expect(codes(changed)).toEqual(["C", "A", "B"]);
    expect(changed[1]?.name).toBe("a, renamed");
  });

  it("never skips a change that commits after a later one was read", async () => {
    const acct = await newAccount(t.db);
    const held = await sku(acct, "HELD", "held");
    const later = await sku(acct, "LATER", "later");
    const since = later.updated_at;
    expect(codes(await syncFrom(acct, since))).toEqual(["LATER"]);

    // An edit of HELD stamped now, committed only at the end; meanwhile LATER changes and commits.
    const writer = new pg.Client({ connectionString: databaseUrl() });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query(
        "UPDATE skus SET name = 'held, renamed' WHERE account_id = $1 AND id = $2",
        [acct.accountId, held.id],
      );
      await rest(t, "PATCH", `/skus/${later.id}`, {
        token: acct.token,
        body: { name: "later, renamed" },
      });

      // A sync now must not pass LATER's change while HELD's earlier stamp is still in flight.
      const during = await syncFrom(acct, since);
      const resumeFrom = during.at(-1)?.updated_at ?? since;
      await writer.query("COMMIT");

      const after = await syncFrom(acct, resumeFrom);
      const seen = new Map([...during, ...after].map((r) => [r.code, r.name]));
      expect(seen.get("HELD")).toBe("held, renamed");
      expect(seen.get("LATER")).toBe("later, renamed");
    } finally {
      await writer.end();
    }
  });

  it("sees every row edited while it pages, under concurrent edits", async () => {
    const acct = await newAccount(t.db);
    const all: Listed[] = [];
    for (let i = 0; i < 30; i++) all.push(await sku(acct, `S-${i}`, `sku ${i}`));
    const start = all[0]!.updated_at;

    let editing = true;
    const edited = new Map<number, string>(); // id → updated_at of its last committed edit
    const editor = (async () => {
      for (let round = 0; editing; round++) {
        const target = all[(round * 7) % all.length]!;
        const res = await rest(t, "PATCH", `/skus/${target.id}`, {
          token: acct.token,
          body: { name: `sku ${target.code} v${round}` },
        });
        expect(res.status).toBe(200);
        edited.set(target.id, res.body.updated_at);
      }
    })();
    const firstPass = await syncFrom(acct, start, 3);
    editing = false;
    await editor;
    // What the first pass missed is what a second pass from its last row finds.
    const secondPass = await syncFrom(acct, firstPass.at(-1)?.updated_at ?? start, 3);
    const lastSeen = new Map<number, string>();
    for (const r of [...firstPass, ...secondPass]) lastSeen.set(r.id, r.updated_at);

    expect(edited.size).toBeGreaterThan(0);
    for (const [id, at] of edited) expect(lastSeen.get(id)! >= at).toBe(true);
    for (const s of all) expect(lastSeen.has(s.id)).toBe(true);
  });

  it("brings a linked supplier item back when its SKU changes, and an item when it is unlinked", async () => {
    const acct = await newAccount(t.db);
    const target = await sku(acct, "LINKED-SKU", "linked");
    const make = (code: string, sku_id?: number) =>
      rest(t, "POST", "/supplier-items", {
        token: acct.token,
        body: { supplier: "ACME", code, name: code, ...(sku_id ? { sku_id } : {}) },
      });
    const linked = (await make("L-1", target.id)).body;
    const other = (await make("L-2")).body;
    const itemsFrom = (since: string) =>
      everyPage(acct, "/supplier-items", `updated_since=${encodeURIComponent(since)}`);
    const since = other.updated_at as string;
    expect(codes(await itemsFrom(since))).toEqual(["L-2"]);

    await rest(t, "PATCH", `/skus/${target.id}`, {
      token: acct.token,
      body: { on_hand: 4, reason: "correction" },
    });
    const afterStock = await itemsFrom(since);
    expect(codes(afterStock)).toEqual(["L-2", "L-1"]);
    expect(afterStock[1]).toMatchObject({ id: linked.id, on_hand: 4 });

    await rest(t, "POST", `/supplier-items/${linked.id}/unlink`, { token: acct.token });
    const afterUnlink = await itemsFrom(afterStock[1]!.updated_at);
    expect(
      afterUnlink.map((r) => [r.code, (r as unknown as { sku_id: number | null }).sku_id]),
    ).toEqual([["L-1", null]]);
  });

  it("refuses a cursor of another query", async () => {
    const acct = await newAccount(t.db);
    const a = await sku(acct, "A", "a");
    await sku(acct, "B", "b");
    const page = await rest(
      t,
      "GET",
      `/skus?limit=1&updated_since=${encodeURIComponent(a.updated_at)}`,
      {
        token: acct.token,
      },
    );
    const cursor = page.body.next_cursor as string;
    const other = await rest(t, "GET", `/skus?limit=1&updated_since=2020-01-01&cursor=${cursor}`, {
      token: acct.token,
    });
    expect([other.status, other.body.code]).toEqual([400, "INVALID_CURSOR"]);
  });
});
