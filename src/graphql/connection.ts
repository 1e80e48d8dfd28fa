import { MAX_PAGE_SIZE } from "../limits.js";
import { Max, Min } from "class-validator";
import { ArgsType, Field, Int, ObjectType, type ClassType } from "type-graphql";
import type { Page } from "../cursor.js";
import { PageInfo } from "./common.types.js";

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
}

/**
 * A Relay connection type named `${name}Connection` with `${name}Edge` edges; `name` is also the
 * node type's name, so the descriptions can point at it.
 */
export function ConnectionType<T extends object>(
  node: ClassType<T>,
  name: string,
): ClassType<Connection<T>> {
  @ObjectType(`${name}Edge`, { description: `One ${name} in a page, with its cursor.` })
  class Edge {
    @Field({ description: "Opaque; pass it as after to read on from this item." })
    cursor!: string;

    @Field(() => node, { description: `The ${name}.` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, {
    description: `A page of ${name} items (a Relay connection): page on with first and after.`,
  })
  class ConnectionClass {
    @Field(() => [Edge], { description: "This page's items, in the list's order." })
    edges!: Edge[];

    @Field(() => PageInfo, { description: "Whether more follow, and the cursor to read on with." })
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
  @Field(() => Int, {
    nullable: true,
    description: `Page size, 1 to ${MAX_PAGE_SIZE} (default 100).`,
  })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first?: number;

  @Field(() => String, {
    nullable: true,
    description:
      "Start after this cursor (pageInfo.endCursor or an edge's cursor from this same list); leave it out for the first page. A malformed cursor is INVALID_CURSOR.",
  })
  after?: string;
}
