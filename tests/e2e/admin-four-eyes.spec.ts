import type { Browser, Locator, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { availableBalance } from "./balances.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";
import { twoFactorCodes, withdrawByBank } from "./two-factor-withdrawal.ts";

// Four eyes on money made by hand (ADR 0055 addendum), end to end: one admin alone cannot make or
// move money. Admin A is also a member with a bank reference and tries the whole self-dealing
// path — through the page where the page offers it, and by posting the form directly (same
// origin, as a person with the browser's developer tools could) where the page hides it. Every
// step is refused, changes nothing and is in the audit log. Admins B and C do what is legitimate:
// B records a credit to A from the bank statement, C approves it. A second member sees none of it.

test.describe.configure({ timeout: 300_000 });
const answer = { timeout: 20_000 };
const OWN_MONEY = "You cannot act on your own account. Another admin must handle it.";
const OWN_WITHDRAWAL = "Your own withdrawal: another admin must review it.";

async function newStaff(browser: Browser, tag: string) {
  const page = await (await browser.newContext()).newPage();
  const staff = await signInAsNewStaff(page, { tag });
  return { page, staff, lastCodeAt: Date.now() };
}

function approvalRow(page: Page, memberEmail: string) {
  return page.locator("[data-testid^='approval-']").filter({ hasText: memberEmail });
}

function withdrawalRows(page: Page, memberEmail: string) {
  return page.locator("[data-testid^='withdrawal-']").filter({ hasText: memberEmail });
}

const idOf = async (row: Locator, prefix: string) =>
  ((await row.getAttribute("data-testid")) ?? "").replace(prefix, "");

test("one admin alone cannot make or move money: a credit or approval for themselves, or a decision on their own withdrawals, is refused, changes nothing and is audited; a second member sees none of it", async ({
  browser,
}) => {
  const { page: a, staff: adminA, lastCodeAt } = await newStaff(browser, "four-eyes-a");
  const { page: b } = await newStaff(browser, "four-eyes-b");
  const { page: c } = await newStaff(browser, "four-eyes-c");
  const bystander = await (await browser.newContext()).newPage();
  const bystanderEmail = await signInNewMember(bystander, "four-eyes-bystander");

  await gotoHydrated(a, "/online-deposit");
  const reference = ((await a.getByTestId("bank-reference").textContent()) ?? "").trim();
  expect(reference).toMatch(/^CL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  expect(await availableBalance(a, "USD")).toBe("0");

  // The bank statement shows a transfer of 1,500 USD to A's reference.
  const bankId = `FOUR-EYES-${Date.now()}-${process.pid}`;
  const today = new Date().toISOString().slice(0, 10);
  await gotoHydrated(a, "/admin/deposits");
  const statement = a.getByRole("form", { name: "Bank statement" });
  await statement.getByLabel("CSV file (at most 1 MB)").setInputFiles({
    name: "statement.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`date,transaction id,amount,reference\n${today},${bankId},1500.00,${reference}\n`),
  });
  await statement.getByRole("button", { name: "Import statement" }).click();
  await expect(a.getByText("Imported 1 incoming transfer.")).toBeVisible(answer);

  // 1. A records the transfer to their own reference: refused beside the reference field.
  const form = a.getByRole("form", { name: "Record a bank transfer" });
  await form.getByLabel("Member reference").fill(reference);
  await form.getByLabel("Amount (USD)").fill("1500");
  await form.getByLabel("Bank transaction id").fill(bankId);
  await form.getByRole("button", { name: "Record transfer" }).click();
  await expect(form.getByLabel("Member reference")).toHaveAccessibleDescription(OWN_MONEY, answer);
  await expect(form.getByLabel("Member reference")).toHaveAttribute("aria-invalid", "true");
  // The statement line offers A no Record button on their own account (read afresh: the refused
  // form above leaves the page's data as it was) …
  await gotoHydrated(a, "/admin/deposits");
  const ownLine = a.getByTestId(`statement-line-${bankId}`);
  await expect(ownLine).toContainText("Your own account: another admin records it");
  await expect(ownLine.getByRole("button")).toHaveCount(0);
  // … and posting the line's form anyway (its id as any other admin's page shows it) is refused.
  await gotoHydrated(b, "/admin/deposits");
  const lineForB = b.getByTestId(`statement-line-${bankId}`);
  await expect(lineForB).toContainText(adminA.email);
  const lineId = (await lineForB.locator('input[name="lineId"]').getAttribute("value")) ?? "";
  const key = (await form.locator('input[name="key"]').getAttribute("value")) ?? "";
  const recordLine = await a.request.post("/admin/deposits", {
    form: { intent: "record-line", key, lineId },
  });
  expect(recordLine.status()).toBe(403);
  expect(await recordLine.text()).toContain(OWN_MONEY);
  // Nothing was recorded: no entry awaits anyone, nothing is credited.
  await gotoHydrated(c, "/admin/approvals");
  await expect(approvalRow(c, adminA.email)).toHaveCount(0);
  expect(await availableBalance(a, "USD")).toBe("0");

  // 2. B records the credit to A from the statement line. A sees a note instead of Approve, and
  // approving by a direct POST is refused and credits nothing.
  await gotoHydrated(b, "/admin/deposits");
  await lineForB.getByRole("button", { name: `Record transfer ${bankId}` }).click();
  await expect(answerOf(b)).toHaveText(
    "Recorded. Nothing is credited until a second admin approves it under Approvals.",
    answer,
  );
  await gotoHydrated(a, "/admin/approvals");
  const ownEntry = approvalRow(a, adminA.email);
  await expect(ownEntry).toHaveCount(1);
  await expect(ownEntry).toContainText("1,500 USD");
  await expect(ownEntry.getByText(OWN_MONEY)).toBeVisible();
  await expect(ownEntry.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(a);
  const entryId = await idOf(ownEntry, "approval-");
  const approveOwn = await a.request.post("/admin/approvals", { form: { intent: "approve", entryId } });
  expect(approveOwn.status()).toBe(403);
  expect(await approveOwn.text()).toContain(OWN_MONEY);
  expect(await availableBalance(a, "USD")).toBe("0");

  // C, a third admin, approves it: the legitimate way A's money arrives. The page with an entry
  // to decide passes axe and fits the width at both sizes.
  await gotoHydrated(c, "/admin/approvals");
  const entryForC = approvalRow(c, adminA.email);
  await expect(entryForC.getByRole("button", { name: "Approve" })).toBeVisible();
  for (const viewport of Object.values(viewports)) {
    await c.setViewportSize(viewport);
    await expectNoA11yViolations(c);
    const scrollWidth = await c.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `no horizontal scrolling at ${viewport.width} px`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
  await entryForC.getByRole("button", { name: "Approve" }).click();
  await expect(answerOf(c)).toHaveText(
    `Approved: 1,500 USD credited to ${adminA.email}, who has been e-mailed.`,
    answer,
  );
  expect(await availableBalance(a, "USD")).toBe("1500");

  // 3. A withdraws 3 × 400 USD within the day: together over the 1,000 USD two-admin threshold,
  // so the third needs two admins — splitting does not avoid it.
  const codes = twoFactorCodes(adminA, lastCodeAt);
  for (const remaining of ["1100", "700", "300"]) {
    await withdrawByBank(a, "400", codes);
    expect(await availableBalance(a, "USD")).toBe(remaining);
  }
  await gotoHydrated(b, "/admin/withdrawals");
  const rowsForB = withdrawalRows(b, adminA.email);
  await expect(rowsForB).toHaveCount(3);
  const ids = (await Promise.all((await rowsForB.all()).map((row) => idOf(row, "withdrawal-")))).sort(
    (x, y) => Number(BigInt(x) - BigInt(y)),
  );
  const [first, secondId, third] = ids as [string, string, string];
  await expect(b.getByTestId(`withdrawal-${third}`).getByText("Needs 2 admins")).toBeVisible();
  for (const id of [first, secondId])
    await expect(b.getByTestId(`withdrawal-${id}`).getByText("Needs 2 admins")).toHaveCount(0);

  // 4. A's own withdrawals: a note instead of the forms …
  await gotoHydrated(a, "/admin/withdrawals");
  const rowsForA = withdrawalRows(a, adminA.email);
  await expect(rowsForA).toHaveCount(3);
  for (const row of await rowsForA.all()) {
    await expect(row.getByText(OWN_WITHDRAWAL)).toBeVisible();
    await expect(row.getByRole("button")).toHaveCount(0);
    await expect(row.getByRole("textbox")).toHaveCount(0);
  }
  await expect(a.getByTestId(`withdrawal-${third}`).getByText("Needs 2 admins")).toBeVisible();
  await expectNoA11yViolations(a);
  // … and each decision posted directly is refused and changes nothing.
  const posts: Record<string, string>[] = [
    { intent: "approve", withdrawalId: first },
    { intent: "complete", withdrawalId: secondId, sentReference: "BANKREF-SELF-1" },
    { intent: "reject", withdrawalId: third, reason: "Changed my mind" },
    { intent: "approve", withdrawalId: third },
  ];
  for (const form of posts) {
    const refused = await a.request.post("/admin/withdrawals", { form });
    expect(refused.status(), `${form.intent} ${form.withdrawalId}`).toBe(403);
    expect(await refused.text()).toContain(OWN_MONEY);
  }
  expect(await availableBalance(a, "USD")).toBe("300");
  await gotoHydrated(b, "/admin/withdrawals");
  await expect(rowsForB).toHaveCount(3);
  await expect(rowsForB.getByText("Awaiting review")).toHaveCount(3);
  await expect(rowsForB.getByText("1 of 2 approvals")).toHaveCount(0);
  await expect(b.getByTestId(`withdrawal-${third}`).getByText("Needs 2 admins")).toBeVisible();
  await gotoHydrated(a, "/online-bank-withdrawal");
  await expect(a.getByText("Awaiting review")).toHaveCount(3);

  // 5. The audit log shows each refusal by A: the own record, the own line, the own approval and
  // the four withdrawal decisions.
  await gotoHydrated(b, "/admin/audit");
  const search = b.getByRole("search", { name: "Audit log" });
  await search.getByLabel("Actor (e-mail or member id)").fill(adminA.email);
  await search.getByLabel("Event").selectOption("admin-action-refused");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(b).toHaveURL(/event=admin-action-refused/);
  const audit = b.getByTestId("audit-row");
  await expect(audit).toHaveCount(3 + posts.length, answer);
  await expect(audit.filter({ hasNotText: adminA.email })).toHaveCount(0);
  await expect(audit.filter({ hasNotText: "reason: own-money" })).toHaveCount(0);
  // Each detail is `key: value` pairs (in the order the database keeps them).
  const refusals = (...parts: string[]) =>
    parts.reduce((rows, part) => rows.filter({ hasText: new RegExp(`${part}\\b`) }), audit);
  await expect(refusals("subject: bank-credit", "action: propose", `reference: ${reference}`)).toHaveCount(2);
  await expect(refusals("subject: manual-entry", "action: approve", `manualEntryId: ${entryId}`)).toHaveCount(
    1,
  );
  for (const form of posts) {
    await expect(
      refusals("subject: withdrawal", `action: ${form.intent}`, `withdrawalId: ${form.withdrawalId}`),
    ).toHaveCount(1);
  }

  // The second member sees none of it: no back-office page, and nothing of A's in their account.
  for (const path of ["/admin/approvals", "/admin/withdrawals", "/admin/deposits", "/admin/audit"]) {
    const response = await bystander.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(bystander.getByRole("heading", { name: "Access refused" })).toBeVisible();
    await expect(bystander.locator("body")).not.toContainText(adminA.email);
  }
  for (const path of ["/transactions", "/online-bank-withdrawal", "/wallet"]) {
    await gotoHydrated(bystander, path);
    await expect(bystander.locator("body")).not.toContainText(adminA.email);
    await expect(bystander.locator("body")).not.toContainText("Awaiting review");
  }
  expect(await availableBalance(bystander, "USD")).toBe("0");
  const bystanderMail = await bystander.request.get(`/dev/outbox?to=${encodeURIComponent(bystanderEmail)}`);
  expect(await bystanderMail.text()).toContain("No messages.");
});
