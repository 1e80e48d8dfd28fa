// One account with three sites for the site-limits sweep: D (the default), S (the store a token
// is limited to) and X (another). Items hold stock at all three; D and X have stock takes in
// every state, adjustments, movements and transfers between them; S is the other end of a few
// transfers. The admin's writes carry Idempotency-Keys, for the limited token to repeat. What
// D and X hold (texts, distinctive quantities, ids) is what no answer to the limited token may
// show, and what no call of it may change (siteFingerprint).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../src/db/client.js";
import { rest, type TestApp } from "./app.js";
import { newAccount, type TestAccount } from "./db.js";
import type { RestCall } from "./isolation.js";
import { gtin, keyedWriter, type Made } from "./isolation-world.js";
import { defaultSiteOf, newSite } from "./sites.js";

/** An admin write, by the request that made it and its key. */
export type Written = Made;

export interface SiteWorld {
  acct: TestAccount;
  /** The token limited to S (read, adjust, count, approve), made through POST /tokens. */
  limited: string;
  d: number;
  s: number;
  x: number;
  ids: Record<string, number>;
  names: Record<string, string>;
  made: Record<string, Written>;
  /** Cursors the admin token was given, for the limited token to present. */
  cursors: Record<string, string>;
  /** What of D and X the limited token may never be shown. */
  hidden: {
    sites: number[];
    takes: number[];
    adjustments: number[];
    transfers: number[];
    movements: string[];
    events: string[];
  };
  /** D's and X's texts and distinctive quantities. */
  secrets: string[];
}

