import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { linkFromOutbox, strongPassword, submitSignUp, uniqueEmail } from "./auth-helpers.ts";
import { definitionValue, expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated, waitForHydration } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { newMemberInOwnContext, testApi } from "./member-session.ts";

// The membership's promise end to end, across its parts (ADR 0070), as one visitor lives it: the
// landing page's Yearly + card choice carried through sign-up and the e-mail confirmation to the
// checkout, paid on the offline sample provider's page (its signed webhook makes the membership),
// Premium on the badge and behind the entitlement check; cancel keeps access to the period's end,
// resume; the receipt (list, PDF, e-mail); and a refund above the two-admin amount, proposed by one
// admin and approved by another. Nothing is recorded behind the member's back: every step is the
// page a person would use. The tests run in order on one member (serial), in a context of its own.
//
// Screenshots of each page (375/1280 px, light/dark) when SCREENSHOTS_DIR is set:
//   SCREENSHOTS_DIR=/tmp/shots npx playwright test tests/e2e/membership-journey.spec.ts

test.describe.configure({ mode: "serial", timeout: 300_000 });
// Its tests share one member's browser context (the journey goes on from test to test).
test.use({ keepContexts: true });
const answer = { timeout: 20_000 };
/** The sample provider's webhook is sent within a second or so; a loaded machine may take longer. */
const webhook = { timeout: 45_000 };

/** Axe on the page as it is, at 1280 px and (for the checkout and billing pages) at 375 px too. */
async function scan(page: Page, { mobile = false } = {}) {
  await expectNoA11yViolations(page);
  if (!mobile) return;
  await page.setViewportSize(viewports.mobile);
  await expectNoA11yViolations(page);
  await page.setViewportSize(viewports.desktop);
}

/** With SCREENSHOTS_DIR set: `pathname` at 375 and 1280 px in both themes (cl_theme cookie). */
async function shoot(page: Page, name: string, pathname: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const origin = new URL(page.url()).origin;
  for (const theme of ["light", "dark"] as const) {
    await page.context().addCookies([{ name: "cl_theme", value: theme, url: origin }]);
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, pathname);
      await page.screenshot({
        path: path.join(dir, `${name}-${viewport.width}-${theme}.png`),
        fullPage: true,
      });
    }
  }
  await page.context().clearCookies({ name: "cl_theme" });
  await page.setViewportSize(viewports.desktop);
  await gotoHydrated(page, pathname);
}

async function premiumCheck(page: Page) {
  return (await page.request.get("/api/membership/premium-check")).status();
}

async function newStaffPage(browser: Browser, tag: string) {
  const page = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
  const staff = await signInAsNewStaff(page, { tag });
  return { page, staff };
}

/** From /admin/membership's subscriber search to that member's page in the back office. */
async function openMemberInBackOffice(admin: Page, memberEmail: string) {
  await gotoHydrated(admin, `/admin/membership?q=${encodeURIComponent(memberEmail)}`);
  const row = admin.getByTestId(`subscriber-${memberEmail}`);
  await expect(row).toBeVisible(answer);
  await row.getByRole("link").click();
  await expect(admin).toHaveURL(/\/admin\/members\/[^/?]+$/, answer);
  await expect(admin.getByRole("heading", { name: "Membership and payments" })).toBeVisible(answer);
  await waitForHydration(admin);
}

// The member every step below follows, made by the first test.
let context: BrowserContext;
let member: Page;
let email = "";
let until = "";
let invoiceNumber = "";

test.afterAll(async () => {
  await context?.close();
});

