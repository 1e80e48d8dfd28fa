// A subscription's results, each event's selection run with a deadline: what graphql-js's own
// subscribe does (the source stream, each event executed), plus the time limit, and a release
// called exactly once when the subscription ends, however it ends.
import {
  createSourceEventStream,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import { AppError } from "../errors.js";

/**
 * At most `size` events' selections run at once, the others wait their turn in order: with as
 * many as the pool has connections, each runs to its end on them rather than all of them
 * interleaving their statements and finishing together, late. Waiting is a subscriber slowed
 * down (its events coalesce meanwhile); the deadline counts from its turn.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export interface StreamOptions {
  /** Whose turn it is to run an event's selection (one for the whole process). */
  turns: Turns;
  /** How long one event's selection may take (SUBSCRIPTION_EVENT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Called when a subscriber is ended for running out of time (a counter). */
  onTimeout: () => void;
}

/** What the subscriber whose event ran out of time is told (SERVICE_UNAVAILABLE). */
export const tooSlow = (ms: number) =>
  new AppError(
    "SERVICE_UNAVAILABLE",
    `this subscription's event could not be resolved within ${ms / 1000} s, so the subscription was ended; subscribe again, and read what it missed from the feed after its last cursor`,
  );

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** Rejects with `error` after `ms` unless `work` settles first. */
function within<T>(work: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  // Work left running past the deadline ends on its own (its statements past their timeout).
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * graphql-ws's `subscribe`: the subscription's source stream and its results, each event's
 * selection within `timeoutMs`, else the subscription ends with SERVICE_UNAVAILABLE. `release`
 * (the contextValue's) is called once when it ends or is refused.
 */
export function subscribeWithDeadline({ turns, timeoutMs, onTimeout }: StreamOptions) {
  return async (
    args: ExecutionArgs,
  ): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const { release } = args.contextValue as { release: () => void };
    let source: Awaited<ReturnType<typeof createSourceEventStream>>;
    try {
      source = await createSourceEventStream(args);
    } catch (error) {
      release();
      throw error;
    }
    if (!isAsyncIterable(source)) {
      release();
      return source;
    }
    const events = source[Symbol.asyncIterator]();
    let ended = false;
    const stop = async () => {
      ended = true;
      release();
      await events.return?.();
    };
    const results = {
      async next(): Promise<IteratorResult<ExecutionResult>> {
        let step: IteratorResult<unknown>;
        try {
          step = await events.next();
        } catch (error) {
          // The source ended it (fallen too far behind, the server closing).
          await stop();
          throw error;
        }
        if (step.done) {
          release();
          return { value: undefined, done: true };
        }
        let timedOut = false;
        const late = () => {
          timedOut = true;
          return tooSlow(timeoutMs);
        };
        try {
          const value = await turns.run(async () => {
            // Ended while it waited: nothing to run.
            if (ended) return null;
            const run = Promise.resolve(execute({ ...args, rootValue: step.value }));
            return within(run, timeoutMs, late);
          });
          return value ? { value, done: false } : { value: undefined, done: true };
        } catch (error) {
          if (timedOut) onTimeout();
          await stop();
          throw error;
        }
      },
      async return(): Promise<IteratorResult<ExecutionResult>> {
        await stop();
        return { value: undefined, done: true };
      },
      async throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
        await stop();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
    // graphql-ws ends it (return) at the client's Complete and when the connection closes.
    return results;
  };
}
