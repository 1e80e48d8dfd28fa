import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import {
  AdjustmentResolver,
  StockAdjustmentRecordResolver,
} from "../modules/adjustment/adjustment.resolver.js";
import { CatalogResolver } from "../modules/catalog/catalog.resolver.js";
import {
  MovementResolver,
  SkuMovementsResolver,
  SupplierItemMovementsResolver,
} from "../modules/movement/movement.resolver.js";
import {
  StockTakeLineResolver,
  StockTakeResolver,
} from "../modules/stock-take/stock-take.resolver.js";
import { authChecker } from "./auth.js";

let schema: GraphQLSchema | undefined;

// TypeGraphQL builds the root types without a way to describe them; Sandbox shows these first.
const ROOT_DESCRIPTIONS = {
  Query: "Reads; every field needs a token with the read scope. Lists are Relay connections.",
  Mutation:
    "Writes; each says the scope it needs and answers a payload whose userErrors list the rules the input broke (then nothing was written).",
};

function describeRoots(built: GraphQLSchema): GraphQLSchema {
  for (const root of [built.getQueryType(), built.getMutationType()]) {
    if (root) root.description = ROOT_DESCRIPTIONS[root.name as keyof typeof ROOT_DESCRIPTIONS];
  }
  return built;
}

/** The GraphQL schema, built once from the module resolvers. */
export async function buildGraphqlSchema(): Promise<GraphQLSchema> {
  schema ??= describeRoots(
    await buildSchema({
      resolvers: [
        CatalogResolver,
        AdjustmentResolver,
        StockAdjustmentRecordResolver,
        MovementResolver,
        SkuMovementsResolver,
        SupplierItemMovementsResolver,
        StockTakeResolver,
        StockTakeLineResolver,
      ],
      authChecker,
      authMode: "error",
      validate: { forbidUnknownValues: false },
    }),
  );
  return schema;
}

/** The schema as SDL, as committed in schema.graphql. */
export async function schemaSdl(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildGraphqlSchema())) + "\n";
}
