import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "../generated/prisma/client.js";

export { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;

/** A Prisma client over node-postgres with a bounded pool. */
export function createPrismaClient(databaseUrl: string, poolSize: number): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: poolSize });
  return new PrismaClient({ adapter });
}
