// The REST contract of stock takes, as the OpenAPI registry (src/server/openapi-schemas.ts) takes
// it: every named schema of the module, answers first, then the request bodies. Each route's
// schemas sit with its use case: stock-take.start.schemas.ts, stock-take.count.schemas.ts,
// stock-take.review.schemas.ts and stock-take.read.schemas.ts; what they share is in
// stock-take.shared.schemas.ts, what the operations answer in stock-take.answers.schemas.ts.
import { stockTakeAnswerSchemas } from "./stock-take.answers.schemas.js";
import {
  StockTakeCountInput,
  StockTakeCounts,
  StockTakeCountsCsv,
} from "./stock-take.count.schemas.js";
import { AcceptStockTakeLines, ReconcileStockTake } from "./stock-take.review.schemas.js";
import { StockTakeEntityRef } from "./stock-take.shared.schemas.js";
import { StartStockTake } from "./stock-take.start.schemas.js";

/** Every named schema of stock takes, in the order the document lists them. */
export const stockTakeSchemas = {
  ...stockTakeAnswerSchemas,
  StartStockTake,
  StockTakeEntityRef,
  StockTakeCountInput,
  StockTakeCounts,
  StockTakeCountsCsv,
  AcceptStockTakeLines,
  ReconcileStockTake,
} as const;
