// The migration that lets a webhook take chosen sites' events, run on a database made by the
// migrations before it and holding webhooks: each keeps every value it had and takes every site's
// events, as it did.
import { tableSnapshot, useDatabaseBefore } from "../helpers/migrations-before.js";

const MIGRATION = "20261214000000_webhook_sites";
const BEFORE = {
  webhook_endpoints:
    "t.account_id, t.id, t.url, t.event_types, t.description, t.active, t.secret, t.previous_secrets, t.feed_at, t.feed_id, t.due_at, t.lease_until, t.disabled_reason, t.created_at, t.updated_at",
};

const base = useDatabaseBefore(MIGRATION);

it("keeps every webhook as it was, taking every site's events", async () => {
  const { rows } = await base.sql.query<{ id: number }>(
    "INSERT INTO accounts (name) VALUES ('Store') RETURNING id",
  );
  const accountId = rows[0]!.id;
  await base.sql.query(
    `INSERT INTO webhook_endpoints (account_id, url, event_types, secret, feed_at, active)
     VALUES ($1, 'https://erp.example.com/a', '{stock.changed}', 'whsec_a', now(), true),
            ($1, 'https://erp.example.com/b', '{sku.created,stock.changed}', 'whsec_b', now(), false)`,
    [accountId],
  );
  const before = await tableSnapshot(base.sql, BEFORE);

  expect((await base.apply(MIGRATION)).applied).toEqual([MIGRATION]);

  expect(await tableSnapshot(base.sql, BEFORE)).toEqual(before);
  const { rows: after } = await base.sql.query<{ site_ids: number[] }>(
    "SELECT site_ids FROM webhook_endpoints WHERE account_id = $1 ORDER BY id",
    [accountId],
  );
  expect(after).toEqual([{ site_ids: [] }, { site_ids: [] }]);
});
