// `npm start` and the countpoint command run node with the server's flags, and node honours them
// only from its command line: set later, V8 ignores a young generation size.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { SERVE_NODE_FLAGS } from "../../src/node-flags.js";

const run = promisify(execFile);
const flags = SERVE_NODE_FLAGS.join(" ");

describe("the server's node flags", () => {
  it("are in the start script and on the countpoint command's first line", async () => {
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe(`exec node ${flags} dist/src/cli.js serve`);
    const [shebang] = (await readFile("src/cli.ts", "utf8")).split("\n");
    expect(shebang).toBe(`#!/usr/bin/env -S node ${flags}`);
  });

  it("bound the young generation when given on the command line", async () => {
    const semiSpace = `const v8 = require("node:v8");
      for (let i = 0, keep = []; i < 2e6; i++) {
        keep.push({ i, text: "x" + i });
        if (keep.length > 5e4) keep = [];
      }
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
      console.log(space.space_size);`;
    const sized = async (args: string[]) =>
      Number((await run(process.execPath, [...args, "-e", semiSpace])).stdout.trim());
    const [bounded, unbounded] = [await sized([...SERVE_NODE_FLAGS]), await sized([])];
    expect(bounded).toBeLessThan(unbounded);
    // Two semi-spaces of at most 8 MB.
    expect(bounded).toBeLessThanOrEqual(2 * 8 * 2 ** 20);
  });
});
