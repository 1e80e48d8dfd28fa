// The migration that keeps each stock take's line count on its row (what prices a review before
// a line is read), run on a database made by the migrations before it and holding stock takes of
// two accounts: every row of every table is the same afterwards, each stock take's count is its
// lines', and the count follows every insert and delete of lines from then on, whoever writes.
import { tableSnapshot, useDatabaseBefore } from "../helpers/migrations-before.js";

const MIGRATION = "20261208000000_stock_take_line_count";

const base = useDatabaseBefore(MIGRATION);

const STOCK_TAKE_COLUMNS =
  "t.account_id, t.id, t.status, t.frozen_at, t.reference, t.note, t.blind, t.basis, t.scope, " +
  "t.actor_name, t.actor_token_id, t.reconciled_at, t.cancelled_at, t.created_at";

/** An account with `skus` SKUs and a stock take of the first `lines` of them; their ids. */
async function stockTakeOf(skus: number, lines: number) {
  const { rows } = await base.sql.query<{ id: number }>(
    "INSERT INTO accounts (name, timezone) VALUES ('Store', 'UTC') RETURNING id",
  );
  const accountId = rows[0]!.id;
  await base.sql.query(
    `INSERT INTO skus (account_id, code, name, on_hand)
     SELECT $1, 'SKU-' || n, 'Item ' || n, n FROM generate_series(1, $2::int) AS n`,
    [accountId, skus],
  );
  const take = await base.sql.query<{ id: number }>(
    `INSERT INTO stock_takes (account_id, scope, actor_name) VALUES ($1, '{"all": true}', 'seed')
     RETURNING id`,
    [accountId],
  );
  const stockTakeId = take.rows[0]!.id;
  await addLines(accountId, stockTakeId, lines);
  return { accountId, stockTakeId };
}

/** Lines for `n` SKUs of the account not yet in the stock take, in one statement. */
const addLines = (accountId: number, stockTakeId: number, n: number) =>
  base.sql.query(
    `INSERT INTO stock_take_lines (account_id, stock_take_id, entity_type, sku_id, expected_qty)
     SELECT $1, $2, 'sku', s.id, s.on_hand FROM skus s
     WHERE s.account_id = $1 AND NOT EXISTS (
       SELECT 1 FROM stock_take_lines l
       WHERE l.account_id = $1 AND l.stock_take_id = $2 AND l.sku_id = s.id)
     ORDER BY s.id LIMIT $3`,
    [accountId, stockTakeId, n],
  );

/** Each stock take's line_count beside its count of lines, by id. */
async function counts() {
  const { rows } = await base.sql.query<{ id: number; kept: number; lines: number }>(
    `SELECT t.id, t.line_count AS kept,
       (SELECT count(*)::int FROM stock_take_lines l
        WHERE l.account_id = t.account_id AND l.stock_take_id = t.id) AS lines
     FROM stock_takes t ORDER BY t.id`,
  );
  return rows;
}

it("keeps every row, counts each stock take's lines, and keeps counting them", async () => {
  const big = await stockTakeOf(1_200, 1_000);
  const small = await stockTakeOf(5, 3);
  const empty = await stockTakeOf(2, 0);
  const before = await tableSnapshot(base.sql, { stock_takes: STOCK_TAKE_COLUMNS });

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, { stock_takes: STOCK_TAKE_COLUMNS })).toEqual(before);
  expect(await counts()).toEqual([
    { id: big.stockTakeId, kept: 1_000, lines: 1_000 },
    { id: small.stockTakeId, kept: 3, lines: 3 },
    { id: empty.stockTakeId, kept: 0, lines: 0 },
  ]);

  // Written one statement at a time, by whoever: the count follows.
  await addLines(big.accountId, big.stockTakeId, 150);
  await addLines(empty.accountId, empty.stockTakeId, 2);
  await base.sql.query(
    "DELETE FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2 AND sku_id IN (SELECT sku_id FROM stock_take_lines WHERE account_id = $1 AND stock_take_id = $2 ORDER BY id LIMIT 2)",
    [small.accountId, small.stockTakeId],
  );
  // One statement over two stock takes of two accounts counts each apart.
  await base.sql.query(
    `DELETE FROM stock_take_lines
     WHERE (account_id = $1 AND stock_take_id = $2) OR (account_id = $3 AND stock_take_id = $4)`,
    [big.accountId, big.stockTakeId, empty.accountId, empty.stockTakeId],
  );
  expect(await counts()).toEqual([
    { id: big.stockTakeId, kept: 0, lines: 0 },
    { id: small.stockTakeId, kept: 1, lines: 1 },
    { id: empty.stockTakeId, kept: 0, lines: 0 },
  ]);
});
