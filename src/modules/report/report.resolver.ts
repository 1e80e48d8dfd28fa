import { Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { serviceContext } from "../../graphql/service-context.js";
import { costOfLines, summarizedLines } from "../../rate-limit/bucket.js";
import { AccuracyReportArgs } from "./report.inputs.js";
import * as reports from "./report.service.js";
import { AccuracyReport } from "./report.types.js";
import { chargeWalk } from "../../graphql/rate-limit.js";
import { OPERATIONS } from "../../operations.js";
import { prepareValuation } from "./report.valuation.js";
import { ValuationReport, ValuationReportArgs } from "./report.valuation.types.js";
import { prepareVarianceReport } from "./report.variance.js";
import { VarianceReport, VarianceReportArgs } from "./report.variance.types.js";

@Resolver()
export class ReportResolver {
  @Authorized("read")
  @Query(() => AccuracyReport, {
    description:
      "Inventory record accuracy: of the lines counted in the stock takes reconciled in the window (or in one stock take), how many were within tolerance of what they were compared with, and the units of difference, overall, per stock take, per count class and per area. Account-wide the window spans at most 31 days.",
  })
  async accuracyReport(
    @Ctx() ctx: GraphQLContext,
    @Args(() => AccuracyReportArgs) args: AccuracyReportArgs,
  ) {
    const report = await reports.prepareAccuracyReport(serviceContext(ctx), {
      ...args,
      tolerance: args.tolerance?.toString() ?? null,
    });
    // Priced by the lines it totals, as a stock take's summary is, before they are read (the
    // operation's estimate paid for the field itself).
    const units = costOfLines(summarizedLines(report.lines)) - 1;
    if (units > 0) await ctx.chargeMore?.(units);
    return report.read();
  }

  @Authorized("read")
  @Query(() => VarianceReport, {
    description:
      "Variance and shrinkage: what the movements that record differences between the records and the shelf came to over the window, in units and (with the costs scope) money, overall, by reason, by site, by count class, by area, and the items that lost the most. Account-wide, or at one site, the window spans at most 31 days (skuId or supplierItemId lifts it).",
  })
  async varianceReport(
    @Ctx() ctx: GraphQLContext,
    @Args(() => VarianceReportArgs) args: VarianceReportArgs,
  ) {
    const report = await prepareVarianceReport(serviceContext(ctx), args);
    await chargeWalk(ctx, OPERATIONS.getVarianceReport, report.walk);
    return report.read();
  }

  @Authorized("read")
  @Query(() => ValuationReport, {
    description:
      "What the stock was worth, per site and over every site, now or as of any instant in the ledger's history: each item's stock then times its unit cost then, rounded per item. Needs the costs scope (else FORBIDDEN) and the account's currency (else CURRENCY_NOT_SET). Item by item: the REST operation's CSV (GET /api/v1/reports/valuation with Accept: text/csv).",
  })
  async valuationReport(
    @Ctx() ctx: GraphQLContext,
    @Args(() => ValuationReportArgs) args: ValuationReportArgs,
  ) {
    const report = await prepareValuation(serviceContext(ctx), args);
    await chargeWalk(ctx, OPERATIONS.getValuationReport, report.walk);
    return report.read();
  }
}
