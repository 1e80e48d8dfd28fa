// Answers are serialized by fast-json-stringify from each route's response schemas. Fastify
// compiles every route's serializers when the server starts; here each is compiled on the first
// answer of its route and status instead: compiling them all was most of a start (1.4 of 1.9 s
// here), which every restart, every spawned worker and every test's server paid for answers it
// mostly never gave. The first answer of a route and status pays its own compile (milliseconds).
import type { FastifyServerOptions } from "fastify";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";

type Serializer = (data: unknown) => string;

/** Fastify's schema controller with serializers compiled when first used. */
export function lazySerializers(): NonNullable<FastifyServerOptions["schemaController"]> {
  const eager = SerializerSelector();
  return {
    compilersFactory: {
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compile = eager(externalSchemas, options as Parameters<typeof eager>[1]);
        return (route: Parameters<typeof compile>[0]) => {
          let serialize: Serializer | undefined;
          return (data: unknown) => (serialize ??= compile(route))(data);
        };
      },
    },
  };
}
