import { Max, Min } from "class-validator";
import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import type { Page } from "../cursor.js";
import { PageInfo } from "./common.types.js";

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
}

/** A Relay connection type named `${name}Connection` with `${name}Edge` edges. */
export function ConnectionType<T extends object>(
  node: ClassType<T>,
  name: string,
): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionClass {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

/** A service page as a Relay connection; `after` is the cursor the page was asked for with. */
export function toConnection<T>(page: Page<T>, after?: string | null): Connection<T> {
  return {
    edges: page.items,
    pageInfo: {
      hasNextPage: page.nextCursor !== null,
      hasPreviousPage: Boolean(after),
      startCursor: page.items[0]?.cursor ?? null,
      // An empty page of a list that grows at its end still says where to resume.
      endCursor: page.items.at(-1)?.cursor ?? page.resumeCursor ?? null,
    },
  };
}

/** first/after of a Relay connection field. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: "Page size, 1 to 1000 (default 100)." })
  @Min(1)
  @Max(1000)
  first?: number;

  @Field(() => String, { nullable: true })
  after?: string;
}
