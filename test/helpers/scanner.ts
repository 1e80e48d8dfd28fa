// A handheld scanner, as the browser tests drive one: it types a code in a burst and Enter.
import type { Page } from "playwright-core";

/**
 * The code's keys into the focused field in one burst, as fast as the page takes them (a key and
 * its text, as a keyboard sends them), then Enter (the field's form sent). In the page itself: a
 * browser driven from outside spaces keys by its round trips, up to 90 ms apart on a busy machine,
 * slower than any scanner, so a scan typed from outside may be taken for a person typing.
 */
export async function scan(page: Page, code: string): Promise<void> {
  await page.evaluate(`(() => {
    const field = document.activeElement;
    for (const key of ${JSON.stringify(code)}) {
      field.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      document.execCommand("insertText", false, key);
    }
    field.form.requestSubmit();
  })()`);
}
