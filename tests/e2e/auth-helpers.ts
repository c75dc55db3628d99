import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { waitForLink } from "./mailbox.ts";

export const strongPassword = "Sturdy-passphrase-42";

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** Opens an auth page and waits until React has hydrated it (client-side validation live). */
export async function openAuthPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator("[data-hydrated=true]").waitFor({ timeout: 20_000 });
}

/** Fills and sends the sign-up form; every sign-up, new address or not, lands on "Check your e-mail". */
export async function submitSignUp(
  page: Page,
  { email, password = strongPassword, path = "/signup" }: { email: string; password?: string; path?: string },
) {
  await openAuthPage(page, path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Erin");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/signup\/check-email$/, { timeout: 20_000 });
  // The address changes before the page has rendered: the answer is there when its heading is.
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 20_000 });
}

/**
 * A new member who signed up through the form and then signed in with the password (sign-up
 * itself signs nobody in, ADR 0010 addendum); the e-mail address stays unconfirmed. Leaves the
 * page on /dashboard.
 */
export async function signUpViaForm(
  page: Page,
  options: { email: string; password?: string; path?: string },
) {
  await submitSignUp(page, options);
  await openAuthPage(page, "/login");
  await signInViaForm(page, options.email, options.password ?? strongPassword);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

export async function signInViaForm(page: Page, email: string, password = strongPassword) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
}

/**
 * The newest link in the development outbox for this recipient whose URL contains `pathPart`,
 * waiting for the outbox worker to deliver it (tests/e2e/mailbox.ts). `count`: how many such links
 * the recipient should have by now (2 for a second one), so an older link is never returned.
 */
export async function linkFromOutbox(
  page: Page,
  email: string,
  pathPart: string,
  options: { count?: number } = {},
) {
  return waitForLink(page, email, pathPart, options);
}

/**
 * Records, inside the page, when the form's alert shows a text and when it clears, so clearing
 * times are measured by the browser's clock rather than by a busy test runner's polling.
 */
export async function watchAlert(page: Page) {
  await page.evaluate(() => {
    const el = document.querySelector('[role="alert"]');
    if (!el) throw new Error("no role=alert on the page");
    const log: Array<[number, string]> = [[performance.now(), el.textContent ?? ""]];
    (window as unknown as { __alertLog: typeof log }).__alertLog = log;
    new MutationObserver(() => log.push([performance.now(), el.textContent ?? ""])).observe(el, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

/** How long each message stayed on screen, in order: [{ text, ms }]. */
export async function alertLifetimes(page: Page) {
  const log = await page.evaluate(
    () => (window as unknown as { __alertLog: Array<[number, string]> }).__alertLog,
  );
  const shown: Array<{ text: string; ms: number }> = [];
  let current: { text: string; at: number } | undefined;
  for (const [at, text] of log) {
    if (current && text !== current.text) {
      shown.push({ text: current.text, ms: Math.round(at - current.at) });
      current = undefined;
    }
    if (!current && text) current = { text, at };
  }
  return shown;
}
