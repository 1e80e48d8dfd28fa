import { HeaderMap, type ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import type { ValidationError } from "class-validator";
import {
  isServiceUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE,
  unavailableMessage,
} from "../db/unavailable.js";
import { AppError, listedErrors, type FieldError } from "../errors.js";
import type { UserError } from "./common.types.js";
import type { GraphQLContext } from "./context.js";
import { limitRefusal } from "./limits.js";

// The one place AppErrors become GraphQL: rule violations in a mutation become the payload's
// userErrors (Shopify's convention); auth, limits and faults become top-level errors with
// extensions.code.

const toUserErrors = (errors: FieldError[], fallback: AppError): UserError[] =>
  errors.length > 0
    ? listedErrors(errors).map((e) => ({
        field: e.path.length > 0 ? e.path.map(String) : null,
        code: e.code,
        message: e.message,
      }))
    : [{ field: null, code: fallback.code, message: fallback.message }];

function fromValidation(error: ArgumentValidationError): AppError {
  const flatten = (errors: ValidationError[], path: string[]): FieldError[] =>
    errors.flatMap((e) => [
      ...Object.values(e.constraints ?? {}).map((message) => ({
        path: [...path, e.property],
        code: "INVALID_PARAMETER" as const,
        message,
      })),
      ...flatten(e.children ?? [], [...path, e.property]),
    ]);
  // TypeGraphQL validates each argument object, so paths start inside it (input.code → ["code"]).
  const fields = flatten(error.extensions.validationErrors as ValidationError[], []);
  return fields.length > 0
    ? AppError.fromFields(fields)
    : new AppError("INVALID_PARAMETER", error.message);
}

/**
 * What a mutation answers for an error its resolver threw: rule violations as `{ userErrors }`
 * (the payload's); anything else is rethrown, to become a top-level error.
 */
export function asUserErrors(error: unknown): { userErrors: UserError[] } {
  const appError = error instanceof ArgumentValidationError ? fromValidation(error) : error;
  if (appError instanceof AppError && appError.isUserError) {
    return { userErrors: toUserErrors(appError.fieldErrors, appError) };
  }
  throw appError;
}

/**
 * graphql-js stops checking variables after 50 bad values with one more error, which Apollo does
 * not recognise as the caller's (it has no variable to point at): it is BAD_USER_INPUT like the 50.
 */
const VARIABLE_ERROR_LIMIT = "Too many errors processing variables";

/**
 * What an error stands for: the error a GraphQLError wraps, through each wrapping (graphql-js
 * wraps what a resolver throws, itself perhaps a GraphQLError carrying an AppError and its HTTP
 * status).
 */
function causeOf(error: unknown): unknown {
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

/** Top-level errors: AppErrors keep their code; anything unexpected is INTERNAL, without details. */
export function formatError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = limitRefusal(error) ?? causeOf(error);
  const unavailable = unavailableMessage(original);
  if (unavailable) {
    return {
      message: unavailable,
      path: formatted.path,
      extensions: { code: "SERVICE_UNAVAILABLE" },
    };
  }
  if (original instanceof ArgumentValidationError) {
    const { message } = fromValidation(original);
    return {
      message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: "INVALID_PARAMETER" },
    };
  }
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code },
    };
  }
  if (original instanceof GraphQLError && original.message.startsWith(VARIABLE_ERROR_LIMIT)) {
    return { message: original.message, extensions: { code: "BAD_USER_INPUT" } };
  }
  const code = formatted.extensions?.code;
  // Errors raised by GraphQL itself (syntax, validation, bad variables) are the caller's.
  if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code },
    };
  }
  return { message: "internal error", path: formatted.path, extensions: { code: "INTERNAL" } };
}

/** A SERVICE_UNAVAILABLE answer's HTTP status and header, as REST gives them. */
const unavailableHttp = () => ({
  status: 503,
  headers: new HeaderMap([["retry-after", String(RETRY_AFTER_SECONDS)]]),
});

/**
 * What to throw when the context cannot be made because the database did not answer (the token
 * could not be checked): a SERVICE_UNAVAILABLE error with 503 and Retry-After, not a 500.
 */
export function contextFailure(error: unknown): unknown {
  if (!isServiceUnavailable(error)) return error;
  return new GraphQLError(UNAVAILABLE, {
    originalError: error instanceof Error ? error : undefined,
    extensions: { code: "SERVICE_UNAVAILABLE", http: unavailableHttp() },
  });
}

/**
 * An operation answered with SERVICE_UNAVAILABLE errors carries Retry-After; one that could
 * answer nothing at all (every root field null) is a 503, as over REST.
 */
export const unavailablePlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== "single") return;
        const { errors, data } = response.body.singleResult;
        if (!errors?.some((e) => e.extensions?.code === "SERVICE_UNAVAILABLE")) return;
        const http = unavailableHttp();
        for (const [name, value] of http.headers) response.http.headers.set(name, value);
        if (!data || Object.values(data).every((v) => v === null))
          response.http.status = http.status;
      },
    };
  },
};
