// The hostile account's client in a process of its own, at the lowest CPU priority: its requests
// (megabytes each) are sent from another event loop than the well-behaved account's load
// generator, and on a machine of two cores the attacker's own sending (which in production runs
// on another machine) takes only the CPU that the server and the load generator leave, so N1
// measures the server's fairness rather than the bench machine's. The process builds its classes
// when it starts, answers "ready", starts them on "start", and on "stop" answers their stats and
// the CPU time it used while sending.
import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  hostileClasses,
  Pacer,
  type ClassStats,
  type HostileName,
  type HostileTarget,
} from "./hostile.js";

interface Setup {
  target: HostileTarget;
  only: HostileName[];
  limit: { perSecond: number; burst: number };
}

interface Sent {
  stats: ClassStats[];
  /** CPU time the hostile client used while sending, and the time it was sending. */
  cpuMs: number;
  elapsedMs: number;
}

type FromChild =
  { type: "ready" } | ({ type: "stats" } & Sent) | { type: "failed"; message: string };

/** A hostile client running in its own process: start(), then stop(). */
export interface HostileProcess {
  start: () => void;
  /** Ends every class; answers what each got back and the CPU the client used sending. */
  stop: () => Promise<Sent>;
  kill: () => void;
}

const LOWEST_PRIORITY = 19;

/** Starts the process and waits until its classes are built (bodies made, costliest queries found). */
export async function startHostileProcess(setup: Setup): Promise<HostileProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--hostile-client"], {
    serialization: "advanced",
  });
  if (child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
  const next = () =>
    new Promise<FromChild>((resolve, reject) => {
      child.once("message", (m) => resolve(m as FromChild));
      child.once("error", reject);
    });
  const ready = next();
  child.send(setup);
  const first = await ready;
  if (first.type === "failed") throw new Error(`hostile client: ${first.message}`);
  return {
    start: () => child.send("start"),
    stop: async () => {
      const answer = next();
      child.send("stop");
      const message = await answer;
      if (message.type !== "stats") throw new Error("hostile client: no stats");
      return message;
    },
    kill: () => {
      child.kill();
    },
  };
}

/** The child's side: builds the classes, then sends while told to. */
async function serve(setup: Setup): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  try {
    const classes = await hostileClasses(setup.target, setup.only.length ? setup.only : undefined);
    let running: { stop: () => Promise<ClassStats> }[] = [];
    let cpuAt = process.cpuUsage();
    let startedAt = performance.now();
    process.on("message", (message) => {
      if (message === "start") {
        cpuAt = process.cpuUsage();
        startedAt = performance.now();
        const pacer = new Pacer(setup.limit.perSecond, setup.limit.burst);
        running = classes.map((c) => c.start(pacer));
      } else if (message === "stop") {
        void Promise.all(running.map((r) => r.stop())).then((stats) => {
          const cpu = process.cpuUsage(cpuAt);
          const elapsedMs = performance.now() - startedAt;
          // Disconnected once the stats are written: a large message (a latency per request of a
          // flood) is still being written when send returns, and a disconnect then drops it.
          process.send?.(
            { type: "stats", stats, cpuMs: (cpu.user + cpu.system) / 1000, elapsedMs },
            undefined,
            undefined,
            () => process.disconnect(),
          );
        });
      }
    });
    send({ type: "ready" });
  } catch (error) {
    send({ type: "failed", message: String(error) });
    process.disconnect();
  }
}

if (process.argv.includes("--hostile-client")) {
  process.once("message", (setup) => void serve(setup as Setup));
}
