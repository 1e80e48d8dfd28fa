// Webhook deliveries against a local receiver, by the worker `countpoint serve` runs: signed as
// Standard Webhooks prescribes, retried, in feed order, once between replicas.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { startWebhookWorker } from "../../../src/modules/webhook/webhook.worker.js";
import { rest, startTestApp, type TestApp } from "../../helpers/app.js";
import { newAccount, untilWaitingOnLock, type TestAccount } from "../../helpers/db.js";
import {
  setAsideEarlierEndpoints,
  startReceiver,
  TEST_WORKER_OPTIONS,
  type Receiver,
} from "../../helpers/receiver.js";
import { startWorker, stopProcess } from "../../helpers/server.js";
import { createSku } from "../../helpers/stock.js";

const OPTIONS = TEST_WORKER_OPTIONS;
const quiet = { warn: () => {} };

let t: TestApp;
let worker: ReturnType<typeof startWebhookWorker>;
let acct: TestAccount;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp();
  // Prisma loads its query compiler on a client's first query: within a hook, not between tests.
  await t.db.$queryRaw`SELECT 1`;
  await setAsideEarlierEndpoints(t.db);
  worker = startWebhookWorker(t.db, OPTIONS, quiet);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});
beforeEach(async () => {
  acct = await newAccount(t.db);
  receiver = await startReceiver();
});
afterEach(async () => {
  // Each test's endpoints go with it: a delivery still being retried would otherwise reach the
  // next test's receiver when it listens on the port this one had.
  const listed = await rest(t, "GET", "/webhooks", { token: acct.token });
  for (const hook of (listed.body?.data ?? []) as { id: number }[]) {
    await rest(t, "DELETE", `/webhooks/${hook.id}`, { token: acct.token });
  }
  await receiver.close();
});

