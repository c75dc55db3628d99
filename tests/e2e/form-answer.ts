import type { Locator, Page } from "@playwright/test";

/**
 * The page's answer to a form (a role="status" message). The app's "Loading..." bar is a status
 * too, and it shows while the page is read again after an action on a slow machine, so a bare
 * `getByRole("status")` can match two elements and fail in strict mode: the answer is the status
 * that is not the loading bar.
 */
export function answerOf(page: Page | Locator) {
  return page.getByRole("status").filter({ hasNotText: "Loading..." });
}
