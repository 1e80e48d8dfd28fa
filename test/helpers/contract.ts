// The REST contract as the API tests see it: every response a test receives through rest() is
// checked against the served OpenAPI document (documented status, content type and body schema),
// and against what the handler returned before serialisation (a response schema must not drop or
// coerce fields). A mismatch fails the calling test.
import { isDeepStrictEqual } from "node:util";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** The parts of an OpenAPI 3.1 document the checks read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

export class Contract {
  private readonly ajv = addFormats.default(
    new Ajv2020({ strict: false, allErrors: true, validateSchema: false }),
  );
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literal: number }[];

  constructor(readonly document: OpenApiDocument) {
    this.ajv.addSchema(document as object, "openapi.json");
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          "^" + template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+") + "$",
        ),
        // A literal segment beats a parameter, as in the router: /stock-adjustments/bulk first.
        literal: template.split("/").filter((s) => s && !s.startsWith("{")).length,
      }))
      .sort((a, b) => b.literal - a.literal);
  }

  /** The path template a request path falls under, if the document has one. */
  templateOf(pathname: string): string | undefined {
    return this.templates.find((t) => t.pattern.test(pathname))?.template;
  }

  /** Every mismatch between a response and the document; empty when it conforms. */
  check(
    method: string,
    url: string,
    response: { status: number; contentType: string | null; body: unknown; text: string },
  ): string[] {
    const pathname = new URL(url, "http://x").pathname;
    const template = this.templateOf(pathname);
    const operation = template ? this.document.paths[template]?.[method.toLowerCase()] : undefined;
    const where = `${method} ${pathname} answered ${response.status}`;
    if (!template || !operation || !METHODS.has(method.toLowerCase())) {
      // Not an operation of the API: only the router's own problems may answer.
      if (![404, 405].includes(response.status)) {
        return [`${where}, but the document has no ${method} ${template ?? pathname}`];
      }
      return this.validate("#/components/schemas/Problem", response.body, where);
    }
    const pointer = `#/paths/${segment(template)}/${method.toLowerCase()}/responses`;
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      return [
        `${where}, which the document does not list (it lists ${Object.keys(operation.responses).join(", ")})`,
      ];
    }
    if (!documented.content) {
      return response.text === "" ? [] : [`${where} with a body the document does not describe`];
    }
    const mediaType = (response.contentType ?? "").split(";")[0]?.trim() ?? "";
    if (!documented.content[mediaType]) {
      return [
        `${where} as "${mediaType}", but the document says ${Object.keys(documented.content).join(", ")}`,
      ];
    }
    if (method.toUpperCase() === "HEAD") return [];
    return this.validate(
      `${pointer}/${response.status}/content/${segment(mediaType)}/schema`,
      response.body,
      where,
    );
  }

  private validate(pointer: string, body: unknown, where: string): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${where}: body${e.instancePath} ${e.message ?? "is invalid"} (${e.schemaPath})`,
    );
  }
}

/** The fields the serialiser dropped or changed: the handler's payload against the body sent. */
export function serialisationMismatch(payload: unknown, body: unknown): string | undefined {
  const expected: unknown = JSON.parse(JSON.stringify(payload));
  if (isDeepStrictEqual(expected, body)) return undefined;
  return `the response schema changed the body: the handler returned ${truncate(expected)}, the client received ${truncate(body)}`;
}

/** A JSON pointer segment, as a URI fragment holds it. */
const segment = (name: string) =>
  encodeURIComponent(name.replaceAll("~", "~0").replaceAll("/", "~1"));
const truncate = (value: unknown) => JSON.stringify(value).slice(0, 600);
