import type { Browser, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { newMemberInOwnContext, PASSWORD } from "./member-session.ts";
import { reachTierOneAndSendDocuments } from "./verification-steps.ts";

// Verification and limits (ADR 0082), end to end: a tier-0 member's withdrawal above the tier's
// 24-hour limit is refused with the limit named (and the form said so as the amount was typed); the
// member reaches tier 1 with their details and sends documents; two different admins approve
// (four eyes) and the member is e-mailed; the same withdrawal then goes through. Identity documents
// open only for staff with the permission: not for support, not for the member, not for another.

test.describe.configure({ timeout: 300_000 });
const answer = { timeout: 20_000 };
const REFUSAL =
  "This is over your withdrawal limit of $5,000.00 per 24 hours (tier 0): $0.00 used, $5,000.00 left. Add your details in Settings → Verification to raise it.";

async function newStaff(browser: Browser, role: "admin" | "support", tag: string) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewStaff(page, { role, tag });
  return page;
}

async function askBankWithdrawal(page: Page, amount: string) {
  await gotoHydrated(page, "/online-bank-withdrawal");
  await page.getByLabel("Amount (USD)").fill(amount);
  await page.getByLabel("Account holder").fill("Kim Member");
  await page.getByLabel("Bank name").fill("Example Bank");
  await page.getByLabel("Account number or IBAN").fill("GB82 WEST 1234 5698 7654 32");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
}

test("a withdrawal above the tier limit is refused with the limit named, and allowed after tier 2 is approved by two staff; documents open only with the permission", async ({
  browser,
}) => {
  const { page: member, email } = await newMemberInOwnContext(browser, {
    tag: "kyc-member",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "8000" }],
  });
  const { page: other } = await newMemberInOwnContext(browser, { tag: "kyc-other", password: PASSWORD });

  // Tier 0: the form says the amount is over what is left before anything is sent; the server refuses it.
  await gotoHydrated(member, "/online-bank-withdrawal");
  await member.getByLabel("Amount (USD)").fill("6000");
  await expect(member.getByTestId("limit-left")).toHaveText(
    "Over your limit: $5,000.00 left of $5,000.00 per 24 hours (tier 0). Raise your limit",
  );
  await askBankWithdrawal(member, "6000");
  await expect(member.getByText(REFUSAL)).toBeVisible(answer);

  // Tier 1 from details, then the documents for tier 2; the dashboard card follows.
  await reachTierOneAndSendDocuments(member, "Kim Member");
  await lookAt(member, "verification-member");
  await gotoHydrated(member, "/dashboard");
  await expect(
    member.getByText("You are tier 1 of 2. Your documents are being reviewed.", { exact: false }),
  ).toBeAttached();

  // Two admins: the first approval is one of two; the second, by someone else, approves.
  const adminA = await newStaff(browser, "admin", "kyc-admin-a");
  await gotoHydrated(adminA, "/admin/verification");
  await adminA
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link")
    .click();
  await expect(adminA.getByRole("heading", { name: /Request #\d+ · tier 2/ })).toBeVisible(answer);
  const href = (await adminA.getByRole("link", { name: "Open (logged)" }).first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/verification\/documents\/\d+$/);
  const opened = await adminA.request.get(href);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/png");
  await lookAt(adminA, "verification-review");
  await adminA.getByRole("button", { name: "Approve (first of two)" }).click();
  await expect(
    adminA.getByText("First approval recorded. A second staff member must approve it too."),
  ).toBeVisible(answer);
  await expect(adminA.getByRole("button", { name: "Approve (second approval)" })).toBeDisabled();

  // Nobody else reads the document: not support (no permission), not the member, not another member.
  const support = await newStaff(browser, "support", "kyc-support");
  expect((await support.request.get(href)).status()).toBe(404);
  expect((await support.request.get("/admin/verification")).status()).toBe(403);
  expect((await member.request.get(href)).status()).toBe(404);
  expect((await other.request.get(href)).status()).toBe(404);
  // Nor the review page, by its id in the URL; the other member's own page shows only their own tier.
  const reviewPath = new URL(adminA.url()).pathname;
  expect((await other.request.get(reviewPath)).status()).toBe(403);
  expect((await other.request.post(reviewPath, { form: { intent: "approve" } })).status()).toBe(403);
  await gotoHydrated(other, "/settings/verification");
  await expect(other.getByText("Tier 0 · e-mail confirmed")).toBeVisible();
  await expect(other.getByText("Kim Member")).toHaveCount(0);

  const adminB = await newStaff(browser, "admin", "kyc-admin-b");
  await gotoHydrated(adminB, "/admin/verification");
  await adminB
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("link")
    .click();
  await adminB.getByRole("button", { name: "Approve (second approval)" }).click();
  await expect(adminB.getByText("Approved: the member is now tier 2 and has been e-mailed.")).toBeVisible(
    answer,
  );
  await waitForMail(member, email, "your identity is verified (tier 2)");

  // Tier 2: the same withdrawal goes through (it awaits the e-mailed confirmation, as every one does).
  await askBankWithdrawal(member, "6000");
  await expect(member.getByRole("dialog")).toBeVisible(answer);
  await expect(member.getByText(REFUSAL)).toHaveCount(0);
});

test("the operator sets the limits and blocks a country: a bad code is refused beside the field; a member living there is refused at tier 1 and keeps tier 0's limit", async ({
  browser,
}) => {
  const admin = await newStaff(browser, "admin", "kyc-settings");
  await gotoHydrated(admin, "/admin/verification/settings");
  const before = await admin.getByLabel("Blocked countries (two-letter codes)").inputValue();
  await admin.getByLabel("Blocked countries (two-letter codes)").fill("KP, XX");
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText("Not country codes: XX. Use two letters, such as KP.")).toBeVisible(answer);
  await admin
    .getByLabel("Blocked countries (two-letter codes)")
    .fill([before, "KP"].filter(Boolean).join(", "));
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText("Verification settings saved.")).toBeVisible(answer);
  await lookAt(admin, "verification-settings");
  await gotoHydrated(admin, "/admin/verification");
  await lookAt(admin, "verification-queue");

  const { page: member } = await newMemberInOwnContext(browser, { tag: "kyc-blocked", password: PASSWORD });
  await gotoHydrated(member, "/settings/verification");
  await member.getByLabel("Full name").fill("Blocked Member");
  await member.getByLabel("Date of birth").fill("1980-01-01");
  await member.getByLabel("Country of residence").selectOption("KP");
  await member.getByLabel("Street address").fill("1 Street");
  await member.getByLabel("Town or city").fill("City");
  await member.getByLabel("Postal code").fill("none");
  await member.getByRole("button", { name: "Save details and reach tier 1" }).click();
  await expect(member.getByText("We cannot offer verification to residents of this country.")).toBeVisible(
    answer,
  );
  await expect(member.getByText("Tier 0 · e-mail confirmed")).toBeVisible();
  await gotoHydrated(member, "/online-bank-withdrawal");
  await expect(member.getByTestId("limit-left")).toHaveText(
    "Your limit: $5,000.00 left of $5,000.00 per 24 hours (tier 0).",
  );
});
