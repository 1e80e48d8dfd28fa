// countpoint schema and openapi: the API's documents, built without a database.
import { options, type Command } from "./options.js";

/** The GraphQL schema as SDL. */
const schema: Command = async () => {
  const { schemaSdl } = await import("../graphql/schema.js");
  process.stdout.write(await schemaSdl());
};

/** The REST API's OpenAPI document, as served at /api/v1/openapi.json. */
const openapi: Command = async (args) => {
  options(args, {});
  const { openApiDocument } = await import("../server/openapi-document.js");
  process.stdout.write(JSON.stringify(await openApiDocument(), null, 2) + "\n");
};

/** The commands that print the API's documents, by name. */
export const documentCommands: Record<string, Command> = { schema, openapi };
