// The service's periodic upkeep (partitions ahead, stock snapshots): a task run now and then
// daily in the background until stopped, a failure logged and tried again within the hour.

const DAY_MS = 86_400_000;
const RETRY_MS = 3_600_000;

export interface UpkeepLog {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

/**
 * Runs `task` now, then daily, until the returned function is called; what it did is logged
 * (`done` names it, when it did anything), a failure as `failed` and run again in an hour.
 */
export function keepDoing(
  task: () => Promise<number>,
  log: UpkeepLog,
  messages: { done: (count: number) => [object, string]; failed: string },
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () =>
    task().then(
      (count) => {
        if (count > 0) log.info(...messages.done(count));
        schedule(DAY_MS);
      },
      (err: unknown) => {
        log.warn({ err }, `${messages.failed}; trying again in an hour`);
        schedule(RETRY_MS);
      },
    );
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
