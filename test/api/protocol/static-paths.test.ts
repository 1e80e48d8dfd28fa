// The files the server serves (the counting app's, the GraphQL explorer's, the API docs page's)
// refuse what they must not serve (dot segments, spelled plainly or percent-encoded, a folder) as
// the API refuses an unknown path: 404 ROUTE_NOT_FOUND as problem+json, without a token, and
// nothing logged as a fault, so no one can raise the server's 5xx alerts from outside.
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { projectRoot } from "../../../src/paths.js";
import { startTestApp, type TestApp } from "../../helpers/app.js";

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await startTestApp(undefined, {
    config: { logLevel: "info", graphqlExplorer: "graphiql" },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

/** One request with its path exactly as given: fetch would resolve the dot segments first. */
function raw(path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise<{ status: number; type: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = request({ host: hostname, port, path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, type: res.headers["content-type"], body }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

/** Lines logged at error level or above (pino: 50 error, 60 fatal). */
const faults = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

/** A file each mount really serves, so the refusals below are about the path alone. */
const appAsset = readdirSync(join(projectRoot, "dist", "web", "app", "assets")).find((f) =>
  f.endsWith(".js"),
);

const MOUNTS = ["/app/assets/", "/graphql/explorer/assets/", "/api/v1/docs/static/"];
const DOT_SEGMENTS = [
  "../index.html",
  "%2e%2e/index.html",
  "%2E%2E/index.html",
  ".%2e/index.html",
  "%2e./index.html",
  "x/../../index.html",
  "./index.html",
];

describe.each(MOUNTS)("files under %s", (mount) => {
  it.each(DOT_SEGMENTS)("answer %s with 404 ROUTE_NOT_FOUND, logging no fault", async (rest) => {
    lines.length = 0;
    const res = await raw(`${mount}${rest}`);
    expect({ status: res.status, type: res.type }).toEqual({
      status: 404,
      type: "application/problem+json; charset=utf-8",
    });
    expect(JSON.parse(res.body)).toMatchObject({ status: 404, code: "ROUTE_NOT_FOUND" });
    expect(faults()).toEqual([]);
  });
});

it("answers a folder of files with 404, as a file that is not there", async () => {
  lines.length = 0;
  const res = await raw("/app/assets/");
  expect(res.status).toBe(404);
  expect(JSON.parse(res.body)).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  expect(faults()).toEqual([]);
});

it("still serves the files themselves", async () => {
  expect((await raw(`/app/assets/${appAsset}`)).status).toBe(200);
  expect((await raw("/api/v1/docs/static/swagger-ui.css")).status).toBe(200);
});

it.each([
  ["range", "bytes=999999999-"],
  ["if-match", '"not-this-file"'],
  ["if-unmodified-since", "Thu, 01 Jan 1970 00:00:00 GMT"],
])("answers a file %s it cannot meet with a 4xx problem, logging no fault", async (name, value) => {
  lines.length = 0;
  const res = await raw(`/app/assets/${appAsset}`, { [name]: value });
  expect(res.status).toBe(400);
  expect(JSON.parse(res.body)).toMatchObject({ code: "MALFORMED_REQUEST" });
  expect(faults()).toEqual([]);
});
