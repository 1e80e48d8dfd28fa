// The layers' rules (.dependency-cruiser.cjs, run by `npm run lint`) are active: on a scratch tree
// laid out like src/, dependency-cruiser with the project's own rules refuses imports against the
// grain (a module's included), a circle and an import that does not resolve, and lets a module's
// route use a transport helper and a module use one below it.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { projectRoot } from "../../src/paths.js";

const config = createRequire(join(projectRoot, "package.json"))(
  "./.dependency-cruiser.cjs",
) as IConfiguration;

/** Each file of the scratch tree, by path, with what it imports. */
const TREE: Record<string, string[]> = {
  "src/errors.ts": [],
  "src/db/client.ts": ["../errors.js"],
  "src/db/one.ts": ["./two.js"],
  "src/db/two.ts": ["./one.js"],
  "src/ledger/ledger.ts": ["../http/auth.js"],
  "src/auth/tokens.ts": ["../modules/catalog/catalog.service.js"],
  "src/http/auth.ts": ["../db/client.js"],
  "src/http/app.ts": ["../graphql/context.js"],
  "src/graphql/context.ts": ["../server/app.js"],
  "src/server/app.ts": ["../http/auth.js"],
  "src/modules/catalog/catalog.service.ts": ["../../graphql/context.js", "./gone.js"],
  "src/modules/catalog/catalog.rest.ts": ["../../http/auth.js", "./catalog.service.js"],
  "src/modules/catalog/rest/catalog.list.rest.ts": [
    "../../../http/auth.js",
    "../catalog.service.js",
  ],
  "src/modules/catalog/catalog.types.ts": [],
  "src/modules/catalog/index.ts": ["./catalog.service.js"],
  "src/graphql/loaders.ts": [
    "../modules/catalog/catalog.service.js",
    "../modules/catalog/index.js",
  ],
  "src/server/routes.ts": ["../modules/catalog/catalog.rest.js"],
  "src/modules/catalog/catalog.search.ts": ["../shelf/shelf.service.js"],
  "src/modules/shelf/shelf.service.ts": [],
  "src/modules/movement/movement.types.ts": ["../catalog/catalog.types.js"],
  "src/modules/stock-take/stock-take.service.ts": ["../catalog/catalog.service.js"],
};

let dir: string;
let result: ICruiseResult;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "countpoint-layers-"));
  for (const [path, imports] of Object.entries(TREE)) {
    await mkdir(join(dir, dirname(path)), { recursive: true });
    const lines = imports.map((from, i) => `import { x as x${i} } from "${from}";`);
    await writeFile(join(dir, path), [...lines, "export const x = 1;", ""].join("\n"));
  }
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const cruised = await cruise(["src"], {
    ...options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  result = cruised.output as ICruiseResult;
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** The violations found, as `rule: from → to`. */
const violations = () =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();

it("refuses every import against the grain, a module below importing one above, an unlisted module, a module's service reached past its index, the circle and the unresolvable import, and nothing else", () => {
  expect(violations()).toEqual(
    [
      "auth-below-modules: src/auth/tokens.ts → src/modules/catalog/catalog.service.ts",
      "ledger-below-modules: src/ledger/ledger.ts → src/http/auth.ts",
      "modules-through-index: src/graphql/loaders.ts → src/modules/catalog/catalog.service.ts",
      "module-order-movement: src/modules/movement/movement.types.ts → src/modules/catalog/catalog.types.ts",
      "module-unlisted: src/modules/catalog/catalog.search.ts → src/modules/shelf/shelf.service.ts",
      "no-circular: src/db/one.ts → src/db/two.ts",
      "resolvable: src/modules/catalog/catalog.service.ts → ./gone.js",
      "services-below-transports: src/modules/catalog/catalog.service.ts → src/graphql/context.ts",
      "transports-apart: src/http/app.ts → src/graphql/context.ts",
      "transports-below-root: src/graphql/context.ts → src/server/app.ts",
    ].sort(),
  );
});
