import { IsOptional, MaxLength, Min } from "class-validator";
import { ArgsType, Field, InputType, Int } from "type-graphql";
import { PageArgs } from "../../graphql/connection.js";
import { IdempotencyKeyField } from "../../graphql/idempotency.js";
import { TEXT_LIMITS } from "../../limits.js";
import { MAX_TIMEZONE_LENGTH } from "./site.service.js";

// Lengths are checked here, as REST's schema does; blank texts, unknown time zones and the
// default's rules are the service's to say (INVALID_PARAMETER, DEFAULT_SITE).

const CODE_RULE = `Unique in the account regardless of case (else DUPLICATE_CODE): trimmed, 1 to ${TEXT_LIMITS.code} characters, one line.`;
const NAME_RULE = `Trimmed, 1 to ${TEXT_LIMITS.name} characters, one line.`;
const TIMEZONE_RULE =
  "An IANA time zone (e.g. Europe/Berlin; an unknown one is INVALID_PARAMETER); null or blank: the account's.";

@ArgsType()
export class SitesArgs extends PageArgs {
  @Field(() => Boolean, {
    nullable: true,
    description: "Only active sites (true) or only deactivated ones (false); absent: all.",
  })
  active?: boolean | null;
}

@InputType({ description: "A new site." })
export class CreateSiteInput {
  @Field({ description: `Its code. ${CODE_RULE}` })
  @MaxLength(TEXT_LIMITS.code)
  code!: string;

  @Field({ description: `What it is called. ${NAME_RULE}` })
  @MaxLength(TEXT_LIMITS.name)
  name!: string;

  @Field(() => String, { nullable: true, description: TIMEZONE_RULE })
  @IsOptional()
  @MaxLength(MAX_TIMEZONE_LENGTH)
  timezone?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: true,
    description: "Whether it starts active; false makes it deactivated from the start.",
  })
  active?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description:
      "Whether it becomes the account's default (the default before stops being it); it must then be active.",
  })
  isDefault?: boolean | null;

  @IdempotencyKeyField()
  idempotencyKey?: string | null;
}

@InputType({ description: "Changes to a site; a field left out stays as it is." })
export class UpdateSiteInput {
  @Field(() => Int, { description: "The site to change (Site.id)." })
  @Min(1)
  id!: number;

  @Field(() => String, { nullable: true, description: `A new code. ${CODE_RULE}` })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.code)
  code?: string | null;

  @Field(() => String, { nullable: true, description: `A new name. ${NAME_RULE}` })
  @IsOptional()
  @MaxLength(TEXT_LIMITS.name)
  name?: string | null;

  @Field(() => String, { nullable: true, description: TIMEZONE_RULE })
  @IsOptional()
  @MaxLength(MAX_TIMEZONE_LENGTH)
  timezone?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Whether it is active: false deactivates it (never the default: DEFAULT_SITE; nor while a stock take there is open or counting or it holds stock: SITE_IN_USE), true activates it again.",
  })
  active?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "True makes it the account's default (the default before stops being it). The default cannot be given up with false (DEFAULT_SITE): make another site the default instead.",
  })
  isDefault?: boolean | null;
}
