import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { Prisma } from "../db/client.js";
import { decimalOfText, quantityToNumber, type Decimal } from "../quantity.js";

// Quantity travels as a JSON number. Literals are read from their source text, so a query's
// 0.1 stays exactly 0.1 (and variables are JSON, read by the same rule as REST bodies:
// src/http/json-body.ts); range and precision are checked by the services (INVALID_QUANTITY in
// userErrors), so here anything numeric is accepted.
export const QuantityScalar = new GraphQLScalarType<Decimal, number>({
  name: "Quantity",
  description: "An exact decimal stock quantity (at most 3 decimal places), as a JSON number.",
  serialize(value) {
    if (value instanceof Prisma.Decimal) return quantityToNumber(value);
    if (typeof value === "number") return value;
    throw new GraphQLError("Quantity cannot represent a non-decimal value");
  },
  parseValue(value) {
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new GraphQLError("Quantity must be a number");
    }
    return new Prisma.Decimal(String(value));
  },
  parseLiteral(ast) {
    const d = ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? decimalOfText(ast.value) : null;
    if (!d) throw new GraphQLError("Quantity must be a number", { nodes: ast });
    return d;
  },
});
