import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { addDays, firstRunOnOrAfter, formatDate, utcDate } from "../../app/domain/recurring/rules.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { newMemberInOwnContext, testApi } from "./member-session.ts";

// Recurring buys (issue 19): a member with USD sets up a weekly BTC buy, confirms the sentence
// that says exactly what will happen, and sees it listed. The test-only endpoint runs the job as of
// the plan's first date: the run shows what it bought and the buy is in /transactions as a swap
// noted "Recurring buy". Paused, the next date buys nothing; resumed, it buys; then it is
// cancelled. A second member sees none of it. Screenshots of /recurring at 375 and 1280 px.

test.describe.configure({ mode: "serial", timeout: 150_000 });

const PASSWORD = "Recurring-buys-2026!";
const SHOTS = process.env.SCREENSHOTS_DIR ?? "/tmp/shots-dca";

const runJob = (page: Page, email: string, on: string) =>
  testApi(page.request, "/api/test/recurring", { email, on });

test("a weekly BTC buy: set up, run once per date, paused, resumed, edited, cancelled; nobody else sees it", async ({
  browser,
}) => {
  const { page, email } = await newMemberInOwnContext(browser, {
    tag: "recurring",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "500" }],
  });
  const first = firstRunOnOrAfter({ frequency: "weekly", runDay: 1 }, utcDate(new Date()));
  const second = addDays(first, 7);
  const third = addDays(first, 14);

  // Reached from the swap page.
  await gotoHydrated(page, "/swap");
  await page.getByRole("link", { name: "Set up a recurring buy" }).click();
  await expect(page).toHaveURL(/\/recurring$/);
  await expect(page.getByRole("heading", { level: 1, name: "Recurring buys" })).toBeVisible();
  await expect(page.getByText("You have no recurring buys yet.")).toBeVisible();

  // The form's messages sit beside the fields.
  await page.getByLabel("Amount per buy (USD)").fill("0");
  await page.getByLabel("Or number of buys (optional)").fill("0");
  await page.getByRole("button", { name: "Review recurring buy" }).click();
  await expect(page.locator("#recurring-amount-error")).toHaveText("The amount must be greater than zero.");
  await expect(page.locator("#recurring-runs-error")).toHaveText("Enter a number of buys from 1 to 1000.");

  await page.getByLabel("Amount per buy (USD)").fill("50");
  await page.getByLabel("Or number of buys (optional)").fill("");
  await page.getByLabel("How often").selectOption("weekly");
  await page.getByLabel("On", { exact: true }).selectOption("1");
  await page.getByRole("button", { name: "Review recurring buy" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm recurring buy" });
  await expect(confirm).toContainText(
    `Every Monday, buy BTC with 50.00 USD from your real account, starting ${formatDate(first)}, until you pause or cancel it.`,
  );
  // Nothing is saved before the confirmation.
  await expect(page.getByRole("region", { name: "Buy BTC with 50.00 USD" })).toHaveCount(0);
  await confirm.getByRole("button", { name: "Start recurring buy" }).click();
  await expect(answerOf(page)).toContainText("Recurring buy set up.");
  await page.keyboard.press("Escape");
  const plan = page.getByRole("region", { name: "Buy BTC with 50.00 USD" });
  await expect(plan).toHaveCount(1);
  await expect(plan).toContainText("Every Monday · Real account");
  await expect(plan).toContainText(`Next buy${formatDate(first)}`);
  await expect(plan).toContainText("Active");
  await expect(plan).toContainText("No buys yet.");

  // The job as of the first Monday buys once, however often it runs.
  await runJob(page, email, first);
  await runJob(page, email, first);
  await page.reload();
  await expect(plan.getByRole("listitem")).toHaveCount(1);
  await expect(plan.getByRole("listitem")).toContainText(formatDate(first));
  await expect(plan.getByRole("listitem")).toContainText(/Bought [\d.,]+ BTC for 50\.00 USD/);
  await expect(plan).toContainText(`Next buy${formatDate(second)}`);
  await expect(plan).toContainText("Buys made1");

  // The buy is in the history: a swap of 50 USD to BTC, noted as a recurring buy.
  await gotoHydrated(page, "/transactions");
  const row = page.getByRole("row").filter({ hasText: "Recurring buy" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Swap");
  await expect(row).toContainText(/50\s*→ [\d.,]+ BTC/);

  // Paused: the next date buys nothing.
  await gotoHydrated(page, "/recurring");
  await plan.getByRole("button", { name: "Pause" }).click();
  await page
    .getByRole("dialog", { name: "Pause this recurring buy?" })
    .getByRole("button", { name: "Pause" })
    .click();
  await expect(plan).toContainText("Paused");
  await runJob(page, email, second);
  await page.reload();
  await expect(plan.getByRole("listitem")).toHaveCount(1);

  // Resumed: the next date after the last run buys.
  await plan.getByRole("button", { name: "Resume" }).click();
  await page
    .getByRole("dialog", { name: "Resume this recurring buy?" })
    .getByRole("button", { name: "Resume" })
    .click();
  await expect(plan).toContainText("Active");
  await expect(plan).toContainText(`Next buy${formatDate(second)}`);
  await runJob(page, email, second);
  await page.reload();
  await expect(plan.getByRole("listitem")).toHaveCount(2);
  await expect(plan.getByRole("listitem").first()).toContainText(formatDate(second));

  await expectNoA11yViolations(page);
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "no sideways scrolling").toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SHOTS, `recurring-${viewport.width}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(plan).toContainText("Active");
  await page.screenshot({ path: path.join(SHOTS, "recurring-1280-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  // Edited: the amount and schedule change, with the message beside the field first.
  await plan.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit: buy BTC with USD" });
  await edit.getByLabel("Amount per buy (USD)").fill("abc");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Enter an amount such as 10 or 0.5.")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "recurring-edit-1280.png") });
  await edit.getByLabel("Amount per buy (USD)").fill("20");
  await edit.getByLabel("How often").selectOption("monthly");
  await edit.getByLabel("On day").selectOption("15");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  const edited = page.getByRole("region", { name: "Buy BTC with 20.00 USD" });
  await expect(edited).toContainText("On the 15th of every month · Real account");
  await expect(edited.getByRole("listitem")).toHaveCount(2);

  // Cancelled: no more buys.
  await edited.getByRole("button", { name: "Cancel plan" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this recurring buy?" })
    .getByRole("button", { name: "Cancel recurring buy" })
    .click();
  await expect(edited).toContainText("Cancelled");
  await expect(edited.getByRole("button", { name: "Resume" })).toHaveCount(0);
  await runJob(page, email, addDays(third, 40));
  await page.reload();
  await expect(edited.getByRole("listitem")).toHaveCount(2);

  // A second member sees none of it.
  const other = await newMemberInOwnContext(browser, { tag: "recurring-other", password: PASSWORD });
  await gotoHydrated(other.page, "/recurring");
  await expect(other.page.getByText("You have no recurring buys yet.")).toBeVisible();
  await expect(other.page.getByRole("region", { name: "Buy BTC with 50.00 USD" })).toHaveCount(0);
  await other.page.context().close();
  await page.context().close();
});

test("the ETF page's banner and the wallet lead to /recurring", async ({ browser }) => {
  const { page } = await newMemberInOwnContext(browser, { tag: "recurring-links", password: PASSWORD });
  await gotoHydrated(page, "/etfabout?symbol=IBIT");
  await expect(page.getByRole("link", { name: "Set a Recurring Purchase" })).toHaveAttribute(
    "href",
    "/recurring",
  );
  await gotoHydrated(page, "/wallet");
  await expect(page.getByRole("link", { name: "Set up a recurring buy" })).toHaveAttribute(
    "href",
    "/recurring",
  );
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Recurring buys" }).click();
  await expect(page).toHaveURL(/\/recurring$/);
  await page.context().close();
});

test("a buy the balance cannot cover is skipped with the reason, moves nothing, and the member is e-mailed", async ({
  browser,
}) => {
  const { page, email } = await newMemberInOwnContext(browser, {
    tag: "recurring-short",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "10" }],
  });
  const today = utcDate(new Date());
  await gotoHydrated(page, "/recurring");
  await page.getByLabel("Amount per buy (USD)").fill("50");
  await page.getByLabel("How often").selectOption("daily");
  await page.getByRole("button", { name: "Review recurring buy" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm recurring buy" });
  await expect(confirm).toContainText(
    `Every day, buy BTC with 50.00 USD from your real account, starting ${formatDate(today)}, until you pause or cancel it.`,
  );
  await confirm.getByRole("button", { name: "Start recurring buy" }).click();
  await expect(answerOf(page)).toContainText("Recurring buy set up.");
  await runJob(page, email, today);
  await gotoHydrated(page, "/recurring");
  const plan = page.getByRole("region", { name: "Buy BTC with 50.00 USD" });
  await expect(plan.getByRole("listitem")).toHaveText([
    `${formatDate(today)}Skipped: Not enough USD in your account: the buy needed 50.00 USD.`,
  ]);
  await expect(page.getByText("Available now: 10.00 USD.")).toBeVisible();
  await waitForMail(page, email, "Coinlens: your recurring buy of BTC was skipped");
  await page.context().close();
});
