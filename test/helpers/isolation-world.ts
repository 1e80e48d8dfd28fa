// Two accounts for the isolation sweep: A holds one of everything the API can name (SKUs and
// supplier items with barcodes, a link, adjustments, stock takes in every status with lines and
// counts, imports, webhooks with a delivery, events, API tokens it issued), each write made with
// an Idempotency-Key (which token issuing ignores);
// B holds a few things of its own to name A's things from (its stock take, item, webhook).
import { randomBytes } from "node:crypto";
import { gs1CheckDigit } from "../../src/modules/catalog/barcode.js";
import { postGraphql, rest, type TestApp } from "./app.js";
import { newAccount, type TestAccount } from "./db.js";
import type { RestCall } from "./isolation.js";
import { skuOnHand } from "./stock.js";

/** A fresh GTIN-13 with a valid check digit. */
export function gtin(): string {
  const body = `2${String(randomBytes(6).readUIntBE(0, 6) % 1e11).padStart(11, "0")}`;
  return body + gs1CheckDigit(body);
}

let fresh = 0;
/** A value that names nothing anywhere. */
export const unused = (prefix = "none") => `${prefix}-${randomBytes(4).toString("hex")}-${++fresh}`;

/** Ids no account has (the sequences stay far below them); a different one per use. */
let missingIds = 2_000_000_000;
export const missingId = () => ++missingIds;

/** What A created, by the request that created it (with its key), for B to repeat. */
export interface Made {
  call: RestCall;
  key: string;
  body: Record<string, unknown>;
}

/**
 * A world's writes, each with an Idempotency-Key of its own (`tag`-name) that a probe may send
 * again, noted in `made` by name; each must succeed.
 */