test("a visitor chooses Yearly + card on the landing page, signs up, pays with 4242 on the sample page and is Premium; another member is not", async ({
  browser,
}) => {
  context = await browser.newContext({ viewport: viewports.desktop });
  member = await context.newPage();
  await gotoHydrated(member, "/");
  const pricing = member.locator("#pricing");
  await pricing.getByRole("button", { name: "Yearly" }).click();
  await pricing.getByRole("button", { name: "Pay with Crypto" }).click();
  await pricing.getByRole("button", { name: "Pay with Card" }).click();
  await expect(pricing.getByTestId("membership-price")).toHaveText("$3,000.00");
  const checkout = "/billing/checkout?plan=premium&period=yearly&method=card";
  const subscribe = pricing.getByRole("link", { name: "Subscribe" });
  await expect(subscribe).toHaveAttribute("href", `/signup?redirectTo=${encodeURIComponent(checkout)}`);
  await subscribe.click();
  await expect(member).toHaveURL(/\/signup\?redirectTo=/, answer);

  email = uniqueEmail("journey");
  await submitSignUp(member, { email, path: new URL(member.url()).pathname + new URL(member.url()).search });
  await member.goto(await linkFromOutbox(member, email, "/verify-email"));
  await member.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(member).toHaveURL(/\/billing\/checkout\?plan=premium&period=yearly&method=card$/, answer);
  await waitForHydration(member);

  await expect(member.getByRole("heading", { level: 1, name: "Subscribe to Premium" })).toBeVisible();
  await expect(member.getByRole("radio", { name: /Yearly/ })).toBeChecked();
  await expect(member.getByRole("radio", { name: "Pay with Card" })).toBeChecked();
  await expect(member.getByTestId("checkout-price")).toHaveText("$3,000.00");
  await expect(member.getByTestId("account-badge")).toHaveText("Real · Standard");
  await scan(member, { mobile: true });
  await shoot(member, "journey-checkout", checkout);

  await member.getByRole("button", { name: "Continue to card payment" }).click();
  await member.waitForURL(/\/billing\/sample-checkout\/cs_test_/, answer);
  await waitForHydration(member);
  await expect(member.getByTestId("sample-amount")).toHaveText("$3,000.00 a year");
  await scan(member, { mobile: true });
  await shoot(member, "journey-sample-checkout", new URL(member.url()).pathname);
  await member.getByRole("radio", { name: /4242 4242 4242 4242/ }).check();
  await member.getByRole("button", { name: "Pay $3,000.00" }).click();
  await member.waitForURL(/\/billing\/checkout\/success\?checkout=/, answer);

  // The success page waits for the provider's webhook; it never claims success before.
  await expect(member.getByRole("heading", { level: 1, name: "Welcome to Premium" })).toBeVisible(webhook);
  const result = member.getByTestId("membership-result");
  await expect(result).toContainText("Your Premium membership is active until");
  until = ((await result.locator("strong").textContent()) ?? "").trim();
  expect(until).toMatch(new RegExp(`^\\d{1,2} \\w{3} ${new Date().getUTCFullYear() + 1}$`));
  await expect(member.getByTestId("account-badge")).toHaveText("Real · Premium");
  await scan(member, { mobile: true });
  const success = new URL(member.url());
  await shoot(member, "journey-success", success.pathname + success.search);

  const premium = await gotoHydrated(member, "/membership/premium");
  expect(premium?.status()).toBe(200);
  await expect(member.getByTestId("premium-benefits")).toBeVisible();
  await expect(member.getByTestId("paywall")).toHaveCount(0);
  await expectNoA11yViolations(member);
  expect(await premiumCheck(member)).toBe(200);

  // Someone else, signed in in another browser, is still on Standard: the page and the API refuse.
  const other = await newMemberInOwnContext(browser, { tag: "journey-other", password: strongPassword });
  const refused = await other.page.goto("/membership/premium");
  expect(refused?.status()).toBe(403);
  await waitForHydration(other.page);
  await expect(other.page.getByTestId("paywall")).toContainText("This is part of the Premium membership.");
  await expect(other.page.getByTestId("premium-benefits")).toHaveCount(0);
  await expect(other.page.getByTestId("account-badge")).toHaveText("Real · Standard");
  await expectNoA11yViolations(other.page);
  expect(await premiumCheck(other.page)).toBe(403);
  await shoot(other.page, "journey-paywall", "/membership/premium");
  await other.page.context().close();
});

