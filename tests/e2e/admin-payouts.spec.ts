import type { Browser, Page } from "@playwright/test";
import { enableTwoFactor, signInAsNewStaff } from "./admin-helpers.ts";
import { linkFromOutbox } from "./auth-helpers.ts";
import { keepEventSources, playAccountResync } from "./event-sources.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { newMemberInOwnContext } from "./member-session.ts";

// Withdrawals of each method (ADR 0053, 0054), confirmed by the member (a TOTP code with two-factor on,
// otherwise the e-mailed link), then approved, marked sent and Completed by an admin in the
// back-office — and a rejection that releases the funds. Members get real balances through the
// test-only /api/test/trade endpoint (ADR 0062); the admin is made by tests/e2e/admin-helpers.ts.
// The e2e server lets a new address be used after 7.2 s instead of 24 h (playwright.config.ts).

// Each test signs in a member and an admin (with two-factor enrolment) and walks many pages.
test.describe.configure({ timeout: 240_000 });
const answer = { timeout: 20_000 };

const PASSWORD = "Payout-member-2026!";
const BTC_ADDRESS = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";
const TRON_ADDRESS = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
let counter = 0;

/** A verified member with real balances, signed in in a browser context of their own. */
async function newMember(browser: Browser, tag: string, credits: [asset: string, amount: string][]) {
  const member = await newMemberInOwnContext(browser, {
    tag,
    password: PASSWORD,
    domain: "payouts.coinlens.test",
    credits: credits.map(([asset, amount]) => ({ asset, amount })),
  });
  // From the next page on, so rereadWhileOpen can play the account stream's `resync`.
  await keepEventSources(member.page);
  return member;
}

async function newAdmin(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const staff = await signInAsNewStaff(page, { tag: "payouts-admin" });
  return { page, staff };
}

async function closeSuccess(page: Page, message: string) {
  const dialog = page.getByRole("dialog", { name: "Request received" });
  await expect(dialog).toBeVisible(answer);
  await expect(dialog).toContainText(message);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}

/** The page re-reads its loaders while the success dialog is open (once emptied it on a busy CI machine). */
async function rereadWhileOpen(page: Page) {
  await playAccountResync(page, answer.timeout);
}

/** The new destination is refused while it cools off (with an e-mail); then it can be used. */
async function waitOutCoolingOff(page: Page) {
  await expect(page.getByText(/a new withdrawal address can be used from/)).toBeVisible(answer);
  await page.waitForTimeout(8_000);
}

function cryptoForm(page: Page, asset: "BTC" | "USDT") {
  return {
    amount: page.getByLabel(`Amount (${asset})`),
    address: page.getByLabel(asset === "BTC" ? "Bitcoin wallet address" : "USDT (TRC20) wallet address"),
    code: page.getByLabel("Two-factor code"),
    submit: page.getByRole("button", { name: "Withdraw", exact: true }),
  };
}

/** The admin's queue row for this member's withdrawal. */
function queueRow(admin: Page, memberEmail: string) {
  return admin.locator("[data-testid^='withdrawal-']").filter({ hasText: memberEmail });
}

async function approveAndMarkSent(admin: Page, memberEmail: string, reference: string) {
  await gotoHydrated(admin, "/admin/withdrawals");
  const row = queueRow(admin, memberEmail);
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Awaiting review")).toBeVisible();
  await expectNoA11yViolations(admin);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved. Send the funds, then mark it sent.")).toBeVisible(answer);
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
  await row.getByLabel("Transaction id or bank reference").fill(reference);
  await row.getByRole("button", { name: "Mark sent" }).click();
  await expect(admin.getByText("Marked sent: completed.")).toBeVisible(answer);
  await expect(row).toHaveCount(0);
}

/**
 * The member opens the newest confirmation link from their e-mail and confirms; `nth`: which of
 * their confirmation e-mails this is (1 for the first), so the previous one's link is never used.
 */
async function confirmFromEmail(
  member: Page,
  email: string,
  amountText: string,
  successMessage: string,
  nth = 1,
) {
  const link = await linkFromOutbox(member, email, "confirm=", { count: nth });
  await expect(member.getByText("confirm your withdrawal").first()).toBeVisible();
  await gotoHydrated(member, link);
  const panel = member.getByRole("region", { name: "Confirm your withdrawal" });
  await expect(panel).toContainText(amountText);
  await expect(panel.getByText("Awaiting e-mail confirmation")).toBeVisible();
  await expectNoA11yViolations(member);
  await panel.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(member.getByRole("dialog", { name: "Request received" })).toBeVisible(answer);
  await rereadWhileOpen(member);
  await closeSuccess(member, successMessage);
  await expect(panel).toContainText("no longer waiting for your confirmation");
}

