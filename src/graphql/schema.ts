import "reflect-metadata";
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";
import { ArgumentValidationError, buildSchema, type PubSub, type ValidatorFn } from "type-graphql";
import { validateOrReject, type ValidationError, type ValidatorOptions } from "class-validator";
import {
  AdjustmentResolver,
  StockAdjustmentRecordResolver,
} from "../modules/adjustment/adjustment.resolver.js";
import {
  CatalogResolver,
  SkuBarcodesResolver,
  SupplierItemBarcodesResolver,
} from "../modules/catalog/graphql/catalog.resolver.js";
import { MovementResolver } from "../modules/movement/movement.resolver.js";
import {
  MovementCatalogResolver,
  SkuMovementsResolver,
  SupplierItemMovementsResolver,
} from "../modules/catalog/graphql/catalog.movements.resolver.js";
import { TransferLineCatalogResolver } from "../modules/catalog/graphql/catalog.transfer-lines.resolver.js";
import {
  SkuLevelsResolver,
  SupplierItemLevelsResolver,
} from "../modules/catalog/graphql/catalog.levels.resolver.js";
import {
  MovementStockTakeResolver,
  StockTakeLineResolver,
  StockTakeResolver,
} from "../modules/stock-take/graphql/stock-take.resolver.js";
import {
  CycleCountResolver,
  SkuCycleCountResolver,
} from "../modules/cycle-count/cycle-count.resolver.js";
import { ReportResolver } from "../modules/report/report.resolver.js";
import { EventResolver } from "../modules/event/event.resolver.js";
import { EventSubscriptionResolver } from "../modules/event/event.subscriptions.js";
import { WebhookResolver } from "../modules/webhook/webhook.resolver.js";
import { SiteResolver } from "../modules/site/site.resolver.js";
import { AccountResolver } from "../modules/account/account.resolver.js";
import {
  SkuCostResolver,
  SupplierItemCostResolver,
} from "../modules/catalog/graphql/catalog.costs.resolver.js";
import { TransferResolver } from "../modules/transfer/transfer.resolver.js";
import { TokenResolver } from "../modules/token/token.resolver.js";
import { authChecker } from "./auth.js";
import { describeListBounds } from "./list-bounds.js";

let schema: GraphQLSchema | undefined;

// TypeGraphQL builds the root types without a way to describe them; Sandbox shows these first.
const ROOT_DESCRIPTIONS = {
  Query:
    "Reads; every field needs a token with the read scope (webhooks and webhook: the webhooks scope; apiTokens: the tokens scope). Lists are Relay connections, except webhooks (at most 20).",
  Mutation:
    "Writes; each says the scope it needs and answers a payload whose userErrors list the rules the input broke (then nothing was written).",
  Subscription:
    "Live changes over WebSocket (graphql-ws at /graphql; the token in connectionParams.authorization), fed by the change feed: each change once it has committed, in feed order.",
};

function describeRoots(built: GraphQLSchema): GraphQLSchema {
  for (const root of [built.getQueryType(), built.getMutationType(), built.getSubscriptionType()]) {
    if (root) root.description = ROOT_DESCRIPTIONS[root.name as keyof typeof ROOT_DESCRIPTIONS];
  }
  return built;
}

/** Properties left out are not checked (they are optional); input classes are checked as declared. */
const VALIDATOR_OPTIONS: ValidatorOptions = {
  skipMissingProperties: true,
  forbidUnknownValues: false,
};

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * Every input object argument checked by class-validator, as TypeGraphQL's own validation does,
 * without the dynamic import of class-validator that it makes on every call.
 */
export const validateInputs: ValidatorFn = async (value) => {
  try {
    if (Array.isArray(value)) {
      await Promise.all(value.filter(isObject).map((v) => validateOrReject(v, VALIDATOR_OPTIONS)));
    } else if (isObject(value)) {
      await validateOrReject(value, VALIDATOR_OPTIONS);
    }
  } catch (errors) {
    throw new ArgumentValidationError(errors as ValidationError[]);
  }
};

/** The GraphQL schema, built once from the module resolvers. */
export async function buildGraphqlSchema(): Promise<GraphQLSchema> {
  schema ??= describeListBounds(
    describeRoots(
      await buildSchema({
        resolvers: [
          CatalogResolver,
          SkuBarcodesResolver,
          SupplierItemBarcodesResolver,
          AdjustmentResolver,
          StockAdjustmentRecordResolver,
          MovementResolver,
          MovementCatalogResolver,
          TransferLineCatalogResolver,
          MovementStockTakeResolver,
          SkuMovementsResolver,
          SupplierItemMovementsResolver,
          SkuLevelsResolver,
          SkuCostResolver,
          SupplierItemCostResolver,
          SupplierItemLevelsResolver,
          StockTakeResolver,
          StockTakeLineResolver,
          CycleCountResolver,
          SkuCycleCountResolver,
          ReportResolver,
          EventResolver,
          EventSubscriptionResolver,
          WebhookResolver,
          TokenResolver,
          SiteResolver,
          AccountResolver,
          TransferResolver,
        ],
        authChecker,
        authMode: "error",
        validateFn: validateInputs,
        // Every subscription brings its own event stream (the change feed): no topics to publish.
        pubSub: NO_TOPICS,
      }),
    ),
  );
  return schema;
}

const NO_TOPICS: PubSub = {
  publish: () => {
    throw new Error("subscriptions read the change feed; nothing is published");
  },
  subscribe: () => {
    throw new Error("subscriptions read the change feed; there are no topics");
  },
};

/** The schema as SDL, as committed in schema.graphql. */
export async function schemaSdl(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildGraphqlSchema())) + "\n";
}
