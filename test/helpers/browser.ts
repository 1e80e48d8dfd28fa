// Debian's Chromium driven by playwright-core (no browser download): the browser tests of the
// explorer and the counting app. Without Chromium they are skipped, and say so; CI installs it
// and fails without it.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** `test`, or `test.skip` where this machine has no Chromium (never in CI). */
export const browserTest = existsSync(CHROMIUM) || process.env.CI ? test : test.skip;

/** Headless Chromium, as root in a container, with no background traffic to other hosts. */
export const launchBrowser = (args: string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });

/** A phone held upright: the smallest screen the counting app is made for. */
export const PHONE = { width: 360, height: 740 };

/**
 * A failed step's error with what each open page showed then (its address, headings, alerts and
 * status lines): a wait that timed out says whether the screen showed an error, another screen or
 * nothing yet.
 */
async function withWhatPagesShow(browser: Browser, error: unknown): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const pages = browser.contexts().flatMap((c) => c.pages());
  const shown = await Promise.all(
    pages.map(async (p) => {
      const texts = await p
        .locator('h1, h2, [role="alert"], [role="status"]')
        .allInnerTexts()
        .catch(() => []);
      return `${p.url()}: ${JSON.stringify(texts.map((t) => t.trim()).filter(Boolean))}`;
    }),
  );
  const told = `${error.message}\nThe pages showed:\n${shown.join("\n")}`;
  // Jest prints the stack, which begins with the message as it was when thrown.
  if (error.stack) error.stack = error.stack.replace(error.message, told);
  error.message = told;
  return error;
}

/**
 * Runs `use` on a new page of a fresh browser; the page's script errors and console errors are
 * collected and must be none, except those `expected` matches (a refused request logs one).
 */
export async function inBrowser(
  use: (page: Page) => Promise<void>,
  options: {
    viewport?: { width: number; height: number };
    expected?: RegExp;
    args?: string[];
  } = {},
): Promise<void> {
  const browser = await launchBrowser(options.args);
  try {
    const page = await browser.newPage({ viewport: options.viewport ?? PHONE, locale: "en" });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (m) => {
      if (m.type() === "error" && !options.expected?.test(m.text())) problems.push(m.text());
    });
    try {
      await use(page);
    } catch (error) {
      throw await withWhatPagesShow(browser, error);
    }
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA, and
 * axe's best practices), each as "rule: the elements"; none is the aim. Run through the
 * debugging protocol, so the page's own policy (no inline script) does not stop it.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate<
    { id: string; impact: string; nodes: { target: string[] }[] }[]
  >(`axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)`);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * With APP_SCREENSHOTS set to a folder (docs/guide/images), saves the page as `name`.png there:
 * the counting app's guide shows the screens as the browser tests leave them. Otherwise nothing.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.APP_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}
