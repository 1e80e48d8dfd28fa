import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { Prisma } from "../db/client.js";
import { decimalOfText, quantityToNumber, type Decimal } from "../quantity.js";

// Quantity travels as a JSON number. Literals are read from their source text, so a query's
// 0.1 stays exactly 0.1 (and variables are JSON, read by the same rule as REST bodies:
// src/http/json-body.ts); range and precision are checked by the services (INVALID_QUANTITY in
// userErrors), so here anything numeric is accepted.
const decimalNumberScalar = (name: string, description: string) =>
  new GraphQLScalarType<Decimal, number>({
    name,
    description,
    serialize(value) {
      if (value instanceof Prisma.Decimal) return quantityToNumber(value);
      if (typeof value === "number") return value;
      throw new GraphQLError(`${name} cannot represent a non-decimal value`);
    },
    parseValue(value) {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new GraphQLError(`${name} must be a number`);
      }
      return new Prisma.Decimal(String(value));
    },
    parseLiteral(ast) {
      const d = ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? decimalOfText(ast.value) : null;
      if (!d) throw new GraphQLError(`${name} must be a number`, { nodes: ast });
      return d;
    },
  });

export const QuantityScalar = decimalNumberScalar(
  "Quantity",
  "An exact decimal stock quantity (at most 3 decimal places), as a JSON number.",
);

// A unit cost has at most 14 significant digits, as a quantity: a JSON number holds it exactly.
// Range and precision are the services' to check (INVALID_COST in userErrors).
export const UnitCostScalar = decimalNumberScalar(
  "UnitCost",
  "An exact decimal unit cost in the account's currency (at most 4 decimal places, below 10^10), as a JSON number.",
);

// An amount (a value) may have more digits than a JSON number holds exactly: a string.
export const MoneyScalar = new GraphQLScalarType<string, string>({
  name: "Money",
  description:
    'An exact decimal amount in the account\'s currency, as a string with the currency\'s minor digits ("-12.50", JPY "1250").',
  serialize(value) {
    if (typeof value === "string") return value;
    throw new GraphQLError("Money is written by the service as a string");
  },
  parseValue() {
    throw new GraphQLError("Money is an output only");
  },
  parseLiteral(ast) {
    throw new GraphQLError("Money is an output only", { nodes: ast });
  },
});