test("the member cancels in Settings → Billing, keeps Premium to the period's end, and resumes", async () => {
  test.skip(!member, "needs the member who paid in the first test");
  await gotoHydrated(member, "/settings/billing");
  const details = member.getByTestId("membership-details");
  await expect(details).toContainText("Premium");
  await expect(details).toContainText("per year");
  await expect(details).toContainText(`${until} · $3,000.00`);
  await expect(definitionValue(details, "Payment method")).toHaveText("Visa ending in 4242");
  await expect(definitionValue(details, "Status")).toHaveText("Active");
  await scan(member, { mobile: true });
  await shoot(member, "journey-billing", "/settings/billing");

  await member.getByRole("button", { name: "Cancel membership" }).click();
  const dialog = member.getByRole("dialog", { name: "Cancel your membership?" });
  await expect(dialog).toContainText(
    `Your membership stays active until ${until}. After that you are on Standard.`,
  );
  await expectNoA11yViolations(member);
  await dialog.getByRole("button", { name: "Cancel membership" }).click();
  await expect(answerOf(member)).toHaveText(
    `Cancelled. Your membership stays active until ${until}.`,
    answer,
  );
  // A card membership is changed at the provider; our row follows when its webhook arrives, and
  // the page, its dialog closed so the answer shows, reads it again until then: no reload needed.
  await expect(dialog).toHaveCount(0);
  await expect(definitionValue(details, "Status")).toHaveText(`Active until ${until}`, webhook);
  await expect(definitionValue(details, "Next renewal")).toHaveText("None: it does not renew");
  await expect(member.getByTestId("account-badge")).toHaveText("Real · Premium");
  await scan(member, { mobile: true });

  // Access runs to the end of the period paid for.
  expect((await gotoHydrated(member, "/membership/premium"))?.status()).toBe(200);
  await expect(member.getByTestId("premium-benefits")).toBeVisible();
  expect(await premiumCheck(member)).toBe(200);

  await gotoHydrated(member, "/settings/billing");
  await member.getByRole("button", { name: "Resume membership" }).click();
  await expect(answerOf(member)).toHaveText(`Resumed. Your membership renews on ${until}.`, answer);
  await expect(definitionValue(details, "Next renewal")).toHaveText(`${until} · $3,000.00`, webhook);
  await expect(definitionValue(details, "Status")).toHaveText("Active");
});

test("the receipt: Settings → Billing lists the invoice, its PDF downloads, and the e-mail arrived", async () => {
  test.skip(!member, "needs the member who paid in the first test");
  await gotoHydrated(member, "/settings/billing");
  const row = member.getByTestId("invoice-row");
  await expect(row).toHaveCount(1);
  invoiceNumber = ((await row.locator("td").first().textContent()) ?? "").trim();
  expect(invoiceNumber).toMatch(/^CL-\d{6,}$/);
  await expect(row).toContainText("$3,000.00");
  await expect(row).toContainText("Paid");
  const pdfLink = row.getByRole("link", { name: `PDF receipt ${invoiceNumber}` });
  const href = (await pdfLink.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/settings\/billing\/invoices\/.+\.pdf$/);

  // What the link downloads, as the browser receives it.
  const [download] = await Promise.all([member.waitForEvent("download"), pdfLink.click()]);
  const pdf = await member.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const body = (await pdf.body()).toString("latin1");
  expect(body.startsWith("%PDF")).toBe(true);
  expect(body).toContain(invoiceNumber);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await download.cancel();

  const mailbox = await context.newPage();
  const receipt = await waitForMail(mailbox, email, new RegExp(`receipt ${invoiceNumber}$`));
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText("$3,000.00");
  await expect(receipt).toContainText("Paid by: Card");
  await mailbox.close();
});

