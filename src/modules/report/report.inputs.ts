import { ArgsType, Field, Int } from "type-graphql";
import { QuantityScalar } from "../../graphql/scalars.js";
import type { Decimal } from "../../quantity.js";
import { AREA_DEPTH_DEFAULT, MAX_AREA_DEPTH } from "../stock-take/stock-take.areas.js";

/** A report's window, as the movement history takes it. */
@ArgsType()
export class ReportWindowArgs {
  @Field(() => String, {
    nullable: true,
    description:
      "The window's start: YYYY-MM-DD (that day's start in the account's time zone) or RFC 3339.",
  })
  from?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The window's end: YYYY-MM-DD (that whole day included) or RFC 3339; now when absent.",
  })
  to?: string | null;
}

@ArgsType()
export class AccuracyReportArgs extends ReportWindowArgs {
  @Field(() => Int, {
    nullable: true,
    description: "One stock take's report (then the window may be longer than 31 days, or absent).",
  })
  stockTakeId?: number | null;

  @Field(() => QuantityScalar, {
    nullable: true,
    description: "A count this close to what it was compared with is accurate; 0 when absent.",
  })
  tolerance?: Decimal | null;

  @Field(() => Int, {
    nullable: true,
    description: `Segments of a location that make an area (1 to ${MAX_AREA_DEPTH}; ${AREA_DEPTH_DEFAULT} when absent).`,
  })
  areaDepth?: number | null;
}