async function createWebhook(body: Record<string, unknown> = {}) {
  const res = await rest(t, "POST", "/webhooks", {
    token: acct.token,
    body: { url: receiver.url, event_types: ["stock.changed"], ...body },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; secret: string };
}

const setStock = (skuId: number, onHand: number) =>
  rest(t, "PATCH", `/skus/${skuId}`, {
    token: acct.token,
    body: { on_hand: onHand, reason: "correction" },
  });

interface Payload {
  id: string;
  type: string;
  cursor: string;
  data: Record<string, unknown>;
}
interface Delivery {
  id: number;
  event_id: string;
  status: string;
  attempts: { status_code: number | null; error: string | null }[];
}

const bodyOf = (r: { body: string }) => JSON.parse(r.body) as Payload;

async function deliveries(webhookId: number) {
  const res = await rest(t, "GET", `/webhooks/${webhookId}/deliveries`, { token: acct.token });
  expect(res.status).toBe(200);
  return res.body.data as Delivery[];
}

/** Polls until `check` passes (the worker runs on its own time). */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) {
      throw new Error(`still not as expected after ${ms} ms: ${JSON.stringify(value)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("webhook deliveries", () => {
  it("POSTs each event signed with the endpoint's secret, verifiable with the standardwebhooks package", async () => {
    const hook = await createWebhook();
    const skuId = await createSku(t, acct.token, 5);
    const [got] = await receiver.waitFor(1);
    const payload = new Webhook(hook.secret).verify(
      got!.body,
      got!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      id: got!.headers["webhook-id"],
      type: "stock.changed",
      data: { type: "sku", id: skuId, quantity_after: 5 },
    });
    // The payload's cursor is the feed's: polling after it finds nothing older.
    const after = await rest(t, "GET", `/events?after=${bodyOf(got!).cursor}`, {
      token: acct.token,
    });
    expect(after.body.data.map((e: { id: string }) => e.id)).not.toContain(bodyOf(got!).id);
    // A body changed in transit fails verification.
    expect(() =>
      new Webhook(hook.secret).verify(
        got!.body.replace('"quantity_after":5', '"quantity_after":6'),
        got!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.status === "delivered",
    );
    expect(delivery).toMatchObject({ status: "delivered", event_id: bodyOf(got!).id });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ status_code: 200, error: null }),
    ]);
  });

  it("retries a failing receiver with the same webhook-id until it succeeds, recording each attempt", async () => {
    receiver.answers.push({ status: 500 }, { status: 503 });
    const hook = await createWebhook();
    await createSku(t, acct.token, 1);
    const got = await receiver.waitFor(3);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    // Backoff: each retry waits at least half the base delay, doubling.
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(OPTIONS.retryBaseMs / 2);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(OPTIONS.retryBaseMs);
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.status === "delivered",
    );
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
  });

  it("waits as long as Retry-After asks", async () => {
    receiver.answers.push({ status: 429, headers: { "retry-after": "1" } });
    await createWebhook();
    await createSku(t, acct.token, 1);
    const got = await receiver.waitFor(2);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("delivers in feed order: later events wait while an earlier one is retried", async () => {
    receiver.answers.push({ status: 500 }, { status: 500 });
    await createWebhook();
    const skuId = await createSku(t, acct.token, 1);
    for (const q of [2, 3, 4]) await setStock(skuId, q);
    const got = await receiver.waitFor(6);
    const delivered = got.slice(2).map((r) => bodyOf(r).data.quantity_after);
    expect(delivered).toEqual([1, 2, 3, 4]);
    expect(got.slice(0, 3).map((r) => bodyOf(r).data.quantity_after)).toEqual([1, 1, 1]);
  });

  it("disables an endpoint that answers 410, and sends it nothing more", async () => {
    receiver.answers.push({ status: 410 });
    const hook = await createWebhook();
    const skuId = await createSku(t, acct.token, 1);
    await receiver.waitFor(1);
    const disabled = await eventually(
      async () => (await rest(t, "GET", `/webhooks/${hook.id}`, { token: acct.token })).body,
      (w) => w.active === false,
    );
    expect(disabled).toMatchObject({ active: false, disabled_reason: "gone" });
    await setStock(skuId, 9);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
    // The one answered 410 is not tried again; the events after it wait in the feed.
    expect((await deliveries(hook.id)).map((d) => d.status)).toEqual(["failed"]);
    // Resumed, it sends the event that was answered 410 again, then the ones after it.
    const resumed = await rest(t, "PATCH", `/webhooks/${hook.id}`, {
      token: acct.token,
      body: { active: true },
    });
    expect(resumed.body).toMatchObject({ active: true, disabled_reason: null });
    const got = await receiver.waitFor(3);
    expect(got.map((r) => bodyOf(r).data.quantity_after)).toEqual([1, 1, 9]);
  });

  it("never parks an endpoint longer than the give-up period, whatever Retry-After says", async () => {
    receiver.answers.push({ status: 503, headers: { "retry-after": "99999999999999999999" } });
    const hook = await createWebhook();
    await createSku(t, acct.token, 1);
    await receiver.waitFor(1);
    const answered = receiver.received[0]!.at;
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.attempts.length === 1,
    );
    expect(delivery).toMatchObject({ status: "pending", attempts: [{ status_code: 503 }] });
    // Retried after the give-up period (what Retry-After asks, capped), not never, not at once:
    // counted from the attempt as the service recorded it (a loaded machine may record it a
    // while after the receiver had answered).
    const { next_attempt_at, attempts } = delivery as unknown as {
      next_attempt_at: string;
      attempts: { attempted_at: string }[];
    };
    const next = Date.parse(next_attempt_at);
    expect(next - answered).toBeGreaterThanOrEqual(OPTIONS.giveUpMs - 2_000);
    expect(next - Date.parse(attempts[0]!.attempted_at)).toBeLessThanOrEqual(
      OPTIONS.giveUpMs + 2_000,
    );
  });

  it("lists a delivery with its attempts as of one moment: never an attempt without what it changed", async () => {
    receiver.answers.push({ status: 503, headers: { "retry-after": "3600" } });
    const hook = await createWebhook();
    await createSku(t, acct.token, 1);
    const [parked] = (await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.attempts.length === 1,
    )) as (Delivery & { next_attempt_at: string })[];
    // Parked for an hour. A second attempt is recorded (as the worker records one: the attempt
    // and the delivery's next attempt, in one transaction) while the listing is between its read
    // of the deliveries and its read of their attempts, held there by a lock on the attempts.
    const { listing } = await t.db.$transaction(async (tx) => {
      await tx.$executeRaw`LOCK TABLE webhook_attempts IN ACCESS EXCLUSIVE MODE`;
      const listing = deliveries(hook.id);
      await untilWaitingOnLock(t.db, "webhook_attempts");
      await tx.$executeRaw`INSERT INTO webhook_attempts (account_id, delivery_id, status_code, duration_ms)
        VALUES (${acct.accountId}, ${parked!.id}, 503, 1)`;
      await tx.$executeRaw`UPDATE webhook_deliveries SET attempts = attempts + 1,
          next_attempt_at = next_attempt_at + interval '1 hour'
        WHERE account_id = ${acct.accountId} AND id = ${parked!.id}`;
      return { listing };
    });
    const seen = (await listing)[0] as Delivery & { next_attempt_at: string };
    // As before the attempt (the listing began first), never the attempt with the old next try.
    expect([seen.attempts.length, seen.next_attempt_at]).toEqual([1, parked!.next_attempt_at]);
    const after = (await deliveries(hook.id))[0] as Delivery & { next_attempt_at: string };
    expect(after.attempts).toHaveLength(2);
    expect(Date.parse(after.next_attempt_at) - Date.parse(parked!.next_attempt_at)).toBe(3_600_000);
  });

  it("stops sending the types an edit removes, and takes up the ones it adds", async () => {
    receiver.answers.push({ status: 500 }, { status: 500 }, { status: 500 });
    const hook = await createWebhook();
    const skuId = await createSku(t, acct.token, 1);
    await receiver.waitFor(1);
    // The stock.changed delivery is failing; the endpoint now wants catalog edits only.
    const edited = await rest(t, "PATCH", `/webhooks/${hook.id}`, {
      token: acct.token,
      body: { event_types: ["sku.updated"] },
    });
    expect(edited.status).toBe(200);
    await rest(t, "PATCH", `/skus/${skuId}`, { token: acct.token, body: { name: "Renamed" } });
    await setStock(skuId, 5);
    // A marker after the stock change: deliveries go in feed order, so once it has arrived,
    // a stock.changed sent wrongly would have arrived before it.
    await rest(t, "PATCH", `/skus/${skuId}`, { token: acct.token, body: { name: "Marker" } });
    const got = await eventually(
      async () => receiver.received.filter((r) => bodyOf(r).type === "sku.updated"),
      (r) => r.some((d) => bodyOf(d).data.name === "Marker"),
    );
    // (A 500 still queued may make one of them arrive twice, with the same webhook-id.)
    expect([...new Set(got.map((r) => bodyOf(r).data.name))]).toEqual(["Renamed", "Marker"]);
    expect(receiver.received.filter((r) => bodyOf(r).data.quantity_after === 5)).toEqual([]);
  });

  it("gives up on a delivery failing past the give-up period and disables its endpoint", async () => {
    const impatient = startWebhookWorker(t.db, { ...OPTIONS, giveUpMs: 300 }, quiet);
    try {
      for (let i = 0; i < 50; i++) receiver.answers.push({ status: 500 });
      const hook = await createWebhook();
      await createSku(t, acct.token, 1);
      const disabled = await eventually(
        async () => (await rest(t, "GET", `/webhooks/${hook.id}`, { token: acct.token })).body,
        (w) => w.active === false,
      );
      expect(disabled).toMatchObject({ active: false, disabled_reason: "failing" });
      expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed" });
    } finally {
      await impatient.stop();
    }
  });

  it("sends a delivery again on request, with the same webhook-id", async () => {
    const hook = await createWebhook();
    await createSku(t, acct.token, 1);
    const [first] = await receiver.waitFor(1);
    const [delivery] = await eventually(
      () => deliveries(hook.id),
      (d) => d[0]?.status === "delivered",
    );
    const again = await rest(
      t,
      "POST",
      `/webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver`,
      { token: acct.token },
    );
    expect([again.status, again.body.status]).toEqual([202, "pending"]);
    const got = await receiver.waitFor(2);
    expect(got[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(got[1]!.body).toBe(first!.body);
  });

  it("keeps deliveries verifiable across a secret rotation: old and new secret both verify", async () => {
    const hook = await createWebhook();
    const rotated = await rest(t, "POST", `/webhooks/${hook.id}/rotate-secret`, {
      token: acct.token,
      body: { overlap_hours: 1 },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(rotated.body.previous_secret_expires_at).toEqual(expect.any(String));
    await createSku(t, acct.token, 1);
    const [got] = await receiver.waitFor(1);
    const headers = got!.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of [hook.secret, rotated.body.secret as string]) {
      expect(new Webhook(secret).verify(got!.body, headers)).toMatchObject({
        type: "stock.changed",
      });
    }
    // Without overlap, only the new secret signs.
    const hard = await rest(t, "POST", `/webhooks/${hook.id}/rotate-secret`, {
      token: acct.token,
      body: { overlap_hours: 0 },
    });
    await createSku(t, acct.token, 2);
    const [, second] = await receiver.waitFor(2);
    const h2 = second!.headers as Record<string, string>;
    expect(() => new Webhook(rotated.body.secret).verify(second!.body, h2)).toThrow();
    expect(new Webhook(hard.body.secret).verify(second!.body, h2)).toBeTruthy();
  });

  it("keeps every secret signing until the end of its own overlap, across rotations in a row", async () => {
    const hook = await createWebhook();
    const rotate = (overlapHours: number) =>
      rest(t, "POST", `/webhooks/${hook.id}/rotate-secret`, {
        token: acct.token,
        body: { overlap_hours: overlapHours },
      });
    const first = await rotate(1);
    const second = await rotate(2);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The answer says when the last earlier secret stops signing: the one just replaced, in 2 h.
    const ends = Date.parse(second.body.previous_secret_expires_at);
    expect(Math.abs(ends - Date.now() - 2 * 3_600_000)).toBeLessThan(60_000);
    const secrets = [hook.secret, first.body.secret as string, second.body.secret as string];
    const verifies = (secret: string, got: { body: string; headers: object }) => {
      try {
        new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    };
    await createSku(t, acct.token, 1);
    const [got] = await receiver.waitFor(1);
    // The first secret's hour is not cut short by the second rotation.
    expect((got!.headers["webhook-signature"] as string).split(" ")).toHaveLength(3);
    expect(secrets.map((s) => verifies(s, got!))).toEqual([true, true, true]);

    // Without overlap, the secret replaced stops at once; the earlier ones keep their time.
    const hard = await rotate(0);
    await createSku(t, acct.token, 2);
    const [, next] = await receiver.waitFor(2);
    expect([...secrets, hard.body.secret as string].map((s) => verifies(s, next!))).toEqual([
      true,
      true,
      false,
      true,
    ]);

    // At most 4 earlier secrets sign: a rotation that would keep a fifth is refused, nothing
    // changed; one without overlap is still taken.
    expect((await rotate(1)).status).toBe(200);
    const fourth = await rotate(1);
    expect(fourth.status).toBe(200);
    const refused = await rotate(1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "INVALID_PARAMETER",
      errors: [{ pointer: "/overlap_hours" }],
    });
    const stored = await t.db.webhookEndpoint.findUniqueOrThrow({
      where: { accountId_id: { accountId: acct.accountId, id: hook.id } },
    });
    expect(stored.secret).toBe(fourth.body.secret);
    expect(stored.previousSecrets).toHaveLength(4);
    expect((await rotate(0)).status).toBe(200);
  });

  it("records what failed when TLS breaks, not where in OpenSSL", async () => {
    // A plain TCP server spoken to over https://: it answers the TLS hello in plain text.
    const plain = createServer((socket) => {
      socket.on("error", () => {});
      socket.once("data", () => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = plain.address() as AddressInfo;
      const hook = await createWebhook({ url: `https://127.0.0.1:${port}/hooks` });
      await createSku(t, acct.token, 1);
      const [delivery] = await eventually(
        () => deliveries(hook.id),
        (d) => (d[0]?.attempts.length ?? 0) > 0,
      );
      const { error } = delivery!.attempts[0]!;
      expect(error).toMatch(/^TLS handshake failed/);
      expect(error).not.toMatch(/openssl|deps|ssl\/|\.c:|routines|:\d+:/i);
    } finally {
      plain.close();
    }
  });

  it("sends only the event types the endpoint names", async () => {
    await createWebhook({ event_types: ["sku.created"] });
    const skuId = await createSku(t, acct.token, 3);
    await setStock(skuId, 4);
    const [got] = await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.map((r) => bodyOf(r).type)).toEqual(["sku.created"]);
    expect(bodyOf(got!).data).toMatchObject({ id: skuId });
  });
});

