// Reads on streaming replicas with read-your-writes. Every write response carries the primary's
// WAL position after the write (the consistency token); a read that sends it back is served by a
// replica only once that replica has replayed past it, else by the primary. Without a token a
// read goes to any replica within the lag bound. A background probe keeps, per replica, its
// replay position and how fresh it is, so choosing one costs no round trip.
import pg from "pg";
import { AppError } from "../errors.js";
import type { PrismaClient } from "./client.js";

/** A WAL position, e.g. `0/16B3748`, as a number that orders correctly. */
/** The header (REST) a write's consistency token is answered in and a read sends it back in. */
export const CONSISTENCY_HEADER = "countpoint-consistency";

export type Lsn = bigint;

const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** The position a token names, or null when the text is not one. */
export function parseLsn(text: string): Lsn | null {
  const match = LSN.exec(text);
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : null;
}

export const formatLsn = (lsn: Lsn): string =>
  `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

/** WAL page header sizes (the first page of a segment has the long one), on 64-bit builds. */
const SHORT_PAGE_HEADER = 24n;
const LONG_PAGE_HEADER = 40n;

export type ReplicaState = "starting" | "streaming" | "lagging" | "down" | "not_a_standby";

/** What /readyz and /metrics say of a replica. */
export interface ReplicaStatus {
  /** `host:port/database` of its URL (never its credentials). */
  name: string;
  state: ReplicaState;
  /** How stale its data may be: null until it was first seen caught up with the primary. */
  lagMs: number | null;
  replayLsn: string | null;
}

export interface ReplicaOptions {
  /** A replica whose data may be older than this serves no reads. */
  maxLagMs: number;
  /** How often the primary's and each replica's WAL positions are read. */
  pollMs: number;
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void };
}

interface Replica {
  name: string;
  db: PrismaClient;
  probe: pg.Pool;
  state: ReplicaState;
  replay: Lsn | null;
  /** The time of the latest primary sample this replica had replayed past when last probed. */
  freshAt: number | null;
}

/** A primary WAL position and when it was read. */
interface Sample {
  at: number;
  lsn: Lsn;
}

const probePool = (url: string) => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 0,
    // A probe must not hang the next ones: the client gives up on a server that stopped
    // answering (a network that drops packets), the server on a statement that waits.
    query_timeout: 1000,
    keepAlive: true,
    options: "-c statement_timeout=1000",
  });
  // A server that goes away errors its idle connection; the next probe reports it down.
  pool.on("error", () => {});
  return pool;
};

/** `host:port/database` of a connection URL. */
export const describeUrl = (url: string): string => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/**
 * Chooses the database of each read. With no replica it is always the primary (tokens sent are
 * still checked, so a client's mistake shows up before replicas are added).
 */
export class ReadRouting {
  private readonly replicas: Replica[];
  private samples: Sample[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly primary: PrismaClient,
    primaryUrl: string | null,
    replicas: { url: string; db: PrismaClient }[],
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = replicas.map(({ url, db }) => ({
      name: describeUrl(url),
      db,
      probe: probePool(url),
      state: "starting",
      replay: null,
      freshAt: null,
    }));
    this.primaryProbe = primaryUrl && replicas.length > 0 ? probePool(primaryUrl) : null;
  }

  private readonly primaryProbe: pg.Pool | null;
  /** The primary's WAL page and segment sizes, once read. */
  private wal: { page: bigint; segment: bigint } | null = null;

  /**
   * Where the last record before `lsn` ends. The insert position right after a page boundary
   * points past the new page's header, where no record has started yet; a replica that has
   * replayed to the boundary holds everything before it (seen after every WAL segment switch,
   * which an idle primary with archive_timeout makes regularly).
   */
  private recordEnd(lsn: Lsn): Lsn {
    if (!this.wal) return lsn;
    const inSegment = lsn % this.wal.segment;
    if (inSegment === LONG_PAGE_HEADER) return lsn - LONG_PAGE_HEADER;
    const inPage = lsn % this.wal.page;
    if (inSegment !== inPage && inPage === SHORT_PAGE_HEADER) return lsn - SHORT_PAGE_HEADER;
    return lsn;
  }

  get hasReplicas(): boolean {
    return this.replicas.length > 0;
  }

  /** Starts probing (nothing to do without replicas); resolves after the first probe. */
  async start(): Promise<void> {
    if (!this.hasReplicas) return;
    await this.poll();
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.poll().finally(() => this.timer && tick());
      }, this.options.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all([
      this.primaryProbe?.end(),
      ...this.replicas.map(async (r) => {
        await r.probe.end();
        await r.db.$disconnect();
      }),
    ]);
  }

  /**
   * The database for a read: a replica within the lag bound that has replayed past the token
   * (when one is given), else the primary. A token that is not one, or names a position the
   * primary has not reached, is refused (INVALID_PARAMETER).
   */
  async reader(token: string | undefined): Promise<PrismaClient> {
    const wanted = token === undefined ? null : parseLsn(token);
    if (token !== undefined && wanted === null) {
      throw invalidToken("is not a consistency token (it looks like 0/16B3748)");
    }
    if (wanted !== null && wanted > (this.latest()?.lsn ?? -1n)) {
      // Newer than the last probe (a write a moment ago, maybe in another process): ask.
      const now = await this.primaryLsn();
      if (wanted > now) throw invalidToken("is ahead of this database: it came from another one");
      return this.primary; // no replica was seen past it
    }
    if (!this.hasReplicas) return this.primary;
    // Freshness is judged now, not at the last probe: a probe that stopped answering makes it stale.
    const oldest = Date.now() - this.options.maxLagMs;
    const eligible = this.replicas.filter(
      (r) =>
        r.state === "streaming" &&
        r.freshAt !== null &&
        r.freshAt >= oldest &&
        (wanted === null || (r.replay !== null && r.replay >= this.recordEnd(wanted))),
    );
    if (eligible.length === 0) return this.primary;
    this.next = (this.next + 1) % eligible.length;
    return eligible[this.next]!.db;
  }

  /**
   * A read on `db` failed as if its server were gone (or replay cancelled it): it serves no
   * reads until a probe finds it well again.
   */
  failed(db: PrismaClient): void {
    const replica = this.replicas.find((r) => r.db === db);
    if (!replica || replica.state === "down") return;
    this.options.log.warn({ replica: replica.name }, "a read failed on the replica");
    replica.state = "down";
  }

  /** The consistency token of a write that has committed: null when there are no replicas. */
  async writeToken(): Promise<string | null> {
    if (!this.hasReplicas) return null;
    return formatLsn(await this.primaryLsn());
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    return this.replicas.map((r) => ({
      name: r.name,
      // A probe that hangs leaves "streaming" behind while the data ages.
      state:
        r.state === "streaming" && (r.freshAt ?? 0) < now - this.options.maxLagMs
          ? "lagging"
          : r.state,
      lagMs: r.freshAt === null ? null : now - r.freshAt,
      replayLsn: r.replay === null ? null : formatLsn(r.replay),
    }));
  }

  /** The primary's WAL insert position now (after every commit this process has seen). */
  private async primaryLsn(): Promise<Lsn> {
    const at = Date.now();
    const [row] = await this.primary.$queryRaw<{ lsn: string }[]>`
      SELECT pg_current_wal_insert_lsn()::text AS lsn`;
    const lsn = parseLsn(row!.lsn)!;
    this.record({ at, lsn });
    return lsn;
  }

  private latest = (): Sample | undefined => this.samples[this.samples.length - 1];

  private record(sample: Sample): void {
    const last = this.latest();
    // One sample every few milliseconds is plenty (writes ask for one each).
    if (last && (sample.lsn < last.lsn || sample.at < last.at + 5)) return;
    this.samples.push(sample);
    // Older samples than the lag bound can no longer make a replica eligible.
    const horizon = sample.at - this.options.maxLagMs * 2;
    const keep = this.samples.findIndex((s) => s.at >= horizon);
    if (keep > 0) this.samples = this.samples.slice(keep - 1);
  }

  private poll(): Promise<void> {
    this.polling = this.probeAll().finally(() => (this.polling = null));
    return this.polling;
  }

  /**
   * The primary first, then every replica: a replica that has replayed past the primary's
   * position read at time t holds everything committed by t, so its lag is now − t.
   */
  private async probeAll(): Promise<void> {
    const at = Date.now();
    this.wal ??= await this.primaryProbe!.query<{ page: string; segment: string }>(
      `SELECT current_setting('wal_block_size') AS page,
         pg_size_bytes(current_setting('wal_segment_size'))::text AS segment`,
    ).then(
      (r) => ({ page: BigInt(r.rows[0]!.page), segment: BigInt(r.rows[0]!.segment) }),
      () => null,
    );
    const primary = await this.primaryProbe!.query<{ lsn: string }>(
      "SELECT pg_current_wal_insert_lsn()::text AS lsn",
    ).then(
      (r) => parseLsn(r.rows[0]!.lsn),
      () => null, // the primary is away: no new sample, so every replica's lag grows
    );
    if (primary !== null) this.record({ at, lsn: primary });
    await Promise.all(this.replicas.map((r) => this.probe(r)));
  }

  private async probe(replica: Replica): Promise<void> {
    const before = replica.state;
    try {
      const { rows } = await replica.probe.query<{ standby: boolean; replay: string | null }>(
        "SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replay",
      );
      const { standby, replay } = rows[0]!;
      if (!standby || replay === null) {
        replica.state = "not_a_standby";
        replica.replay = null;
      } else {
        replica.replay = parseLsn(replay);
        const caughtUp = this.samples.findLast((s) => this.recordEnd(s.lsn) <= replica.replay!);
        if (caughtUp && (replica.freshAt === null || caughtUp.at > replica.freshAt)) {
          replica.freshAt = caughtUp.at;
        }
        const lag = replica.freshAt === null ? Infinity : Date.now() - replica.freshAt;
        replica.state = lag <= this.options.maxLagMs ? "streaming" : "lagging";
      }
    } catch {
      replica.state = "down";
    }
    if (replica.state !== before) {
      const line = { replica: replica.name, from: before, to: replica.state };
      if (replica.state === "streaming") this.options.log.info(line, "replica serves reads");
      else this.options.log.warn(line, "replica serves no reads");
    }
  }
}

const invalidToken = (message: string) =>
  new AppError("INVALID_PARAMETER", `Countpoint-Consistency ${message}`, [
    { path: ["consistency"], code: "INVALID_PARAMETER", message },
  ]);
