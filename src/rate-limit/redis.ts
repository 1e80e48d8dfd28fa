import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import {
  bucketDecision,
  chargeOf,
  EPSILON,
  type BucketDecision,
  type ChargeTerms,
  type TokenBucket,
} from "./bucket.js";

// The buckets in Redis when REDIS_URL is set: a hash per token (units, when last filled), read,
// refilled and taken from by one Lua script, which Redis runs atomically: no other command runs
// between its read and its write, so concurrent requests of every process are counted exactly.
// Time is Redis's clock (TIME), the same for every process.

const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
-- What the bucket must hold for the charge to be taken; -1: whatever it holds (units owed).
local holds = tonumber(ARGV[4])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'units', 'at')
local level = burst
if state[1] then
  local elapsed = math.max(0, now - tonumber(state[2]))
  level = math.min(burst, tonumber(state[1]) + elapsed * rate)
end
local granted = 0
if holds < 0 then
  level = level - cost
  granted = 1
elseif level >= holds - ${EPSILON} then
  level = level - cost
  -- A charge dearer than what the bucket must hold leaves it owing the rest.
  if cost <= holds then level = math.max(0, level) end
  granted = 1
end
redis.call('HSET', KEYS[1], 'units', tostring(level), 'at', tostring(now))
-- A bucket left alone refills; once it would be full its key is of no use.
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - level) / rate * 1000) + 1000)
return {granted, tostring(level)}
`;

type TakeCommand = (
  key: string,
  rate: number,
  burst: number,
  cost: number,
  holds: number,
) => Promise<unknown>;

/** Keys under this prefix; the token's digest makes them unique across databases. */
const KEY_PREFIX = "countpoint:ratelimit:";

export class RedisBuckets {
  private readonly redis: Redis;
  private down = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      // A request never waits for Redis to come back: a command while disconnected fails at
      // once, and one that gets no answer in time fails too (the request then goes unlimited).
      enableOfflineQueue: false,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 0,
      // RESP2 speaks to every Redis version; the script returns a plain array either way.
      protocol: 2,
      // On close, a socket still connecting is given this long before it is dropped (2 s by
      // default, which would hold the process up when it stops while Redis is away).
      disconnectTimeout: 200,
      // Connected by start(), which the app awaits before it serves: without the offline queue a
      // command sent while the first connection is still being made would fail, and the first
      // requests go unlimited.
      lazyConnect: true,
    });
    this.redis.defineCommand("countpointTake", { numberOfKeys: 1, lua: TAKE });
    this.redis.on("error", (err: Error) => this.failed(err));
    this.redis.on("ready", () => this.answered());
  }

  /**
   * Connects, waiting at most `waitMs`: the service starts either way (unreachable, requests go
   * unlimited until Redis answers; ioredis keeps reconnecting).
   */
  async start(waitMs = 2_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([this.redis.connect().catch((err: Error) => this.failed(err)), gaveUp]);
    clearTimeout(timer);
  }

  /**
   * Takes `cost` units from a token's bucket, on `terms` (it must hold `holds`, at most its size);
   * `needed` is what a refused request's retry must find. Null: Redis is away.
   */
  async take(
    bucket: TokenBucket,
    cost: number,
    needed: number,
    { holds = cost, owed = false }: ChargeTerms = {},
  ): Promise<BucketDecision | null> {
    const { perSecond, burst } = bucket.limit;
    const take = (this.redis as unknown as { countpointTake: TakeCommand }).countpointTake;
    try {
      const reply = (await take.call(
        this.redis,
        KEY_PREFIX + bucket.digest,
        perSecond,
        burst,
        cost,
        owed ? -1 : chargeOf(holds, bucket.limit),
      )) as [number, string];
      this.answered();
      return bucketDecision(
        bucket.limit,
        Number(reply[1]),
        reply[0] === 1,
        chargeOf(needed, bucket.limit),
      );
    } catch (error) {
      this.failed(error as Error);
      return null;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private answered(): void {
    if (this.down) this.log.info("Redis answers again: rate limits apply again");
    this.down = false;
  }

  private failed(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, "Redis is unreachable: requests go through without a rate limit");
  }
}