test("BTC: a two-factor member confirms with a TOTP code (a wrong one is refused beside the field); admin approves, marks sent → Completed", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "btc-payout", [["BTC", "0.01"]]);
  const totp = await enableTwoFactor(member, PASSWORD);
  const { page: admin } = await newAdmin(browser);

  await gotoHydrated(member, "/btc-withdrawal");
  await expect(member.getByText("Available: 0.01 BTC")).toBeVisible();
  const form = cryptoForm(member, "BTC");
  await expect(form.code).toBeVisible();
  await expectNoA11yViolations(member);
  await form.amount.fill("0.001");
  await form.address.fill(BTC_ADDRESS);
  await form.submit.click();
  await waitOutCoolingOff(member);

  // No code, then a wrong code: refused beside the field, nothing held.
  await form.submit.click();
  await expect(member.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible(answer);
  await form.code.fill("000000");
  await form.submit.click();
  await expect(member.getByText("That code is not valid. Please try again.")).toBeVisible(answer);
  await expect(form.code).toHaveAttribute("aria-invalid", "true");
  await expect(form.code).toHaveAccessibleDescription(/That code is not valid/);
  await expect(member.getByText("Available: 0.01 BTC")).toBeVisible();
  await expectNoA11yViolations(member);

  // The enrolment used this time step's code; the next step's is accepted (±30 s drift).
  await form.code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await form.submit.click();
  await closeSuccess(member, "Your BTC withdrawal is being processed");
  await expect(member.getByText("Available: 0.009 BTC")).toBeVisible();
  await expect(member.getByText("Awaiting review")).toBeVisible();
  await expect(form.amount).toHaveValue("");

  const txid = `${"ab".repeat(31)}${String(++counter).padStart(2, "0")}`;
  await approveAndMarkSent(admin, email, txid);

  await gotoHydrated(member, "/btc-withdrawal");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  await expect(member.getByText(`Reference: ${txid}`)).toBeVisible();
  await expect(member.getByText("Available: 0.009 BTC")).toBeVisible();
  await waitForMail(member, email, "Coinlens: your withdrawal was sent");
});

test("USDT: confirmed by the e-mailed link — held but not in the admin queue until then; approved, marked sent → Completed", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "usdt-payout", [["USDT", "100"]]);
  const { page: admin } = await newAdmin(browser);

  await gotoHydrated(member, "/usdt-withdrawal");
  await expect(
    member.getByText("We will e-mail you a link to confirm this withdrawal.", { exact: false }),
  ).toBeVisible();
  await expect(member.getByLabel("Two-factor code")).toHaveCount(0);
  const form = cryptoForm(member, "USDT");
  await form.amount.fill("10");
  await form.address.fill(TRON_ADDRESS);
  await form.submit.click();
  await waitOutCoolingOff(member);
  await form.submit.click();
  await closeSuccess(member, "We have e-mailed you a link to confirm it.");
  await expect(member.getByText("Available: 90 USDT")).toBeVisible();
  await expect(member.getByText("Awaiting e-mail confirmation")).toBeVisible();
  await expectNoA11yViolations(member);

  // Unconfirmed: nothing for the admin to act on yet.
  await gotoHydrated(admin, "/admin/withdrawals");
  await expect(admin.getByRole("heading", { name: "Withdrawals", level: 1 })).toBeVisible();
  await expect(queueRow(admin, email)).toHaveCount(0);

  await confirmFromEmail(member, email, "10 USDT", "Your USDT withdrawal is being processed");
  const history = member.getByRole("listitem").filter({ hasText: TRON_ADDRESS });
  await expect(history.getByText("Awaiting review")).toBeVisible();

  await approveAndMarkSent(admin, email, `trx-${Date.now()}`);
  await gotoHydrated(member, "/usdt-withdrawal");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  await expect(member.getByText("Available: 90 USDT")).toBeVisible();
});

test("online bank: confirmed by e-mail, approved and marked sent → Completed; a second one rejected with a reason → funds released", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "bank-payout", [["USD", "500"]]);
  const { page: admin } = await newAdmin(browser);

  async function requestBankWithdrawal(amount: string) {
    await gotoHydrated(member, "/online-bank-withdrawal");
    await member.getByLabel("Amount (USD)").fill(amount);
    await member.getByLabel("Account holder").fill("Erin Tester");
    await member.getByLabel("Bank name").fill("Example Bank");
    await member.getByLabel("Account number or IBAN").fill("GB82 WEST 1234 5698 7654 32");
    await member.getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(member.getByRole("dialog", { name: "Request received" })).toBeVisible(answer);
    await rereadWhileOpen(member);
    await closeSuccess(member, "Your Online withdrawal is being processed");
  }

  await requestBankWithdrawal("100");
  await expect(member.getByText("Available: 400 USD")).toBeVisible();
  await expectNoA11yViolations(member);
  await confirmFromEmail(member, email, "100 USD", "Your Online withdrawal is being processed");
  await approveAndMarkSent(admin, email, "BANKREF-2026-0042");
  await gotoHydrated(member, "/online-bank-withdrawal");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  await expect(member.getByText("Reference: BANKREF-2026-0042")).toBeVisible();
  await expect(member.getByText("Available: 400 USD")).toBeVisible();

  // A second request, rejected: the hold voids and the 50 USD come back.
  await requestBankWithdrawal("50");
  await expect(member.getByText("Available: 350 USD")).toBeVisible();
  await confirmFromEmail(member, email, "50 USD", "Your Online withdrawal is being processed", 2);
  await gotoHydrated(admin, "/admin/withdrawals");
  const row = queueRow(admin, email);
  await expect(row).toHaveCount(1);
  await row.getByLabel("Reason").fill("The account holder's name does not match ours");
  await row.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("Rejected: the funds are back with the member.")).toBeVisible(answer);
  await expect(row).toHaveCount(0);

  await gotoHydrated(member, "/online-bank-withdrawal");
  await expect(member.getByText("Available: 400 USD")).toBeVisible();
  await expect(member.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(member.getByText("Reason: The account holder's name does not match ours")).toBeVisible();
  await expectNoA11yViolations(member);
  await waitForMail(member, email, "Coinlens: your withdrawal was rejected");
});
