import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";
import { twoFactorCodes, withdrawByBank } from "./two-factor-withdrawal.ts";

// Not a test: full-page screenshots of the four-eyes back-office pages at 375 and 1280 px, in the
// states worth looking at (codebase guide §12), written to $SCREENSHOTS_DIR. Skipped unless that
// is set:  SCREENSHOTS_DIR=screenshots npx playwright test tests/e2e/admin-screenshots.spec.ts

const dir = process.env.SCREENSHOTS_DIR;
test.skip(!dir, "set SCREENSHOTS_DIR to take the back-office screenshots");
test.describe.configure({ timeout: 300_000 });
const answer = { timeout: 20_000 };

async function shoot(page: Page, name: string) {
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    // Let the layout settle at the new width before the capture.
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(dir ?? "", `${name}-${viewport.width}-${label}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(viewports.desktop);
}

/** The same for one part of a page (a card), easier to read at 375 px than a long page. */
async function shootPart(page: Page, part: Locator, name: string) {
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await part.screenshot({ path: path.join(dir ?? "", `${name}-${viewport.width}-${label}.png`) });
  }
  await page.setViewportSize(viewports.desktop);
}

async function newStaff(browser: Browser, tag: string) {
  const page = await (await browser.newContext()).newPage();
  const staff = await signInAsNewStaff(page, { tag });
  return { page, staff, lastCodeAt: Date.now() };
}

async function referenceOf(page: Page) {
  await gotoHydrated(page, "/online-deposit");
  return ((await page.getByTestId("bank-reference").textContent()) ?? "").trim();
}

async function recordTransfer(admin: Page, reference: string, amount: string, bankId: string, note = "") {
  await gotoHydrated(admin, "/admin/deposits");
  const form = admin.getByRole("form", { name: "Record a bank transfer" });
  await form.getByLabel("Member reference").fill(reference);
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Bank transaction id").fill(bankId);
  if (note) await form.getByLabel("Note (optional)").fill(note);
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(answerOf(admin)).toHaveText(/^Recorded\./, answer);
}

test("back-office four-eyes pages at 375 and 1280 px", async ({ browser }) => {
  const viewer = await newStaff(browser, "screens-viewer");
  const other = await newStaff(browser, "screens-other");
  const memberPage = await (await browser.newContext()).newPage();
  const memberEmail = await signInNewMember(memberPage, "screens-member");
  const a = viewer.page;
  const tag = `${Date.now()}`;
  const viewerReference = await referenceOf(a);
  const memberReference = await referenceOf(memberPage);

  // Approvals: a credit to another member (to decide), one to the viewer (a note), and the
  // viewer's own funding proposal (a note); then a decline refused for want of a reason.
  await recordTransfer(other.page, memberReference, "1250", `SCREEN-${tag}-1`, "Wire from Example Bank");
  await recordTransfer(other.page, viewerReference, "300", `SCREEN-${tag}-2`);
  await gotoHydrated(a, "/admin/earn");
  const funding = a.getByRole("form", { name: "Fund a rewards pool or a treasury" });
  await funding.getByLabel("Ledger").selectOption("demo");
  await funding.getByLabel("Asset").selectOption("SOL");
  await funding.getByLabel("Amount").fill("25");
  await funding.getByRole("button", { name: "Propose rewards pool funding" }).click();
  await expect(answerOf(a)).toHaveText(/^Recorded: 25 SOL/, answer);
  await shoot(a, "admin-earn-after-proposal");
  await shootPart(
    a,
    a
      .locator("div.rounded-lg")
      .filter({ has: a.getByRole("heading", { name: "Rewards pools and treasuries" }) }),
    "admin-earn-funding-card",
  );

  await gotoHydrated(a, "/admin/approvals");
  await shoot(a, "admin-approvals");
  const entry = a.locator("[data-testid^='approval-']").filter({ hasText: memberEmail });
  await entry.getByRole("button", { name: "Decline" }).click();
  await expect(entry.getByLabel("Reason to decline")).toHaveAttribute("aria-invalid", "true", answer);
  await shoot(a, "admin-approvals-decline-error");

  // Deposits: an imported statement (lines for a member, the viewer, nobody, and a skipped fee),
  // and a typed entry refused beside its field.
  const today = new Date().toISOString().slice(0, 10);
  const csv = [
    "Date,Transaction ID,Amount,Reference,Currency,Description",
    `${today},STMT-${tag}-1,480.00,Invoice ${memberReference},USD,Erin Tester`,
    `${today},STMT-${tag}-2,75.25,${viewerReference},USD,Alex Admin`,
    `${today},STMT-${tag}-3,19.99,Refund order 77121 from a very long payer name that wraps,USD,Some Shop Ltd`,
    `${today},STMT-${tag}-4,-3.00,Fee,USD,Bank fee`,
    `${today},STMT-${tag}-5,10.00,${memberReference},EUR,Euro transfer`,
  ].join("\n");
  await gotoHydrated(a, "/admin/deposits");
  const statement = a.getByRole("form", { name: "Bank statement" });
  await statement
    .getByLabel("CSV file (at most 1 MB)")
    .setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await statement.getByRole("button", { name: "Import statement" }).click();
  await expect(a.getByText(/^Imported 3 incoming transfers/)).toBeVisible(answer);
  await shoot(a, "admin-deposits-statement-imported");
  const form = a.getByRole("form", { name: "Record a bank transfer" });
  await form.getByLabel("Member reference").fill("CL-22");
  await form.getByLabel("Amount (USD)").fill("12.345");
  await form.getByLabel("Bank transaction id").fill(`SCREEN-${tag}-9`);
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(form.getByLabel("Member reference")).toHaveAttribute("aria-invalid", "true", answer);
  await shoot(a, "admin-deposits-field-error");
  await shootPart(
    a,
    a.locator("div.rounded-lg").filter({ has: a.getByRole("heading", { name: "Bank statement" }) }),
    "admin-deposits-statement-card",
  );

  // Withdrawals: the viewer's own (a note) beside another admin's (the forms).
  for (const staff of [viewer, other]) {
    const credited = await staff.page.request.post("/api/test/trade", {
      data: { action: "credit", email: staff.staff.email, ledger: "real", asset: "USD", amount: "500" },
    });
    expect(credited.ok(), await credited.text()).toBe(true);
    await withdrawByBank(staff.page, "120", twoFactorCodes(staff.staff, staff.lastCodeAt));
  }
  await gotoHydrated(a, "/admin/withdrawals");
  await expect(a.getByText("Your own withdrawal: another admin must review it.").first()).toBeVisible();
  await shoot(a, "admin-withdrawals-own");
});
