// A subscription's document is read and validated once per text: a flood of subscribe messages
// with the same text costs one parse and one validation, and each message still gets every check
// that depends on it alone (its operation name, its variables, its cost).
import type { GraphQLError, GraphQLSchema } from "graphql";
import { buildGraphqlSchema } from "../../src/graphql/schema.js";
import { checkSubscription } from "../../src/graphql/subscription-document.js";

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildGraphqlSchema();
});

const FOLLOW = `subscription Follow($ids: [Int!]) { stockChanged(skuIds: $ids) { skuId quantityAfter } }`;

const codes = (result: ReturnType<typeof checkSubscription>) =>
  (result as GraphQLError[]).map((e) => e.extensions.code ?? e.originalError?.name);

describe("checkSubscription on a text sent again", () => {
  it("reuses the document read the first time, and checks each message's variables anew", () => {
    const first = checkSubscription(schema, { query: FOLLOW, variables: { ids: [1] } });
    const again = checkSubscription(schema, { query: FOLLOW, variables: { ids: [2, 3] } });
    if (Array.isArray(first) || Array.isArray(again)) throw new Error("refused");
    expect(again.document).toBe(first.document);
    // Variables are this message's own: a bad one is refused although the text was read before.
    expect(codes(checkSubscription(schema, { query: FOLLOW, variables: { ids: "x" } }))).toEqual([
      "BAD_USER_INPUT",
    ]);
    // And a wrong operation name too.
    expect(codes(checkSubscription(schema, { query: FOLLOW, operationName: "Other" }))).toEqual([
      "BAD_REQUEST",
    ]);
  });

  it("answers an invalid text the same errors every time", () => {
    const query = `subscription { stockChanged { nothingHere } }`;
    const first = checkSubscription(schema, { query });
    const again = checkSubscription(schema, { query });
    expect(codes(first)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    expect(codes(again)).toEqual(codes(first));
    expect((again as GraphQLError[])[0]!.message).toBe((first as GraphQLError[])[0]!.message);
  });

  it("keeps a bounded number of texts: the least recently used is read again", () => {
    const documentOf = (query: string) => {
      const result = checkSubscription(schema, { query });
      if (Array.isArray(result)) throw new Error(result[0]!.message);
      return result.document;
    };
    const text = (i: number) => `subscription Follow${i} { stockChanged { skuId } }`;
    const first = documentOf(text(0));
    for (let i = 1; i <= 200; i++) documentOf(text(i));
    // 201 texts read since: the first was forgotten.
    expect(documentOf(text(0))).not.toBe(first);
    // The one read most recently is still known.
    expect(documentOf(text(200))).toBe(documentOf(text(200)));
  });
});
