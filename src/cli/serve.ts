// countpoint serve and worker: the long-running processes, each loading the service only when run.
import { loadConfig } from "../config.js";
import { options, positiveInt, type Command } from "./options.js";

/** The service, on one process or a cluster of `--workers` on one port. */
const serveCommand: Command = async (args) => {
  const o = options(args, { workers: { required: false } });
  const config = loadConfig();
  const workers =
    o.workers === undefined ? config.webConcurrency : positiveInt(o.workers, "--workers");
  const { serve, serveCluster } = await import("../main.js");
  if (workers > 1) await serveCluster(config, workers);
  else await serve(config);
};

/** Webhook deliveries and the housekeeping, without the API. */
const worker: Command = async () => {
  const { runWorker } = await import("../main.js");
  await runWorker(loadConfig());
};

/** The commands that run the service, by name. */
export const serveCommands: Record<string, Command> = { serve: serveCommand, worker };
