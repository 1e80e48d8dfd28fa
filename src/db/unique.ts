import { Prisma } from "./client.js";
import { AppError } from "../errors.js";

/** Runs a write of a code; a code the account already uses is DUPLICATE_CODE at `path`. */
export async function uniqueCode<T>(
  create: () => Promise<T>,
  message: string,
  path: string[],
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("DUPLICATE_CODE", message, [{ path, code: "DUPLICATE_CODE", message }]);
    }
    throw error;
  }
}
