import type { ServerUnderTest } from "./stock-take.js";

/**
 * A JSON call of the server's REST API with its token, answering the body; a status other than
 * 2xx throws, naming the path.
 */
export const apiCaller =
  (server: ServerUnderTest) =>
  async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
