import { existsSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CATALOG } from "../../../src/errors.js";
import { projectRoot } from "../../../src/paths.js";
import {
  docPages,
  fencedBlocks,
  headingAnchors,
  readPage,
  relativeLinks,
  RUNNABLE_LANGUAGES,
} from "../../helpers/doc-pages.js";
import { hasShellTools, runPage, startDemoServer } from "../../helpers/doc-examples.js";

// The examples of the README and of every page under docs/, run as written. A block is an
// example the tests run when its info string says so (```sh runnable, ```graphql runnable); each
// page's examples run in the page's order against a fresh server with the demo data, so every
// page works alone, as a reader who opens only that page would paste it. See CONTRIBUTING.md.

const pages = docPages(projectRoot);
const blocksOf = (page: string) => fencedBlocks(readPage(projectRoot, page), page);
const withExamples = pages.filter((p) => blocksOf(p).some((b) => b.runnable));
const shell = hasShellTools();
const print = process.env.DOCS_EXAMPLES_PRINT === "1";

describe("the documentation's examples", () => {
  it("are marked in a way the test understands, in languages it runs", () => {
    const problems = pages.flatMap((page) =>
      blocksOf(page).flatMap((b) => [
        ...(b.unknownFlags.length ? [`${page}:${b.line} unknown info ${b.unknownFlags}`] : []),
        ...(b.runnable && !(RUNNABLE_LANGUAGES as readonly string[]).includes(b.language)
          ? [`${page}:${b.line} a runnable ${b.language || "(no language)"} block`]
          : []),
      ]),
    );
    expect(problems).toEqual([]);
    expect(withExamples).toEqual(expect.arrayContaining(["README.md"]));
  });

  if (!shell) console.warn("curl or jq is missing: the shell examples are not run");

  // Twice on the same server: a reader pastes an example again (after a typo, say: within the
  // idempotency keys' 24 hours), and it must work again, not stumble on what its first run made.
  it.each(withExamples)("%s: every runnable block runs in order, and again", async (page) => {
    const server = await startDemoServer();
    try {
      await runPage(server, blocksOf(page), { shell, print });
      await runPage(server, blocksOf(page), { shell, print });
    } finally {
      await server.close();
    }
  });
});

describe("the documentation's pages", () => {
  it("link to pages and headings that exist", () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(projectRoot, page, readPage(projectRoot, page)).flatMap(
        ({ text, target, anchor }) => {
          if (!existsSync(join(projectRoot, target))) return [`${page}: [${text}] → ${target}`];
          if (!anchor || !target.endsWith(".md")) return [];
          const anchors = headingAnchors(readPage(projectRoot, target));
          return anchors.has(anchor) ? [] : [`${page}: [${text}] → ${target}#${anchor}`];
        },
      ),
    );
    expect(broken).toEqual([]);
  });

  it("are all reachable from the index, docs/README.md", () => {
    const linked = new Set(
      relativeLinks(projectRoot, "docs/README.md", readPage(projectRoot, "docs/README.md")).map(
        (l) => l.target,
      ),
    );
    const docs = pages.filter((p) => p.startsWith("docs/") && p !== "docs/README.md");
    expect(docs.filter((p) => !linked.has(p))).toEqual([]);
  });

  it("list every error code with its HTTP status in the error catalogue", () => {
    const catalogue = readPage(projectRoot, "docs/reference/errors.md");
    const missing = Object.entries(ERROR_CATALOG)
      .filter(
        ([code, { status }]) => !new RegExp(`\\| +${status} +\\| +\`${code}\``).test(catalogue),
      )
      .map(([code, { status }]) => `${status} ${code}`);
    expect(missing).toEqual([]);
  });
});
