import { DateTimeResolver } from "graphql-scalars";
import { Field, Int, ObjectType } from "type-graphql";
import { PayloadType, UserErrorsField, type UserError } from "../../graphql/common.types.js";
import { ConnectionType } from "../../graphql/connection.js";

/** A site as both transports show it. */
@ObjectType({
  description:
    "A store, warehouse or van of the account: where its stock is. Exactly one is the account's default, the site a request naming none means.",
})
export class Site {
  @Field(() => Int, { description: "The site's id." })
  id!: number;

  @Field({ description: "Its code, unique in the account regardless of case (e.g. STORE-12)." })
  code!: string;

  @Field({ description: "What it is called (e.g. Berlin Mitte)." })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: "Its IANA time zone; null: the account's.",
  })
  timezone!: string | null;

  @Field({ description: "Whether it is active; false: deactivated (kept, with its history)." })
  active!: boolean;

  @Field({
    description:
      "Whether it is the account's default: the site a request naming none means. Always active.",
  })
  isDefault!: boolean;

  @Field(() => DateTimeResolver, { description: "When it was made." })
  createdAt!: Date;

  @Field(() => DateTimeResolver, { description: "When it last changed." })
  updatedAt!: Date;
}

export const SiteConnection = ConnectionType(Site, "Site");

/** A site to create, as either transport sends it. */
export interface SiteInput {
  code: string;
  name: string;
  timezone?: string | null;
  active?: boolean | null;
  isDefault?: boolean | null;
}

/** Changes to a site: a field left out (undefined) stays as it is; timezone null: the account's. */
export interface SiteChanges {
  code?: string | null;
  name?: string | null;
  timezone?: string | null;
  active?: boolean | null;
  isDefault?: boolean | null;
}

@PayloadType("createSite")
export class CreateSitePayload {
  @Field(() => Site, { nullable: true, description: "The new site; null with userErrors." })
  site?: Site | null;

  @UserErrorsField()
  userErrors!: UserError[];
}

@PayloadType("updateSite")
export class UpdateSitePayload {
  @Field(() => Site, { nullable: true, description: "The site as changed; null with userErrors." })
  site?: Site | null;

  @UserErrorsField()
  userErrors!: UserError[];
}
