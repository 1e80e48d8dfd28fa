import { ArrayMaxSize, MaxLength } from "class-validator";
import { ArgsType, Field } from "type-graphql";
import { PageArgs } from "../../graphql/connection.js";
import { EVENT_TYPES } from "./event.types.js";

@ArgsType()
export class EventsArgs extends PageArgs {
  @Field(() => [String], {
    nullable: true,
    description: `Only events of these types (${EVENT_TYPES.join(", ")}); all when absent. An unknown type is INVALID_PARAMETER.`,
  })
  @ArrayMaxSize(EVENT_TYPES.length)
  @MaxLength(64, { each: true })
  types?: string[];
}