test("an admin proposes a refund above the two-admin amount, a second admin approves it; nobody refunds their own payment", async ({
  browser,
}) => {
  test.skip(!invoiceNumber, "needs the member's invoice from the tests before");
  const first = await newStaffPage(browser, "journey-refunder");
  await openMemberInBackOffice(first.page, email);
  await expect(first.page.getByText(/Premium · Yearly · Card — Active, until/)).toBeVisible();
  await expectNoA11yViolations(first.page);
  await first.page.getByRole("link", { name: `Refund ${invoiceNumber}` }).click();
  await expect(first.page.getByRole("heading", { level: 1, name: `Refund ${invoiceNumber}` })).toBeVisible(
    answer,
  );
  await waitForHydration(first.page);
  const form = first.page.getByRole("form", { name: "Refund this payment" });
  // What is left to refund is offered as it must be typed: the whole payment, above 100 USD.
  await expect(form.getByLabel("Amount (USD)")).toHaveValue("3000.00");
  await expectNoA11yViolations(first.page);
  await form.getByLabel("Reason").fill("Charged by mistake");
  await form.getByRole("button", { name: "Refund" }).click();
  await expect(answerOf(first.page)).toHaveText(
    "Proposed: above the two-admin amount, a second admin approves it under Membership.",
    answer,
  );
  await expect(first.page.getByText("Awaiting approval")).toBeVisible();

  // The admin who proposed it may not approve it.
  await gotoHydrated(first.page, "/admin/membership");
  const waiting = first.page.getByTestId(`refund-${invoiceNumber}`);
  await expect(waiting).toContainText(`3,000.00 USD of ${invoiceNumber} to ${email}`);
  await expect(waiting).toContainText("You proposed this refund: a second, different admin must approve it.");
  await expect(waiting.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expectNoA11yViolations(first.page);
  await shoot(first.page, "journey-admin-membership", `/admin/membership?q=${encodeURIComponent(email)}`);

  // Nothing moved yet: the member's invoice is still paid in full.
  await gotoHydrated(member, "/settings/billing");
  await expect(member.getByTestId("invoice-row")).not.toContainText("refunded");

  const second = await newStaffPage(browser, "journey-approver");
  await gotoHydrated(second.page, "/admin/membership");
  const pending = second.page.getByTestId(`refund-${invoiceNumber}`);
  await pending.getByRole("button", { name: "Approve and pay 3,000.00 USD" }).click();
  await expect(answerOf(second.page)).toHaveText(
    "Refund approved and paid out; the member has been e-mailed.",
    answer,
  );
  await expect(second.page.getByTestId(`refund-${invoiceNumber}`)).toHaveCount(0);

  // The member sees it on their invoice, and was e-mailed.
  await gotoHydrated(member, "/settings/billing");
  const row = member.getByTestId("invoice-row");
  await expect(row).toContainText("$3,000.00 refunded");
  await expect(row).toContainText("Refunded");
  await scan(member, { mobile: true });
  await shoot(member, "journey-billing-refunded", "/settings/billing");
  const mailbox = await context.newPage();
  const refundMail = await waitForMail(mailbox, email, `Coinlens: $3,000.00 refunded (${invoiceNumber})`);
  await expect(refundMail).toContainText("We have refunded $3,000.00 of your membership payment");
  await expect(refundMail).toContainText("Reason: Charged by mistake");
  await mailbox.close();

  // The first admin pays for Premium too; their own invoice is not theirs to refund.
  await testApi(first.page.request, "/api/test/membership", {
    action: "paid",
    email: first.staff.email,
    period: "monthly",
  });
  await openMemberInBackOffice(first.page, first.staff.email);
  await first.page.getByRole("link", { name: /^Refund CL-/ }).click();
  await expect(first.page.getByRole("heading", { level: 1, name: /^Refund CL-/ })).toBeVisible(answer);
  await expect(
    first.page.getByText("You cannot act on your own account. Another admin must handle it."),
  ).toBeVisible();
  await expect(first.page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await expectNoA11yViolations(first.page);
  const own = await first.page.request.post(new URL(first.page.url()).pathname, {
    form: { amount: "10", reason: "mine" },
    headers: { origin: new URL(first.page.url()).origin },
  });
  expect(own.status()).toBe(403);
  expect(await own.text()).toContain("You cannot act on your own account. Another admin must handle it.");

  await first.page.context().close();
  await second.page.context().close();
});
