import { Args, Authorized, Ctx, Query, Resolver } from "type-graphql";
import { serviceContext, type GraphQLContext } from "../../graphql/context.js";
import { AccuracyReportArgs } from "./report.inputs.js";
import * as reports from "./report.service.js";
import { AccuracyReport } from "./report.types.js";

@Resolver()
export class ReportResolver {
  @Authorized("read")
  @Query(() => AccuracyReport, {
    description:
      "Inventory record accuracy: of the lines counted in the stock takes reconciled in the window (or in one stock take), how many were within tolerance of what they were compared with, and the units of difference, overall, per stock take, per count class and per area. Account-wide the window spans at most 31 days.",
  })
  accuracyReport(
    @Ctx() ctx: GraphQLContext,
    @Args(() => AccuracyReportArgs) args: AccuracyReportArgs,
  ) {
    return reports.accuracyReport(serviceContext(ctx), {
      ...args,
      tolerance: args.tolerance?.toString() ?? null,
    });
  }
}
