import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Every page an end-to-end test visits also gets a WCAG 2.1 AA scan that must find nothing. */
export async function expectNoA11yViolations(page: Page, options: { include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe found accessibility problems on ${page.url()}`).toEqual([]);
}

/**
 * Every browser context a test opens beside its own (a second member, a staff member, a mailbox
 * tab) is closed when the test ends. Left open, each kept its pages and their live price and
 * account streams running until the worker ended, and every later test on that worker ran slower.
 * A serial spec that shares a context between its tests opts out with `test.use({ keepContexts: true })`.
 */
export const test = base.extend<{ keepContexts: boolean; closeOwnContexts: void }>({
  keepContexts: [false, { option: true }],
  closeOwnContexts: [
    async ({ browser, keepContexts }, use) => {
      const before = new Set(browser.contexts());
      await use();
      if (keepContexts) return;
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
export { expect };

export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
};

/** In a description list inside `scope`, the value (<dd>) that follows the term (<dt>) `label`. */
export function definitionValue(scope: Locator | Page, label: string) {
  return scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

/**
 * A page as a person sees it: axe finds nothing, and at 375 and 1280 px nothing scrolls sideways.
 * With SCREENSHOTS_DIR set, it is saved at both widths as `<name>-<width>.png` to be looked at.
 */
export async function lookAt(page: Page, name: string) {
  await expectNoA11yViolations(page);
  const shots = process.env.SCREENSHOTS_DIR;
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${label}: no sideways scrolling`).toBeLessThanOrEqual(viewport.width);
    if (shots)
      await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}