export function keyedWriter(
  t: TestApp,
  tag: string,
  made: Record<string, Made>,
  defaultToken: string,
) {
  return async (name: string, call: RestCall, token = defaultToken) => {
    const key = `${tag}-${name}`;
    const headers = { ...call.headers, "idempotency-key": key };
    const res = await rest(t, call.method, call.path, { token, body: call.body, headers });
    if (res.status >= 300) {
      throw new Error(`setting up ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
    }
    made[name] = { call, key, body: res.body };
    return res.body as Record<string, unknown> & { id: number };
  };
}

export interface World {
  a: TestAccount;
  b: TestAccount;
  /** Every text and distinctive quantity of A's rows: none may reach B unless B sent it. */
  secrets: string[];
  ids: Record<string, number>;
  /** A's barcodes, codes and other names. */
  names: Record<string, string>;
  /** A's writes by a short name, with the key each was made with. */
  made: Record<string, Made>;
  /** Cursors A was given (REST next_cursor values and GraphQL end cursors). */
  cursors: Record<string, string>;
  /** A's SKUs' on hand as stored, by name (s2: an oracle B must not be able to test). */
  onHand: Record<string, string>;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await newAccount(t.db);
  const b = await newAccount(t.db);
  const tag = `isoA${randomBytes(3).toString("hex")}`;
  const made: Record<string, Made> = {};
  const ids: Record<string, number> = {};
  const names: Record<string, string> = {};

  /** One of A's writes; it must succeed. */
  const write = keyedWriter(t, tag, made, a.token);
  const sku = async (name: string, opening: number) => {
    names[`${name}Code`] = `${tag}-${name}`;
    names[`${name}Barcode`] = gtin();
    names[`${name}Label`] = `${tag}-${name}-label`;
    const body = await write(name, {
      method: "POST",
      path: "/skus",
      body: {
        code: names[`${name}Code`],
        name: `${tag} ${name} name`,
        opening_on_hand: opening,
        barcodes: [names[`${name}Barcode`], names[`${name}Label`]],
      },
    });
    ids[name] = body.id;
  };
  const item = async (name: string, options: { skuId?: number; opening?: number }) => {
    names[`${name}Code`] = `${tag}-${name}`;
    names[`${name}Barcode`] = gtin();
    const body = await write(name, {
      method: "POST",
      path: "/supplier-items",
      body: {
        supplier: `${tag} Supplies`,
        code: names[`${name}Code`],
        name: `${tag} ${name} name`,
        barcodes: [names[`${name}Barcode`]],
        ...(options.skuId ? { sku_id: options.skuId } : {}),
        ...(options.opening ? { opening_on_hand: options.opening } : {}),
      },
    });
    ids[name] = body.id;
  };
  names.tag = tag;
  names.supplier = `${tag} Supplies`;

  const start = async (name: string, scope: object) => {
    const body = await write(name, {
      method: "POST",
      path: "/stock-takes/start",
      body: { scope, reference: `${tag}-${name}`, note: `${tag} ${name} note` },
    });
    ids[name] = body.id;
  };
  const takeWrite = (name: string, take: string, action: string, body?: object) =>
    write(name, { method: "POST", path: `/stock-takes/${ids[take]}/${action}`, body });
  // Webhooks are paused: no worker of a parallel test may send to them.
  const webhook = async (name: string) => {
    const body = await write(name, {
      method: "POST",
      path: "/webhooks",
      body: {
        url: `https://hooks.example.com/${tag}/${name}`,
        event_types: ["stock.changed", "sku.created"],
        description: `${tag} ${name} description`,
        active: false,
      },
    });
    ids[name] = body.id;
    return body.secret as string;
  };
  const imports = (path: string, rows: [string, string, object][]) =>
    Promise.all(
      rows.map(([name, code, extra]) => {
        names[name] = code;
        names[`${name}Barcode`] = gtin();
        return write(name, {
          method: "POST",
          path,
          body: {
            rows: [
              { code, name: `${tag} imported`, barcodes: [names[`${name}Barcode`]], ...extra },
            ],
          },
        });
      }),
    );
  const bWrite = async (call: RestCall) => {
    const res = await rest(t, call.method, call.path, { token: b.token, body: call.body });
    if (res.status >= 300) throw new Error(`setting up B failed: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const bPost = (path: string, body: object) => bWrite({ method: "POST", path, body });

  // SKUs: one to read and name everywhere, one per stock take, one per write B repeats; B's own.
  await Promise.all([
    sku("s1", 9137.25),
    sku("s2", 8146.5),
    sku("s3", 7155.75),
    ...["sRest", "sGql", "sPatch", "sUpdate"].map((name) => sku(name, 6164.125)),
    (async () => {
      ids.bSku = (await bPost("/skus", { code: "B-1", name: "B one", opening_on_hand: 2 })).id;
      ids.bItem = (
        await bPost("/supplier-items", {
          supplier: "B Supplies",
          code: "B-I1",
          name: "B item",
          opening_on_hand: 3,
        })
      ).id;
      ids.bItem2 = (
        await bPost("/supplier-items", { supplier: "B Supplies", code: "B-I2", name: "B item 2" })
      ).id;
      ids.bAdjustment = (
        await bPost("/stock-adjustments/bulk", {
          reason: "received",
          lines: [{ type: "sku", id: ids.bSku, new_qty: 4 }],
        })
      ).id;
      ids.bTake = (
        await bPost("/stock-takes/start", {
          scope: { sku_ids: [ids.bSku], supplier_item_ids: [ids.bItem] },
        })
      ).id;
      await bPost(`/stock-takes/${ids.bTake}/input`, {
        counts: [{ type: "sku", id: ids.bSku, counted_qty: 4 }],
      });
      ids.bWebhook = (
        await bPost("/webhooks", {
          url: "https://hooks.example.com/b",
          event_types: ["stock.changed"],
          active: false,
        })
      ).id;
      ids.bDelivery = await deliveryFor(t, b.accountId, ids.bWebhook!);
      ids.bSite = (await bPost("/sites", { code: "B-S1", name: "B store" })).id;
      ids.bMain = (
        await t.db.site.findFirstOrThrow({ where: { accountId: b.accountId, isDefault: true } })
      ).id;
      // B's own transfer in transit, for B's receipts naming A's items.
      ids.bTransfer = (
        await bPost("/transfers", {
          from_site_id: ids.bMain,
          to_site_id: ids.bSite,
          lines: [{ type: "sku", id: ids.bSku, qty: 1 }],
        })
      ).id;
    })(),
  ]);
  await Promise.all([
    item("i1", { skuId: ids.s1 }),
    item("i2", { opening: 5173.5 }),
    ...["iRest", "iGql", "iPatch", "iUpdate", "iLink"].map((name) => item(name, { opening: 0 })),
    imports("/skus/bulk", [
      ["importSkus", `${tag}-imp-rest`, {}],
      ["importSkusGql", `${tag}-imp-gql`, {}],
    ]),
    imports("/supplier-items/bulk", [
      ["importItems", `${tag}-imp-item-rest`, { supplier: names.supplier, sku_id: ids.s1 }],
      ["importItemsGql", `${tag}-imp-item-gql`, { supplier: names.supplier, sku_id: ids.s1 }],
    ]),
  ]);

  // A classification (a dry run: A's classes stay as they are), for its idempotency key.
  await write("classify", { method: "POST", path: "/skus/classify", body: { dry_run: true } });

  let secret = "";
  const tokenSecrets: string[] = [];
  await Promise.all([
    // An adjustment, then stock takes reconciled and cancelled.
    (async () => {
      await write("patchSku", {
        method: "PATCH",
        path: `/skus/${ids.s1}`,
        body: { on_hand: 9140.125, reason: "correction", reference: `${tag}-ref-1` },
      });
      await start("reconciled", { sku_ids: [ids.s1] });
      await takeWrite("countReconciled", "reconciled", "input", {
        counts: [{ type: "sku", id: ids.s1, counted_qty: 9141.125 }],
        counter: `${tag} counter`,
      });
      await takeWrite("acceptReconciled", "reconciled", "accept-lines", {
        lines: [{ type: "sku", id: ids.s1 }],
      });
      await takeWrite("reconcile", "reconciled", "reconcile", {});
      await start("cancelled", { sku_ids: [ids.s1] });
      await takeWrite("cancel", "cancelled", "cancel");
    })(),
    // A bulk adjustment, then a stock take counting (a line counted, one accepted).
    (async () => {
      ids.adjustment = (
        await write("bulk", {
          method: "POST",
          path: "/stock-adjustments/bulk",
          body: {
            reason: "received",
            note: `${tag} bulk note`,
            reference: `${tag}-ref-2`,
            lines: [
              { type: "sku", id: ids.s2, new_qty: 8150.5 },
              { type: "supplier_item", id: ids.i2, new_qty: 5180.5 },
            ],
          },
        })
      ).id;
      await write("patchItem", {
        method: "PATCH",
        path: `/supplier-items/${ids.i2}`,
        body: { name: `${tag} i2 renamed` },
      });
      await start("counting", { sku_ids: [ids.s2], supplier_item_ids: [ids.i2] });
      await takeWrite("input", "counting", "input", {
        counts: [
          { type: "sku", id: ids.s2, counted_qty: 8152.5 },
          { type: "supplier_item", id: ids.i2, counted_qty: 5181.5 },
        ],
        counter: `${tag} counter`,
      });
      await takeWrite("accept", "counting", "accept-lines", {
        lines: [{ type: "sku", id: ids.s2 }],
      });
    })(),
    start("open", { sku_ids: [ids.s3] }),
    // A link, an unlink and a link again.
    (async () => {
      await write("link", {
        method: "POST",
        path: `/supplier-items/${ids.iLink}/link`,
        body: { sku_id: ids.s1 },
      });
      await write("unlink", { method: "POST", path: `/supplier-items/${ids.i1}/unlink` });
      await write("relink", {
        method: "POST",
        path: `/supplier-items/${ids.i1}/link`,
        body: { sku_id: ids.s1 },
      });
    })(),
    // Webhooks, one with a rotated secret and a delivery with an attempt.
    (async () => {
      secret = await webhook("w1");
      await webhook("w2");
      await write("rotate", {
        method: "POST",
        path: `/webhooks/${ids.w1}/rotate-secret`,
        body: {},
      });
      ids.delivery = await deliveryFor(t, a.accountId, ids.w1!);
    })(),
    // A's sites: two stores and a closed one (its default site is made with the account).
    (async () => {
      for (const [name, active] of [
        ["site1", true],
        ["site2", false],
        ["site3", true],
      ] as const) {
        names[`${name}Code`] = `${tag}-${name}`;
        const body = await write(name, {
          method: "POST",
          path: "/sites",
          body: { code: names[`${name}Code`], name: `${tag} ${name} name`, active },
        });
        ids[name] = body.id;
      }
      const main = await t.db.site.findFirstOrThrow({
        where: { accountId: a.accountId, isDefault: true },
      });
      ids.siteMain = main.id;
      // A's transfers: one in transit (two lines), one moved at once, of a SKU and an item of
      // their own.
      await Promise.all([sku("sTransfer", 40), item("iTransfer", { opening: 30 })]);
      const lines = [
        { type: "sku", id: ids.sTransfer, qty: 1.5 },
        { type: "supplier_item", id: ids.iTransfer, qty: 2 },
      ];
      for (const [name, to, receive] of [
        ["tr1", ids.site1, false],
        ["tr2", ids.site3, true],
      ] as const) {
        const body = await write(name, {
          method: "POST",
          path: "/transfers",
          body: {
            from_site_id: ids.siteMain,
            to_site_id: to,
            reference: `${tag}-${name}`,
            receive,
            lines,
          },
        });
        ids[name] = body.id;
      }
      // One received in part, one cancelled: writes B repeats with A's keys.
      for (const name of ["tr3", "tr4"]) {
        const body = { from_site_id: ids.siteMain, to_site_id: ids.site1, lines };
        ids[name] = (await write(name, { method: "POST", path: "/transfers", body })).id;
      }
      await write("trReceipt", {
        method: "POST",
        path: `/transfers/${ids.tr3}/receive`,
        body: { lines: [{ type: "sku", id: ids.sTransfer, qty: 0.5 }] },
      });
      await write("trCancel", { method: "POST", path: `/transfers/${ids.tr4}/cancel` });
    })(),
    // API tokens A issued: a counting device's and an approver's.
    (async () => {
      const expires_at = new Date(Date.now() + 12 * 3_600_000).toISOString();
      for (const [name, scopes] of [
        ["t1", ["read", "count"]],
        ["t2", ["read", "approve"]],
      ] as const) {
        const body = await write(name, {
          method: "POST",
          path: "/tokens",
          body: { name: `${tag} ${name} device`, scopes, expires_at },
        });
        ids[name] = body.id;
        tokenSecrets.push(body.token as string);
      }
    })(),
  ]);

  const [secrets, cursors, s2] = await Promise.all([
    secretsOf(t, a.accountId, [secret, ...tokenSecrets], tag),
    cursorsOf(t, a, ids as Record<string, number>),
    skuOnHand(t.db, a.accountId, ids.s2!),
  ]);
  return {
    a,
    b,
    secrets,
    ids: ids as Record<string, number>,
    names: names as Record<string, string>,
    made,
    cursors,
    onHand: { s2 },
  };
}

/**
 * A delivered delivery of the account's first event to its webhook, with one attempt, as the
 * worker records them (the webhooks are paused, so no worker of a parallel test sends them).
 */
async function deliveryFor(t: TestApp, accountId: number, webhookId: number): Promise<number> {
  const event = await t.db.event.findFirstOrThrow({ where: { accountId }, orderBy: { id: "asc" } });
  const delivery = await t.db.webhookDelivery.create({
    data: {
      accountId,
      endpointId: webhookId,
      eventId: event.id,
      eventType: event.type,
      eventAt: event.occurredAt,
      body: JSON.stringify({ id: `evt_${event.id}`, type: event.type, data: event.data }),
      status: "delivered",
      attempts: 1,
      deliveredAt: new Date(),
      tries: { create: { statusCode: 200, durationMs: 12 } },
    },
  });
  return Number(delivery.id);
}

/**
 * A's texts and distinctive values as stored, and the secrets A was shown (a webhook's, its API
 * tokens'): any of them in B's answer is a leak.
 */
async function secretsOf(
  t: TestApp,
  accountId: number,
  shown: string[],
  tag: string,
): Promise<string[]> {
  const where = { accountId };
  const [skus, levels, items, takes, counts, adjustments, hooks, events, movements, tokens, sites] =
    await Promise.all([
      t.db.sku.findMany({ where }),
      // The SKUs' on hand at every site.
      t.db.skuStock.findMany({ where }),
      t.db.supplierItem.findMany({ where }),
      t.db.stockTake.findMany({ where }),
      t.db.stockTakeCount.findMany({ where }),
      t.db.stockAdjustment.findMany({ where }),
      t.db.webhookEndpoint.findMany({ where }),
      t.db.event.findMany({ where }),
      t.db.stockMovement.findMany({ where }),
      // Its tokens named by this world (B's own token has the same generic name as A's).
      t.db.apiToken.findMany({ where: { accountId, name: { contains: tag } } }),
      // Its sites named by this world (B's default site has the same code and name as A's).
      t.db.site.findMany({ where: { accountId, code: { contains: tag } } }),
    ]);
  const values = [
    ...shown,
    ...tokens.flatMap((k) => [k.name, k.tokenHash]),
    ...sites.flatMap((site) => [site.code, site.name]),
    ...skus.flatMap((s) => [s.code, s.name, ...s.barcodes]),
    ...levels.map((l) => l.onHand.toFixed()),
    ...items.flatMap((i) => [i.code, i.name, i.supplier, ...i.barcodes]),
    ...takes.flatMap((s) => [s.reference, s.note]),
    ...counts.flatMap((c) => [c.counter, c.countedQty.toFixed()]),
    ...adjustments.flatMap((s) => [s.reference, s.note]),
    ...hooks.flatMap((h) => [
      h.url,
      h.description,
      h.secret,
      ...(h.previousSecrets as { secret: string }[]).map((s) => s.secret),
    ]),
    ...events.map((e) => `evt_${e.id}`),
    ...movements.map((m) => m.quantityAfter.toFixed()),
  ];
  // Quantities B's own rows could also hold by chance are not distinctive: A's all have decimals
  // above 5000.
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v.length > 3))];
}

/** A cursor of every list A can page, as REST and GraphQL hand them out. */
async function cursorsOf(t: TestApp, a: TestAccount, ids: Record<string, number>) {
  // Two costs of s1's, so its cost history has a second page.
  await rest(t, "PATCH", "/account", { token: a.token, body: { currency: "EUR" } });
  for (const unit_cost of [5123.4567, 5234.5678]) {
    await rest(t, "PATCH", `/skus/${ids.s1}`, { token: a.token, body: { unit_cost } });
  }
  const get = async (path: string, field = "next_cursor") => {
    const res = await rest(t, "GET", path, { token: a.token });
    const cursor = res.body[field] as string | null;
    if (!cursor) throw new Error(`A has no cursor for ${path}`);
    return cursor;
  };
  const cursors: Record<string, string> = {
    skus: await get("/skus?limit=1"),
    supplierItems: await get("/supplier-items?limit=1"),
    adjustments: await get("/stock-adjustments?limit=1"),
    adjustmentLines: await get(`/stock-adjustments/${ids.adjustment}/lines?limit=1`),
    movements: await get(`/stock/movements?sku_id=${ids.s1}&limit=1`),
    events: await get("/events?limit=1"),
    stockTakes: await get("/stock-takes?limit=1"),
    tokens: await get("/tokens?limit=1"),
    sites: await get("/sites?limit=1"),
    lines: await get(`/stock-takes/${ids.counting}/lines?limit=1`),
    transfers: await get("/transfers?limit=1"),
    levels: await get(`/skus/${ids.sTransfer}/levels?limit=1`),
    transferLines: await get(`/transfers/${ids.tr1}/lines?limit=1`),
    counts: await get(`/stock-takes/${ids.counting}/counts?limit=1`),
    costChanges: await get(`/skus/${ids.s1}/cost-changes?limit=1`),
  };
  const page = "first: 1) { pageInfo { endCursor } }";
  const res = await postGraphql(
    t,
    {
      query: `{
        skus(${page} supplierItems(${page} stockAdjustments(${page} stockTakes(${page}
        events(${page} stockMovements(filter: { skuId: ${ids.s1} }, ${page}
        apiTokens(${page}
        sites(${page}
        transfers(${page}
        transfer(id: ${ids.tr1}) { lines(${page} }
        levelSku: sku(id: ${ids.sTransfer}) { levels(${page} }
        costSku: sku(id: ${ids.s1}) { costChanges(${page} }
        sku(id: ${ids.s1}) { movements(${page} }
        supplierItem(id: ${ids.i2}) { movements(${page} }
        stockAdjustment(id: ${ids.adjustment}) { lines(${page} }
        stockTake(id: ${ids.counting}) { lines(${page} counts(${page} }
        webhook(id: ${ids.w1}) { deliveries(${page} }
      }`,
    },
    a.token,
  );
  const data = res.data as Record<string, Record<string, { pageInfo: { endCursor: string } }>>;
  if (!data) throw new Error(`A's GraphQL cursors: ${JSON.stringify(res.errors)}`);
  const end = (c: unknown) => (c as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
  for (const root of [
    "skus",
    "supplierItems",
    "stockAdjustments",
    "stockTakes",
    "events",
    "apiTokens",
    "sites",
    "transfers",
  ]) {
    cursors[`gql.${root}`] = end(data[root]);
  }
  cursors["gql.stockMovements"] = end(data.stockMovements);
  cursors["gql.skuMovements"] = end(data.sku!.movements);
  cursors["gql.itemMovements"] = end(data.supplierItem!.movements);
  cursors["gql.adjustmentLines"] = end(data.stockAdjustment!.lines);
  cursors["gql.transferLines"] = end(data.transfer!.lines);
  cursors["gql.levels"] = end(data.levelSku!.levels);
  cursors["gql.costChanges"] = end(data.costSku!.costChanges);
  cursors["gql.lines"] = end(data.stockTake!.lines);
  cursors["gql.counts"] = end(data.stockTake!.counts);
  cursors["gql.deliveries"] = end(data.webhook!.deliveries);
  // A has one delivery, so REST has no next page to point at; both transports share the format.
  cursors.deliveries = cursors["gql.deliveries"];
  return cursors;
}
