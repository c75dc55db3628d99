import type { Browser, Page } from "@playwright/test";
import { formatDate } from "../../app/domain/dates.ts";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { signInViaForm } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext } from "./member-session.ts";
import { reachTierOneAndSendDocuments } from "./verification-steps.ts";

// The back-office member pages (ADR 0055) and audit log; disabling a member ends their session and
// refuses sign-in with a clear message; every back-office page is guarded on the server. A member
// who closed their account (ADR 0086) shows as closed, with their verification tier (ADR 0082).

test.describe.configure({ timeout: 180_000 });
const answer = { timeout: 20_000 };
const PASSWORD = "Member-page-2026!";

const newMember = (browser: Browser, tag: string) =>
  newMemberInOwnContext(browser, {
    tag,
    password: PASSWORD,
    domain: "members.coinlens.test",
    credits: [{ asset: "USDT", amount: "42.5" }],
  });

/** Signs in again with the password, leaving the page wherever the answer goes. */
async function signIn(page: Page, email: string) {
  await gotoHydrated(page, "/login");
  await signInViaForm(page, email, PASSWORD);
}

test("admin finds a member and their ledger balances, disables them (their session ends, sign-in says why), sees it in the audit log, enables them", async ({
  browser,
  page: admin,
}) => {
  const { page: member, email } = await newMember(browser, "disable-me");
  const staff = await signInAsNewStaff(admin, { tag: "members-admin" });

  await gotoHydrated(admin, "/admin");
  await expect(admin.getByRole("heading", { name: "Back-office", level: 1 })).toBeVisible();
  await expectNoA11yViolations(admin);
  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Members", exact: true })
    .click();
  await expect(admin).toHaveURL(/\/admin\/members$/);
  await admin.getByLabel("Search members").fill(email.slice(0, 24).toUpperCase());
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/q=/);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Active")).toBeVisible();
  await expectNoA11yViolations(admin);

  await row.getByRole("link", { name: "Test Member" }).click();
  await expect(admin.getByRole("heading", { name: "Test Member", level: 1 })).toBeVisible();
  await expect(admin.getByText(email)).toBeVisible();
  const balances = admin.getByRole("table", { name: "Balances" });
  await expect(balances.getByRole("row").filter({ hasText: "USDT" })).toContainText("42.5");
  const operations = admin.getByRole("table", { name: "Recent operations" });
  await expect(operations.getByRole("row").filter({ hasText: "42.5 USDT" })).toContainText("Deposit");
  await expect(operations.getByRole("row").filter({ hasText: "42.5 USDT" })).toContainText("Completed");
  await expectNoA11yViolations(admin);

  // Disable: a reason is required, then every session of the member ends.
  await admin.getByRole("button", { name: "Disable member" }).click();
  await expect(admin.getByLabel("Reason (kept in the audit log)")).toBeFocused();
  await admin.getByLabel("Reason (kept in the audit log)").fill("Card chargeback under review");
  await admin.getByRole("button", { name: "Disable member" }).click();
  await expect(admin.getByText(/^Disabled: they cannot sign in, and 1 session was ended\.$/)).toBeVisible(
    answer,
  );
  await expect(admin.getByText("Card chargeback under review")).toBeVisible();
  await expectNoA11yViolations(admin);

  await member.goto("/btc-withdrawal");
  await expect(member).toHaveURL(/\/login\?redirectTo=%2Fbtc-withdrawal$/);
  await signIn(member, email);
  await expect(member.getByRole("alert")).toHaveText(
    "This account has been disabled. Please contact Coinlens support.",
    answer,
  );
  // It stays on screen (not a typo to retry), and no session was made.
  await member.waitForTimeout(2_000);
  await expect(member.getByRole("alert")).toHaveText(
    "This account has been disabled. Please contact Coinlens support.",
  );
  await expectNoA11yViolations(member);
  expect((await member.request.get("/api/user", { failOnStatusCode: false })).status()).toBe(401);

  // The audit log, filtered to this admin's disable events.
  await admin
    .getByRole("navigation", { name: "Back-office" })
    .getByRole("link", { name: "Audit log" })
    .click();
  await expect(admin.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await admin.getByLabel("Actor (e-mail or member id)").fill(staff.email);
  await admin.getByLabel("Event").selectOption("admin-member-disabled");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/event=admin-member-disabled/);
  const entries = admin.getByTestId("audit-row");
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(email);
  await expect(entries).toContainText("Card chargeback under review");
  await expect(admin.getByText("1 entry · page 1 of 1")).toBeVisible();
  await expectNoA11yViolations(admin);

  // Enable again: the member signs in.
  await gotoHydrated(admin, "/admin/members?status=disabled");
  await admin.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await admin.getByRole("button", { name: "Enable member" }).click();
  await expect(admin.getByText("Enabled: they can sign in again.")).toBeVisible(answer);
  await signIn(member, email);
  await expect(member).toHaveURL(/\/dashboard/, answer);
});