export async function buildSiteWorld(t: TestApp): Promise<SiteWorld> {
  const acct = await newAccount(t.db);
  const tag = `sl${randomBytes(3).toString("hex")}`;
  const ids: Record<string, number> = {};
  const names: Record<string, string> = { tag, supplier: `${tag} Supplies` };
  const made: Record<string, Written> = {};

  /** One of the admin's writes, with a key of its own; it must succeed. */
  const write = keyedWriter(t, tag, made, acct.token);
  const post = (path: string, body?: unknown): RestCall => ({ method: "POST", path, body });
  const patch = (path: string, body: unknown): RestCall => ({ method: "PATCH", path, body });

  const d = await defaultSiteOf(t, acct);
  const s = await newSite(t, acct, `${tag}-S`);
  const x = await newSite(t, acct, `${tag}-X`);
  names.xCode = `${tag}-X`;
  names.xName = `Site ${tag}-X`;

  /** An item with an opening balance at D and stock at other sites, its code and barcode named. */
  const entity = async (
    kind: "skus" | "supplier-items",
    name: string,
    opening: number,
    at: [number, number][],
  ) => {
    names[`${name}Code`] = `${tag}-${name}`;
    names[`${name}Barcode`] = gtin();
    const own = kind === "skus" ? {} : { supplier: names.supplier };
    ids[name] = (
      await write(
        name,
        post(`/${kind}`, {
          ...own,
          code: names[`${name}Code`],
          name: `${tag} ${name} name`,
          opening_on_hand: opening,
          barcodes: [names[`${name}Barcode`]],
        }),
      )
    ).id;
    for (const [site, onHand] of at) {
      await write(
        `${name}At${site}`,
        patch(`/${kind}/${ids[name]}`, { on_hand: onHand, reason: "correction", site_id: site }),
      );
    }
  };
  /** A SKU with its opening balance at D (the default), then its stock at other sites. */
  const sku = (name: string, opening: number, at: [number, number][] = []) =>
    entity("skus", name, opening, at);
  /** An unlinked supplier item, likewise. */
  const item = (name: string, opening: number, at: [number, number][] = []) =>
    entity("supplier-items", name, opening, at);

  // Quantities at D and X all have decimals and are above 5000: distinctive. S's are small.
  await Promise.all([
    sku("sShared", 5101.125, [
      [s, 11],
      [x, 5202.25],
    ]),
    sku("sD1", 5303.375),
    sku("sD2", 5404.5),
    sku("sD3", 5455.25),
    sku("sD4", 5466.125),
    sku("sD5", 5499.875),
    sku("sD6", 5511.25),
    sku("sX1", 0, [[x, 5505.625]]),
    sku("sS", 0, [[s, 7]]),
    sku("sTr", 5606.75, [[s, 20]]),
    // Twins with nothing anywhere: the calls naming them are what the calls naming D's are
    // compared with.
    sku("sTwin", 0),
    item("iShared", 5707.875, [
      [s, 13],
      [x, 5808.125],
    ]),
    // Items of D's only: its stock, in its stock take, on its way to X; one per link probe.
    item("iD1", 5909.25),
    item("iD2", 5911.5),
    item("iD3", 5913.75),
    item("iD4", 5915.125),
    item("iDtake1", 5950.5),
    item("iDtake2", 5952.25),
    item("iTr1", 5975.75),
    item("iTr2", 5977.5),
    ...Array.from({ length: 8 }, (_, i) => `iTwin${i + 1}`).map((name) => item(name, 0)),
  ]);

  /** A stock take of the admin's at a site, with its reference and note. */
  const start = async (name: string, site: number, scope: object) => {
    ids[name] = (
      await write(
        name,
        post("/stock-takes/start", {
          site_id: site,
          scope,
          reference: `${tag}-${name}`,
          note: `${tag} ${name} note`,
        }),
      )
    ).id;
  };
  const onTake = (name: string, take: string, action: string, body?: object) =>
    write(name, post(`/stock-takes/${ids[take]}/${action}`, body));
  const counter = `${tag} counter`;
  names.counter = counter;

  await Promise.all([
    (async () => {
      await start("tkCounting", d, {
        sku_ids: [ids.sD1],
        supplier_item_ids: [ids.iDtake1, ids.iDtake2],
      });
      await onTake("tkInput", "tkCounting", "input", {
        counts: [
          { type: "sku", id: ids.sD1, counted_qty: 5310.5 },
          { type: "supplier_item", id: ids.iDtake1, counted_qty: 5951.5 },
        ],
        counter,
      });
      await onTake("tkAccept", "tkCounting", "accept-lines", {
        lines: [{ type: "sku", id: ids.sD1 }],
      });
    })(),
    (async () => {
      await start("tkReconciled", d, { sku_ids: [ids.sD2] });
      await onTake("tkInput2", "tkReconciled", "input", {
        counts: [{ type: "sku", id: ids.sD2, counted_qty: 5410.5 }],
        counter,
      });
      await onTake("tkAccept2", "tkReconciled", "accept-lines", {
        lines: [{ type: "sku", id: ids.sD2 }],
      });
      await onTake("tkReconcile", "tkReconciled", "reconcile", {});
    })(),
    (async () => {
      await start("tkCancelled", d, { sku_ids: [ids.sD3] });
      await onTake("tkCancel", "tkCancelled", "cancel");
      await start("tkOpen", d, { sku_ids: [ids.sD3] });
    })(),
    start("tkX", x, { sku_ids: [ids.sX1] }),
    // The admin's writes naming no site: at D, the default.
    (async () => {
      await write("patchD", patch(`/skus/${ids.sD4}`, { on_hand: 5477.375, reason: "correction" }));
      await write(
        "bulkD",
        post("/stock-adjustments/bulk", {
          reason: "correction",
          lines: [{ type: "sku", id: ids.sD5, new_qty: 5488.625 }],
        }),
      );
      ids.tkDefault = (
        await write("tkDefault", post("/stock-takes/start", { scope: { sku_ids: [ids.sD6] } }))
      ).id;
      ids.bulkD = made.bulkD!.body.id as number;
    })(),
    (async () => {
      const bulk = async (name: string, body: object) => {
        ids[name] = (await write(name, post("/stock-adjustments/bulk", body))).id;
      };
      await bulk("adjD", {
        reason: "received",
        site_id: d,
        note: `${tag} adjD note`,
        reference: `${tag}-adjD`,
        lines: [
          { type: "sku", id: ids.sShared, new_qty: 5111.125 },
          { type: "supplier_item", id: ids.iShared, new_qty: 5717.875 },
        ],
      });
      await bulk("adjX", {
        reason: "found",
        site_id: x,
        note: `${tag} adjX note`,
        reference: `${tag}-adjX`,
        lines: [{ type: "sku", id: ids.sShared, new_qty: 5212.25 }],
      });
      // Recorded at S, one line of it at D: S's token sees the record and its S line only.
      await bulk("adjMixed", {
        reason: "correction",
        site_id: s,
        reference: `${tag}-adjMixed`,
        lines: [
          { type: "sku", id: ids.sS, new_qty: 8 },
          { type: "sku", id: ids.sShared, new_qty: 5121.125, site_id: d },
        ],
      });
    })(),
    (async () => {
      const send = async (name: string, from: number, to: number, lines: object[], extra = {}) => {
        ids[name] = (
          await write(
            name,
            post("/transfers", {
              from_site_id: from,
              to_site_id: to,
              reference: `${tag}-${name}`,
              note: `${tag} ${name} note`,
              lines,
              ...extra,
            }),
          )
        ).id;
      };
      const skuLine = (qty: number) => [{ type: "sku", id: ids.sTr, qty }];
      await send("trDX", d, x, [
        ...skuLine(1.5),
        { type: "supplier_item", id: ids.iTr1, qty: 2 },
        { type: "supplier_item", id: ids.iTr2, qty: 2 },
      ]);
      await send("trDXdone", d, x, skuLine(1.125), { receive: true });
      await send("trDXpart", d, x, skuLine(2.5));
      await write(
        "trReceipt",
        post(`/transfers/${ids.trDXpart}/receive`, {
          lines: [{ type: "sku", id: ids.sTr, qty: 0.5 }],
        }),
      );
      await send("trDXcancel", d, x, skuLine(3.5));
      await write("trCancel", post(`/transfers/${ids.trDXcancel}/cancel`));
      // S at one end: seen by S's token, which may change only its own end.
      await send("trDS1", d, s, skuLine(2));
      await send("trDS2", d, s, skuLine(3));
      await send("trSD", s, d, skuLine(4));
    })(),
  ]);

  // The token limited to S, as a manager issues it.
  const issued = await rest(t, "POST", "/tokens", {
    token: acct.token,
    body: {
      name: `${tag} store S`,
      scopes: ["read", "adjust", "count", "approve"],
      site_ids: [s],
      expires_at: new Date(Date.now() + 12 * 3_600_000).toISOString(),
    },
  });
  if (issued.status !== 201) throw new Error(`issuing S's token: ${JSON.stringify(issued.body)}`);

  const hidden = {
    sites: [d, x],
    takes: ["tkCounting", "tkReconciled", "tkCancelled", "tkOpen", "tkX", "tkDefault"].map(
      (k) => ids[k]!,
    ),
    adjustments: [ids.adjD!, ids.adjX!, ids.bulkD!],
    transfers: ["trDX", "trDXdone", "trDXpart", "trDXcancel"].map((k) => ids[k]!),
    ...(await hiddenRows(t.db, acct.accountId, [d, x])),
  };
  return {
    acct,
    limited: issued.body.token as string,
    d,
    s,
    x,
    ids,
    names,
    made,
    cursors: await cursorsOf(t, acct.token, ids),
    hidden,
    secrets: await secretsOf(t.db, acct.accountId, [d, x], hidden.takes, tag),
  };
}

