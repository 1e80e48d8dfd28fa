// The documentation's pages and what the tests read in them: fenced blocks (with their info
// string: a language, then `runnable` for an example the tests run), relative links and the
// anchors of headings.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Languages whose runnable blocks the examples test knows how to run. */
export const RUNNABLE_LANGUAGES = ["graphql", "sh"] as const;

export interface Block {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  runnable: boolean;
  /** Words of the info string after the language other than `runnable` (none are allowed). */
  unknownFlags: string[];
  body: string;
}

/** README.md, CONTRIBUTING.md, CHANGELOG.md and every markdown page under docs/, as paths from `root`. */
export function docPages(root: string): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? under(join(dir, e.name))
          : e.name.endsWith(".md")
            ? [join(dir, e.name)]
            : [],
      )
      .sort();
  return ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", ...under("docs")];
}

export const readPage = (root: string, page: string): string =>
  readFileSync(join(root, page), "utf8");

/** Every fenced block of a page, in order (fences may be indented, as in a list item). */
export function fencedBlocks(markdown: string, page: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(```+)(.*)$/.exec(lines[i] ?? "");
    if (!open) continue;
    const [, indent = "", fence = "", info = ""] = open;
    const [language = "", ...flags] = info.trim().split(/\s+/).filter(Boolean);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? "").trimStart().startsWith(fence); j++) {
      body.push((lines[j] ?? "").slice(indent.length));
    }
    blocks.push({
      page,
      line: i + 1,
      language,
      runnable: flags.includes("runnable"),
      unknownFlags: flags.filter((f) => f !== "runnable"),
      body: body.join("\n") + "\n",
    });
    i = j;
  }
  return blocks;
}

/** The page without its fenced blocks (links and headings inside code are not links). */
const prose = (markdown: string): string => markdown.replace(/^ *```[\s\S]*?^ *```/gm, "");

/** Relative links of a page: `[text](path#anchor)`, resolved from the page's folder. */
export function relativeLinks(
  root: string,
  page: string,
  markdown: string,
): { text: string; target: string; anchor: string }[] {
  return [...prose(markdown).matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)]
    .map((m) => ({ text: m[1] ?? "", href: m[2] ?? "" }))
    .filter(({ href }) => !/^[a-z]+:/i.test(href))
    .map(({ text, href }) => {
      const [path = "", anchor = ""] = href.split("#");
      const target = path === "" ? page : relative(root, join(root, page, "..", path));
      return { text, target, anchor };
    });
}

/** The anchors GitHub makes for a page's headings. */
export function headingAnchors(markdown: string): Set<string> {
  return new Set(
    [...prose(markdown).matchAll(/^#{1,6} +(.+)$/gm)].map((m) =>
      (m[1] ?? "")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/ /g, "-"),
    ),
  );
}
