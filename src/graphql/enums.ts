import { registerEnumType } from "type-graphql";
import * as db from "../generated/prisma/enums.js";
import { ADJUSTMENT_REASONS } from "../reasons.js";

// The database's enums as GraphQL enums: SCREAMING_CASE names (GraphQL convention) whose values
// are the lower-case strings the database and the REST API use.

type Upper<T extends string> = { [K in T as Uppercase<K>]: K };

function graphqlEnum<T extends string>(
  values: readonly T[],
  name: string,
  description: string,
): Upper<T> {
  const members = Object.fromEntries(values.map((v) => [v.toUpperCase(), v])) as Upper<T>;
  registerEnumType(members, { name, description });
  return members;
}

export const StockEntityType = graphqlEnum(
  Object.values(db.EntityType),
  "StockEntityType",
  "What a line or movement is about.",
);

export const StockReason = graphqlEnum(
  Object.values(db.StockReason),
  "StockReason",
  "Why a quantity changed.",
);

export const AdjustmentReason = graphqlEnum(
  ADJUSTMENT_REASONS,
  "AdjustmentReason",
  "Reasons a client may give for an adjustment; MANUAL and ERROR require a note.",
);

export const MovementSource = graphqlEnum(
  Object.values(db.MovementSource),
  "MovementSource",
  "What wrote a movement.",
);

export const AdjustmentLineStatus = graphqlEnum(
  Object.values(db.AdjustmentLineStatus),
  "AdjustmentLineStatus",
  "UNCHANGED: the new quantity equalled the current one; no movement was written.",
);

export const StockTakeStatus = graphqlEnum(
  Object.values(db.StockTakeStatus),
  "StockTakeStatus",
  "Where a stock take stands.",
);

export const SortOrder = graphqlEnum(["asc", "desc"] as const, "SortOrder", "DESC: newest first.");

export const StockTakeLineState = graphqlEnum(
  Object.values(db.StockTakeLineState),
  "StockTakeLineState",
  "UNCOUNTED → COUNTED → ACCEPTED (reviewed) → APPLIED (reconciled); a recount returns a line to UNCOUNTED.",
);

export const StockTakeBasis = graphqlEnum(
  Object.values(db.StockTakeBasis),
  "StockTakeBasis",
  "FREEZE: counts are compared with the quantity at the freeze. COUNT_TIME: with the ledger's quantity at each count's countedAt.",
);

export const CountMode = graphqlEnum(
  Object.values(db.CountMode),
  "CountMode",
  "SET replaces a line's count; ADD adds to it (several counters on one item).",
);
