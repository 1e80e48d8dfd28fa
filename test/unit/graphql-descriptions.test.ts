// Apollo Sandbox shows what the schema says: every type, field, argument, input field and enum
// value a user can explore must carry a description.
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLArgument,
  type GraphQLSchema,
} from "graphql";
import { buildGraphqlSchema } from "../../src/graphql/schema.js";

/** Schema coordinates (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`) without a description. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (coordinate: string, description: string | null | undefined): void => {
    if (!description?.trim()) missing.push(coordinate);
  };
  const checkArgs = (owner: string, args: readonly GraphQLArgument[]): void => {
    for (const arg of args) check(`${owner}(${arg.name}:)`, arg.description);
  };

  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        checkArgs(`${type.name}.${field.name}`, field.args);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  for (const directive of schema.getDirectives()) {
    checkArgs(`@${directive.name}`, directive.args);
  }
  return missing.sort();
}

describe("GraphQL schema descriptions", () => {
  it("describes every type, field, argument, input field and enum value", async () => {
    expect(undescribed(await buildGraphqlSchema())).toEqual([]);
  });
});