describe("the URL policy at delivery", () => {
  it("does not connect to an IP literal the policy in force refuses", async () => {
    // Registered under the development policy, delivered under production's, which refuses
    // loopback addresses (and http): a literal's address is checked as a resolved one would be.
    let connections = 0;
    const tls = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tls.listen(0, "127.0.0.1", resolve));
    await worker.stop();
    const production = startWebhookWorker(
      t.db,
      { ...OPTIONS, policy: { production: true } },
      quiet,
    );
    try {
      const { port } = tls.address() as AddressInfo;
      const literal = await createWebhook({ url: `https://127.0.0.1:${port}/hooks` });
      const plain = await createWebhook();
      expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      await createSku(t, acct.token, 1);
      const firstError = async (id: number) => {
        const [delivery] = await eventually(
          () => deliveries(id),
          (d) => (d[0]?.attempts.length ?? 0) > 0,
        );
        expect(delivery!.attempts[0]).toMatchObject({ status_code: null });
        return delivery!.attempts[0]!.error;
      };
      expect(await firstError(literal.id)).toMatch(/loopback address/);
      expect(await firstError(plain.id)).toMatch(/https/);
      await new Promise((r) => setTimeout(r, 300));
      expect([connections, receiver.received.length]).toEqual([0, 0]);
    } finally {
      await production.stop();
      worker = startWebhookWorker(t.db, OPTIONS, quiet);
      tls.close();
    }
  });
});

/** `countpoint worker` in a process of its own, as a second replica runs it. */
const workerProcess = () =>
  startWorker({
    env: {
      WEBHOOK_POLL_MS: String(OPTIONS.pollMs),
      WEBHOOK_RETRY_BASE_MS: String(OPTIONS.retryBaseMs),
      WEBHOOK_TIMEOUT_MS: String(OPTIONS.timeoutMs),
    },
  });

describe("two worker processes", () => {
  it("deliver each event to each endpoint once between them (and this one), in feed order", async () => {
    const workers = [await workerProcess(), await workerProcess()];
    try {
      const hooks = [await createWebhook(), await createWebhook()];
      const skuId = await createSku(t, acct.token, 0);
      for (let q = 1; q <= 40; q++) await setStock(skuId, q);
      const got = await receiver.waitFor(80);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received).toHaveLength(80);
      // Per endpoint (told apart by the secret that signs), each quantity once, in order.
      for (const hook of hooks) {
        const mine = got.filter((r) => {
          try {
            new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>);
            return true;
          } catch {
            return false;
          }
        });
        expect(mine.map((r) => bodyOf(r).data.quantity_after)).toEqual(
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
      }
    } finally {
      await Promise.all(workers.map((w) => stopProcess(w)));
    }
  });
});