test("the back-office is checked on the server: members and staff without two-factor are refused; support reads members but cannot disable or read the audit log", async ({
  browser,
  page: support,
  baseURL,
}) => {
  const { page: member, email } = await newMember(browser, "not-staff");
  const plain = await member.request.get("/admin/members", { failOnStatusCode: false });
  expect(plain.status()).toBe(403);
  await member.goto("/admin");
  await expect(member.getByText("The back-office is for staff only.")).toBeVisible();
  await expectNoA11yViolations(member);

  const noTwoFactorPage = await (await browser.newContext()).newPage();
  await signInAsNewStaff(noTwoFactorPage, { role: "admin", twoFactor: false, tag: "admin-no-2fa" });
  await noTwoFactorPage.goto("/admin/withdrawals");
  await expect(
    noTwoFactorPage.getByText("Turn on two-factor sign-in in Settings before using the back-office."),
  ).toBeVisible();
  await expect(noTwoFactorPage.getByRole("link", { name: "Go to Settings" })).toBeVisible();
  const refused = await noTwoFactorPage.request.post("/admin/withdrawals", {
    form: { intent: "approve", withdrawalId: "1" },
    headers: { origin: baseURL ?? "" },
    failOnStatusCode: false,
  });
  expect(refused.status()).toBe(403);

  await signInAsNewStaff(support, { role: "support", tag: "support" });
  await gotoHydrated(support, `/admin/members?q=${encodeURIComponent(email)}`);
  const nav = support.getByRole("navigation", { name: "Back-office" });
  await expect(nav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await support.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(support.getByText("Only an administrator can disable or enable a member")).toBeVisible();
  await expect(support.getByRole("button", { name: "Disable member" })).toHaveCount(0);
  await expectNoA11yViolations(support);
  const disable = await support.request.post(new URL(support.url()).pathname, {
    form: { intent: "disable", reason: "support tries" },
    headers: { origin: baseURL ?? "" },
    failOnStatusCode: false,
  });
  expect(disable.status()).toBe(403);
  await support.goto("/admin/audit");
  await expect(support.getByText("You do not have permission to do this.")).toBeVisible();
  // The member was never disabled.
  await member.goto("/btc-withdrawal");
  await expect(member).toHaveURL(/\/btc-withdrawal$/);
});

test("a member who reached tier 1, sent documents and closed their account shows as closed, with the tier and a link to the review", async ({
  browser,
  page: admin,
}) => {
  // No money: an account holding any could not be closed.
  const { page: member, email } = await newMemberInOwnContext(browser, {
    tag: "closed",
    password: PASSWORD,
    domain: "members.coinlens.test",
  });
  // The member's own steps, as they take them: details (tier 1), documents, then closing.
  await reachTierOneAndSendDocuments(member, "Test Member");
  const tierSince = formatDate(new Date());
  await gotoHydrated(member, "/settings/close");
  await member.getByLabel("Your password").fill(PASSWORD);
  await member.getByRole("button", { name: "Close my account" }).click();
  await expect(member).toHaveURL(/\/login\?closed=1$/, answer);

  await signInAsNewStaff(admin, { tag: "members-closed" });
  await gotoHydrated(admin, `/admin/members?q=${encodeURIComponent(email)}`);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row.getByText("Closed", { exact: true })).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toHaveCount(0);
  // The status filter: closed, not active.
  await admin.getByLabel("Status").selectOption("closed");
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/status=closed/);
  await expect(admin.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  await lookAt(admin, "admin-members-closed");
  await admin.getByLabel("Status").selectOption("active");
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/status=active/);
  await expect(admin.getByText("No member matches")).toBeVisible();

  await gotoHydrated(admin, `/admin/members?q=${encodeURIComponent(email)}&status=closed`);
  await admin.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Test Member" }).click();
  const heading = admin.getByRole("heading", { name: "Test Member", level: 1 });
  await expect(heading).toBeVisible();
  await expect(admin.locator("header", { has: heading }).getByText("Closed", { exact: true })).toBeVisible();
  const fact = (label: string) =>
    admin
      .locator("dl > div")
      .filter({ has: admin.getByRole("term").getByText(label, { exact: true }) })
      .getByRole("definition");
  await expect(fact("Closed")).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
  // Kept for the retention period (ACCOUNT_RETENTION_DAYS, five years by default).
  await expect(fact("Personal data kept until")).toHaveText(/^\d{1,2} \w{3} 20(3[1-9]|[4-9]\d)$/);
  await expect(fact("Anonymised")).toHaveCount(0);
  await expect(fact("Active sessions")).toHaveText("0");
  await expect(fact("Verification")).toHaveText(`Tier 1 since ${tierSince} · Review request`);
  await expect(fact("Verification").getByRole("link", { name: "Review request" })).toHaveAttribute(
    "href",
    /^\/admin\/verification\/\d+$/,
  );
  // Past disabling, and no staff role for it (the server refuses both as well).
  await expect(admin.getByRole("button", { name: "Disable member" })).toHaveCount(0);
  await expect(admin.getByRole("button", { name: "Change role" })).toHaveCount(0);
  await lookAt(admin, "admin-member-closed");
  await admin.getByRole("link", { name: "Review request" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: /^Request #\d+ · tier 2$/ })).toBeVisible();
  await expect(admin.getByText(`${email} · 0 of 2 approvals`)).toBeVisible();
});
