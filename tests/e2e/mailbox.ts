import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// The development mailbox at /dev/outbox, as browser tests read it. Every e-mail is queued in the
// transaction of the change it reports and delivered afterwards by the server's outbox worker
// (ADR 0056): milliseconds to a few seconds AFTER the action's response. So nothing here reads
// the mailbox once and trusts it: each reader reloads /dev/outbox until what it waits for is
// there, and only then asserts.

/** Long enough for the worker's 5 s sweep to run twice on a loaded 2-core machine. */
export const MAIL_TIMEOUT_MS = 30_000;
const intervals = [100, 250, 500, 1_000];

export function mailboxPath(email: string) {
  return `/dev/outbox?to=${encodeURIComponent(email)}`;
}

/** The messages on /dev/outbox (newest first), once the page for `email` is open. */
export function mailboxMessages(page: Page) {
  return page.getByTestId("outbox-message");
}

/** One reading of the subjects delivered to `email`, newest first. */
async function readSubjects(page: Page, email: string) {
  await page.goto(mailboxPath(email));
  return mailboxMessages(page).getByRole("heading", { level: 2 }).allTextContents();
}

/**
 * Waits until exactly `expected` (newest first) has been delivered to `email`, reloading the
 * mailbox meanwhile, and leaves the page on it.
 */
export async function expectMailSubjects(page: Page, email: string, expected: string[]) {
  await expect
    .poll(() => readSubjects(page, email), {
      message: `the e-mails delivered to ${email}`,
      timeout: MAIL_TIMEOUT_MS,
      intervals,
    })
    .toEqual(expected);
}

/**
 * Waits until `email` has received at least `count` messages whose subject contains `subject`,
 * and leaves the page on the mailbox. Returns those messages' cards (newest first).
 */
export async function waitForMail(
  page: Page,
  email: string,
  subject: string | RegExp,
  { count = 1 }: { count?: number } = {},
) {
  const matching = () =>
    mailboxMessages(page).filter({ has: page.getByRole("heading", { level: 2, name: subject }) });
  await expect
    .poll(
      async () => {
        await page.goto(mailboxPath(email));
        return matching().count();
      },
      { message: `an e-mail "${subject}" to ${email}`, timeout: MAIL_TIMEOUT_MS, intervals },
    )
    .toBeGreaterThanOrEqual(count);
  return matching();
}

/**
 * The newest link to `email` whose URL contains `pathPart`, once at least `count` such links have
 * been delivered: pass the number expected so far (2 for the second confirmation e-mail), so an
 * earlier message's link is never taken for the one the test just caused.
 */
export async function waitForLink(page: Page, email: string, pathPart: string, { count = 1 } = {}) {
  const links = () => page.locator(`a[href*="${pathPart}"]`);
  await expect
    .poll(
      async () => {
        await page.goto(mailboxPath(email));
        return links().count();
      },
      { message: `a link containing ${pathPart} e-mailed to ${email}`, timeout: MAIL_TIMEOUT_MS, intervals },
    )
    .toBeGreaterThanOrEqual(count);
  return (await links().first().getAttribute("href")) ?? "";
}
