// Every operation in the registry (src/operations.ts) names the file serving it, and that file
// defines the use case it names and exports it as a function, which the module's routes or
// resolvers use: the registry is a map a maintainer can follow from an operationId to its code.
import "reflect-metadata";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { OPERATIONS } from "../../src/operations.js";
import { projectRoot } from "../../src/paths.js";

const useCases = Object.entries(OPERATIONS).map(([name, operation]) => {
  const [file = "", exported = ""] = operation.useCase.split("#");
  return { name, file, exported };
});

it("names a use case for every operation, as a module file and an export", () => {
  expect(useCases.length).toBeGreaterThan(40);
  for (const { name, file, exported } of useCases) {
    expect({ name, file }).toEqual({ name, file: expect.stringMatching(/^src\/modules\/.+\.ts$/) });
    expect({ name, exported }).toEqual({ name, exported: expect.stringMatching(/^\w+$/) });
  }
});

/** The text of a module's routes and resolvers (its *.rest.ts and *.resolver.ts, in any folder). */
async function transportText(file: string): Promise<string> {
  const folder = join(projectRoot, file.split("/").slice(0, 3).join("/"));
  const names = await readdir(folder, { recursive: true });
  const faces = names.filter((n) => /\.(rest|resolver)\.ts$/.test(n));
  return (await Promise.all(faces.map((n) => readFile(join(folder, n), "utf8")))).join("\n");
}

it.each(useCases)(
  "$name: $file defines and exports $exported, which its module's routes or resolvers call",
  async ({ file, exported }) => {
    const text = await readFile(join(projectRoot, file), "utf8");
    expect(text).toMatch(new RegExp(`export (async )?(function|const) ${exported}\\b`));
    const module = (await import(join(projectRoot, file))) as Record<string, unknown>;
    expect(typeof module[exported]).toBe("function");
    expect(await transportText(file)).toMatch(new RegExp(`\\b${exported}\\b`));
  },
);
