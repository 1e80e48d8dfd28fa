import type { FastifyReply, FastifyRequest } from "fastify";
import type { Idempotent } from "../db/idempotency.js";
import { toRest } from "./serialize.js";

/** The Idempotency-Key header of a write, if any (its format is checked by the route schema). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" ? key : undefined;
}

/** Sends a write's result; a replay says so with Idempotent-Replayed: true. */
export function sendIdempotent<T>(
  reply: FastifyReply,
  status: number,
  result: Idempotent<T>,
  shape: (value: T) => unknown = (v) => v,
) {
  if (result.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(status).send(toRest(shape(result.value)));
}