/** The movements and events of these sites (a stock take's events by its stock take's site). */
async function hiddenRows(db: PrismaClient, accountId: number, sites: number[]) {
  const movements = await db.stockMovement.findMany({
    where: { accountId, siteId: { in: sites } },
    select: { id: true },
  });
  const events = await db.$queryRaw<{ id: string }[]>`
    SELECT e.id::text AS id FROM events e WHERE e.account_id = ${accountId} AND COALESCE(
      (e.data->>'site_id')::int,
      (SELECT t.site_id FROM stock_takes t
        WHERE t.account_id = e.account_id AND e.type LIKE 'stock_take.%'
          AND t.id = (e.data->>'id')::int)) = ANY(${sites}::int[])`;
  return {
    movements: movements.map((m) => m.id.toString()),
    events: events.map((e) => `evt_${e.id}`),
  };
}

/**
 * D's and X's texts (stock takes', adjustments', transfers' references and notes, counters, X's
 * code and name) and quantities above 5000 with decimals (S's are all small): none may reach S's
 * token.
 */
async function secretsOf(
  db: PrismaClient,
  accountId: number,
  sites: number[],
  takes: number[],
  tag: string,
): Promise<string[]> {
  const at = { accountId, siteId: { in: sites } };
  const [skuLevels, itemLevels, movements, stockTakes, lines, counts, adjustments] =
    await Promise.all([
      db.skuStock.findMany({ where: at }),
      db.supplierItemStock.findMany({ where: at }),
      db.stockMovement.findMany({ where: at }),
      db.stockTake.findMany({ where: { accountId, id: { in: takes } } }),
      db.stockTakeLine.findMany({ where: { accountId, stockTakeId: { in: takes } } }),
      db.stockTakeCount.findMany({ where: { accountId, stockTakeId: { in: takes } } }),
      db.stockAdjustment.findMany({ where: at, include: { lines: true } }),
    ]);
  const [transfers, adjustmentLines, site] = await Promise.all([
    db.transfer.findMany({
      where: { accountId, fromSiteId: { in: sites }, toSiteId: { in: sites } },
    }),
    // Lines at D or X of adjustments recorded elsewhere (S's mixed one).
    db.stockAdjustmentLine.findMany({ where: at }),
    db.site.findMany({ where: { accountId, id: { in: sites }, code: { contains: tag } } }),
  ]);
  const quantities = [
    ...skuLevels.map((l) => l.onHand),
    ...itemLevels.map((l) => l.onHand),
    ...movements.flatMap((m) => [m.quantityBefore, m.quantityAfter]),
    ...lines.flatMap((l) => [l.expectedQty, l.countedQty]),
    ...counts.flatMap((c) => [c.quantity, c.countedQty]),
    ...[...adjustments.flatMap((a) => a.lines), ...adjustmentLines].flatMap((l) => [
      l.previousQty,
      l.newQty,
    ]),
  ]
    // With decimals only: a whole number may be an id in S's answers (ids pass 5000 on a worker's
    // database that earlier files filled), and D's and X's quantities all have decimals.
    .filter((q) => q !== null && q.greaterThan(5000) && !q.isInteger())
    .map((q) => q!.toFixed());
  const texts = [
    ...stockTakes.flatMap((tk) => [tk.reference, tk.note]),
    ...counts.map((c) => c.counter),
    ...adjustments.flatMap((a) => [a.reference, a.note]),
    ...transfers.flatMap((tr) => [tr.reference, tr.note]),
    ...site.flatMap((x) => [x.code, x.name]),
  ];
  return [...new Set([...quantities, ...texts].filter((v): v is string => !!v && v.length > 3))];
}

/** Cursors of lists the admin token pages, which name positions among D's and X's things. */
async function cursorsOf(t: TestApp, token: string, ids: Record<string, number>) {
  const get = async (path: string) => {
    const res = await rest(t, "GET", path, { token });
    const cursor = res.body.next_cursor as string | null;
    if (!cursor) throw new Error(`the admin has no cursor for ${path}`);
    return cursor;
  };
  return {
    levels: await get(`/skus/${ids.sShared}/levels?limit=1`),
    itemLevels: await get(`/supplier-items/${ids.iShared}/levels?limit=1`),
    transfers: await get("/transfers?limit=1"),
    stockTakes: await get("/stock-takes?limit=1"),
    adjustments: await get("/stock-adjustments?limit=1"),
    movements: await get(`/stock/movements?sku_id=${ids.sShared}&limit=1`),
    events: await get("/events?limit=1"),
  };
}
