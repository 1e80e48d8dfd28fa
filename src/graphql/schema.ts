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
import { freshReadsAfterMutations } from "./context.js";
import { userErrorsMiddleware } from "./errors.js";

let schema: GraphQLSchema | undefined;

/** The GraphQL schema, built once from the module resolvers. */
export async function buildGraphqlSchema(): Promise<GraphQLSchema> {
  schema ??= await buildSchema({
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
    globalMiddlewares: [userErrorsMiddleware, freshReadsAfterMutations],
    validate: { forbidUnknownValues: false },
  });
  return schema;
}

/** The schema as SDL, as committed in schema.graphql. */
export async function schemaSdl(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildGraphqlSchema())) + "\n";
}
