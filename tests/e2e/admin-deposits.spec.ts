import type { Browser, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { availableBalance } from "./balances.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { expectMailSubjects } from "./mailbox.ts";
import { newMemberInOwnContext } from "./member-session.ts";
import { mineOnSimulatedChain } from "./simulated-chain.ts";

// The admin deposit queue (ADR 0052). An admin records a bank transfer by the member's reference and
// a second admin approves it on /admin/approvals (four eyes on money made by hand, ADR 0055
// addendum); an admin credits a detected chain deposit before all its confirmations, and rejects
// one with a reason — each with its e-mail to the member (delivered by the outbox worker after the
// response: tests/e2e/mailbox.ts waits for it), a note required beside the field, and a second
// submit that credits nothing. Chain deposits are "sent" on the simulated chain at /dev/chain without mining,
// so they stay Detected (0 confirmations) until the admin decides. Members come from the test-only
// /api/test/trade endpoint, the admin from tests/e2e/admin-helpers.ts (ADR 0062).

test.describe.configure({ timeout: 240_000 });
const answer = { timeout: 20_000 };
const PASSWORD = "Deposit-member-2026!";
let counter = 0;

/** A verified member with a real account and no money, signed in in a browser context of their own. */
const newMember = (browser: Browser, tag: string) =>
  newMemberInOwnContext(browser, { tag, password: PASSWORD, domain: "deposits.coinlens.test" });

async function newAdmin(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewStaff(page, { tag: "deposits-admin" });
  return page;
}

/** The member's own address on /btc-deposit or /usdt-deposit (shown at once; nothing is announced). */
async function chainDepositAddress(member: Page, asset: "BTC" | "USDT") {
  await gotoHydrated(member, asset === "BTC" ? "/btc-deposit" : "/usdt-deposit");
  const address = member.getByTestId("deposit-address");
  await expect(address).toBeVisible(answer);
  return ((await address.textContent()) ?? "").trim();
}

/** "Sends" a payment on the simulated chain without mining it: 0 confirmations, Detected. */
async function sendUnconfirmed(page: Page, asset: "BTC" | "USDT", address: string, amount: string) {
  await gotoHydrated(page, "/dev/chain");
  const send = page.locator("form").filter({ has: page.getByRole("button", { name: "Send payment" }) });
  await send.getByLabel("Asset").selectOption(asset);
  await send.getByLabel("Deposit address").fill(address);
  await send.getByLabel("Amount").fill(amount);
  await send.getByRole("button", { name: "Send payment" }).click();
  await expect(page.getByText(`${address} `).first()).toBeVisible(answer);
}

async function mine(page: Page, asset: "BTC" | "USDT", blocks: number) {
  await gotoHydrated(page, "/dev/chain");
  await mineOnSimulatedChain(page, asset, blocks);
}

/** The admin's queue row for this member's chain deposit. */
function queueRow(admin: Page, memberEmail: string) {
  return admin.locator("[data-testid^='deposit-']").filter({ hasText: memberEmail });
}

/** The "Record a bank transfer" form on /admin/deposits. */
function bankForm(admin: Page) {
  const form = admin.getByRole("form", { name: "Record a bank transfer" });
  return {
    fields: {
      reference: form.getByLabel("Member reference"),
      amount: form.getByLabel("Amount (USD)"),
      bankId: form.getByLabel("Bank transaction id"),
      submit: form.getByRole("button", { name: "Record transfer" }),
    },
    /** The form's idempotency key as rendered (a new one on each render). */
    key: async () => (await form.locator('input[name="key"]').getAttribute("value")) ?? "",
  };
}

/** The entry on /admin/approvals that credits this member. */
function approvalRow(admin: Page, memberEmail: string) {
  return admin.locator("[data-testid^='approval-']").filter({ hasText: memberEmail });
}

/** The member's newest history row of this currency in /transactions (desktop table). */
async function historyRow(member: Page, asset: string) {
  await gotoHydrated(member, "/transactions?type=deposit");
  return member
    .getByRole("table", { name: "Transactions" })
    .getByRole("row")
    .filter({ hasText: asset })
    .first();
}

test("bank transfer: recorded by one admin, credited only when a second approves — field messages, nothing before approval; a repeated bank id is refused beside the field; Completed in history with an e-mail", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "bank-deposit");
  const admin = await newAdmin(browser);
  const second = await newAdmin(browser);
  await gotoHydrated(member, "/online-deposit");
  const reference = ((await member.getByTestId("bank-reference").textContent()) ?? "").trim();
  expect(reference).toMatch(/^CL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  expect(await availableBalance(member, "USD")).toBe("0");

  await gotoHydrated(admin, "/admin/deposits");
  const form = bankForm(admin);
  const { fields } = form;
  await expectNoA11yViolations(admin);

  // Empty: a message beside each required field, nothing recorded.
  await fields.submit.click();
  await expect(fields.reference).toHaveAccessibleDescription(
    "Enter the member's reference, such as CL-7KQ2-M9XD.",
    answer,
  );
  await expect(fields.reference).toHaveAttribute("aria-invalid", "true");
  await expect(fields.amount).toHaveAttribute("aria-invalid", "true");
  await expect(fields.bankId).toHaveAccessibleDescription(/Enter the bank's transaction id/);
  await expectNoA11yViolations(admin);

  // A well-formed reference nobody has: refused beside the field; what was typed stays.
  const bankId = `BANK-${Date.now()}-${process.pid}-${++counter}`;
  await fields.reference.fill("CL-2222-2222");
  await fields.amount.fill("250");
  await fields.bankId.fill(bankId);
  await fields.submit.click();
  await expect(fields.reference).toHaveAccessibleDescription("No member has this reference.", answer);
  await expect(fields.amount).toHaveValue("250");

  // The member's reference, typed in lower case: recorded, the form clears — and nothing is credited.
  await fields.reference.fill(reference.toLowerCase());
  await fields.submit.click();
  await expect(answerOf(admin)).toHaveText(
    "Recorded. Nothing is credited until a second admin approves it under Approvals.",
    answer,
  );
  await expect(fields.reference).toHaveValue("");
  await expect(fields.bankId).toHaveValue("");
  await expect(admin.getByText(/recorded transfers? awaits? a second admin\./)).toBeVisible();
  expect(await availableBalance(member, "USD")).toBe("0");
  await gotoHydrated(member, "/transactions?type=deposit");
  const history = member.getByRole("table", { name: "Transactions" }).getByRole("row");
  await expect(history.filter({ hasText: "USD" }).filter({ hasText: "250" })).toHaveCount(0);

  // The admin who recorded it may not approve it: a note instead of the buttons.
  await gotoHydrated(admin, "/admin/approvals");
  const own = approvalRow(admin, email);
  await expect(own).toHaveCount(1);
  await expect(own).toContainText("250 USD");
  await expect(own).toContainText(bankId);
  await expect(
    own.getByText("You recorded this: a second, different admin must approve or decline it."),
  ).toBeVisible();
  await expect(own.getByRole("button")).toHaveCount(0);
  expect(await availableBalance(member, "USD")).toBe("0");

  // A second admin approves: credited, and the member is e-mailed.
  await gotoHydrated(second, "/admin/approvals");
  const entry = approvalRow(second, email);
  await expect(entry).toContainText(reference);
  await expect(entry.getByRole("button", { name: "Decline" })).toBeVisible();
  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(answerOf(second)).toHaveText(
    `Approved: 250 USD credited to ${email}, who has been e-mailed.`,
    answer,
  );
  await expect(entry).toHaveCount(0);
  expect(await availableBalance(member, "USD")).toBe("250");

  // The same bank transaction recorded again (by habit, or by another admin): refused beside
  // the field, with what was typed kept; nothing more is credited.
  await gotoHydrated(admin, "/admin/deposits");
  await fields.reference.fill(reference);
  await fields.amount.fill("250");
  await fields.bankId.fill(bankId);
  await fields.submit.click();
  const used = `The bank transaction ${bankId} has already been recorded or credited. Each bank transaction is credited once.`;
  await expect(fields.bankId).toHaveAccessibleDescription(used, answer);
  await expect(fields.bankId).toHaveAttribute("aria-invalid", "true");
  await expect(fields.bankId).toHaveValue(bankId);
  await expectNoA11yViolations(admin);
  // … and answered 409 (the same form posted directly, with a fresh key of the page's).
  const replay = await admin.request.post("/admin/deposits", {
    form: {
      intent: "bank",
      key: await form.key(),
      reference,
      amount: "250",
      bankTransactionId: bankId,
    },
  });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain(used);
  await gotoHydrated(second, "/admin/approvals");
  await expect(approvalRow(second, email)).toHaveCount(0);
  expect(await availableBalance(member, "USD")).toBe("250");

  const row = await historyRow(member, "USD");
  await expect(row).toContainText("250");
  await expect(row.getByText("Completed", { exact: true })).toBeVisible();
  await expectMailSubjects(member, email, ["Coinlens: your deposit of 250 USD has been credited"]);
});

test("bank statement: an imported CSV lists incoming transfers by member; one is recorded from its line and credited on a second admin's approval; a typed entry must match the line — axe and no sideways scroll at 375 and 1280 px", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "bank-statement");
  const admin = await newAdmin(browser);
  const second = await newAdmin(browser);
  await gotoHydrated(member, "/online-deposit");
  const reference = ((await member.getByTestId("bank-reference").textContent()) ?? "").trim();
  const tag = `${Date.now()}-${process.pid}-${++counter}`;
  const ids = { member: `STMT-${tag}-1`, unknown: `STMT-${tag}-2`, fee: `STMT-${tag}-3` };
  const today = new Date().toISOString().slice(0, 10);
  const csv = [
    "Date,Transaction ID,Amount,Reference,Currency,Description",
    `${today},${ids.member},125.50,"Payment ${reference.toLowerCase()}, thanks",USD,Erin Tester`,
    `${today},${ids.unknown},80.00,CL-2222-2222,USD,Unknown payer`,
    `${today},${ids.fee},-2.50,Monthly fee,USD,Bank fee`,
  ].join("\r\n");

  await gotoHydrated(admin, "/admin/deposits");
  const statement = admin.getByRole("form", { name: "Bank statement" });
  const file = statement.getByLabel("CSV file (at most 1 MB)");
  // No file: said beside the field.
  await statement.getByRole("button", { name: "Import statement" }).click();
  await expect(file).toHaveAccessibleDescription("Choose a CSV file.", answer);
  await file.setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await statement.getByRole("button", { name: "Import statement" }).click();
  await expect(admin.getByRole("status").filter({ hasText: /^Imported/ })).toHaveText(
    "Imported 2 incoming transfers.",
    answer,
  );
  const notImported = admin.getByRole("status").filter({ hasText: "Lines not imported" });
  await expect(notImported).toContainText("Line 4: skipped: outgoing or zero");

  const memberLine = admin.getByTestId(`statement-line-${ids.member}`);
  const unknownLine = admin.getByTestId(`statement-line-${ids.unknown}`);
  await expect(memberLine).toContainText(email);
  await expect(memberLine).toContainText("125.5");
  await expect(memberLine).toContainText(reference);
  await expect(unknownLine).toContainText("No member has this reference");
  await expect(unknownLine.getByRole("button")).toHaveCount(0);
  await expect(admin.getByTestId(`statement-line-${ids.fee}`)).toHaveCount(0);

  // The page with statement lines, at both widths: axe finds nothing and nothing scrolls sideways
  // (the table scrolls inside its card).
  for (const viewport of Object.values(viewports)) {
    await admin.setViewportSize(viewport);
    await expectNoA11yViolations(admin);
    const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `no horizontal scrolling at ${viewport.width} px`).toBeLessThanOrEqual(
      viewport.width,
    );
  }

  // Typed by hand with another amount than the bank's line: refused beside the field.
  const { fields } = bankForm(admin);
  await fields.reference.fill(reference);
  await fields.amount.fill("1255");
  await fields.bankId.fill(ids.member);
  await fields.submit.click();
  await expect(fields.bankId).toHaveAccessibleDescription(
    `This does not match the imported bank statement line for that transaction (125.5 USD, reference ${reference}).`,
    answer,
  );

  // Recorded from its line: the bank's figures, nothing credited until a second admin approves.
  await memberLine.getByRole("button", { name: `Record transfer ${ids.member}` }).click();
  await expect(answerOf(admin)).toHaveText(
    "Recorded. Nothing is credited until a second admin approves it under Approvals.",
    answer,
  );
  await expect(memberLine).toHaveCount(0);
  expect(await availableBalance(member, "USD")).toBe("0");

  await gotoHydrated(second, "/admin/approvals");
  const entry = approvalRow(second, email);
  await expect(entry).toContainText("125.5 USD");
  await expect(entry).toContainText(ids.member);
  await expect(entry.getByText("Matches the bank statement")).toBeVisible();
  await entry.getByRole("button", { name: "Approve" }).click();
  await expect(answerOf(second)).toHaveText(
    `Approved: 125.5 USD credited to ${email}, who has been e-mailed.`,
    answer,
  );
  expect(await availableBalance(member, "USD")).toBe("125.5");
  await expectMailSubjects(member, email, ["Coinlens: your deposit of 125.5 USD has been credited"]);
});

test("chain deposit credited before all confirmations, with a note required beside the field; a replayed credit is refused", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "btc-early");
  const admin = await newAdmin(browser);
  const address = await chainDepositAddress(member, "BTC");
  await sendUnconfirmed(member, "BTC", address, "0.5");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Detected", { exact: true })).toBeVisible();

  await gotoHydrated(admin, "/admin/deposits");
  const row = queueRow(admin, email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("0.5 BTC");
  await expect(row.getByText("Detected", { exact: true })).toBeVisible();
  await expect(row).toContainText(address);
  await expectNoA11yViolations(admin);

  // No note: refused beside the field; the deposit waits on.
  const note = row.getByLabel("Note");
  await row.getByRole("button", { name: "Credit" }).click();
  await expect(note).toHaveAccessibleDescription(
    "Enter a note saying why you credit this deposit before all its confirmations.",
    answer,
  );
  await expect(note).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(admin);
  expect(await availableBalance(member, "BTC")).toBe("0");

  await note.fill("Sender's exchange confirmed the payout by phone");
  const depositId = ((await row.getAttribute("data-testid")) ?? "").replace("deposit-", "");
  await row.getByRole("button", { name: "Credit" }).click();
  await expect(answerOf(admin)).toHaveText("Deposit credited.", answer);
  await expect(row).toHaveCount(0);
  expect(await availableBalance(member, "BTC")).toBe("0.5");

  // The same POST again (a double submit, a retry after a lost reply): refused, nothing more credited.
  const replay = await admin.request.post("/admin/deposits", {
    form: { intent: "credit", depositId, note: "again" },
  });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain("This deposit is already credited.");
  // And the watcher, seeing it fully confirmed later, credits nothing either.
  await mine(member, "BTC", 3);
  expect(await availableBalance(member, "BTC")).toBe("0.5");

  await gotoHydrated(member, "/wallet");
  await expect(member.getByTestId("wallet-BTC")).toContainText("0.50000000");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  const history = await historyRow(member, "BTC");
  await expect(history.getByText("Completed", { exact: true })).toBeVisible();
  await expectMailSubjects(member, email, [
    "Coinlens: your deposit of 0.5 BTC has been credited",
    "Coinlens: we have seen your deposit of 0.5 BTC",
  ]);
});

test("chain deposit rejected with a reason (not by support staff): nothing credited, Failed in the member's history, and the rejection e-mail", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "usdt-reject");
  const admin = await newAdmin(browser);
  const address = await chainDepositAddress(member, "USDT");
  await sendUnconfirmed(member, "USDT", address, "25");

  await gotoHydrated(admin, "/admin/deposits");
  const row = queueRow(admin, email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("25 USDT");
  const note = row.getByLabel("Note");
  await row.getByRole("button", { name: "Reject" }).click();
  await expect(note).toHaveAccessibleDescription(
    "Enter the reason. The member reads it in the e-mail that tells them of the rejection.",
    answer,
  );
  await expect(row).toHaveCount(1);

  // Support staff see the queue but may not decide: the server refuses, whatever the page shows.
  const support = await (await browser.newContext()).newPage();
  await signInAsNewStaff(support, { role: "support", tag: "deposits-support" });
  await gotoHydrated(support, "/admin/deposits");
  const supportRow = queueRow(support, email);
  await expect(supportRow).toHaveCount(1);
  const depositId = ((await supportRow.getAttribute("data-testid")) ?? "").replace("deposit-", "");
  // The page offers them nothing they may not do …
  await expect(
    support.getByText(
      "Your role can view this queue to answer members; only an administrator can credit or reject a deposit.",
    ),
  ).toBeVisible();
  await expect(
    support.getByRole("button", { name: /^(Credit|Reject|Record transfer|Record|Import statement)$/ }),
  ).toHaveCount(0);
  await expect(support.getByRole("heading", { name: "Record a bank transfer" })).toHaveCount(0);
  await expect(support.getByRole("heading", { name: "Bank statement" })).toHaveCount(0);
  await expectNoA11yViolations(support);
  // Approvals are an administrator's: not in support's navigation, and the page is refused.
  const nav = support.getByRole("navigation", { name: "Back-office" });
  await expect(nav.getByRole("link", { name: "Deposits" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Approvals" })).toHaveCount(0);
  const approvals = await support.goto("/admin/approvals");
  expect(approvals?.status()).toBe(403);
  await expect(support.getByRole("heading", { name: "Access refused" })).toBeVisible();
  await expect(support.getByText("You do not have permission to do this.")).toBeVisible();
  await gotoHydrated(support, "/admin/withdrawals");
  await expect(
    support.getByText(
      "Your role can view this queue to answer members; only an administrator can approve, mark sent or reject a withdrawal.",
    ),
  ).toBeVisible();
  await expect(support.getByRole("button", { name: /^(Approve|Mark sent|Reject)$/ })).toHaveCount(0);
  // … and the server refuses it anyway.
  for (const intent of ["reject", "credit"]) {
    const refused = await support.request.post("/admin/deposits", {
      form: { intent, depositId, note: "Not mine to decide" },
    });
    expect(refused.status(), intent).toBe(403);
  }
  await gotoHydrated(admin, "/admin/deposits");
  await expect(row).toHaveCount(1);

  const reason = "The payment came from an address on a sanctions list";
  await note.fill(reason);
  await row.getByRole("button", { name: "Reject" }).click();
  await expect(answerOf(admin)).toHaveText(
    "Deposit rejected: nothing was credited, and the member was told why.",
    answer,
  );
  await expect(row).toHaveCount(0);

  // Fully confirmed later, it stays rejected: nothing is ever credited.
  await mine(member, "USDT", 20);
  expect(await availableBalance(member, "USDT")).toBe("0");
  await gotoHydrated(member, "/usdt-deposit");
  await expect(member.getByText("Failed", { exact: true })).toBeVisible();
  await expect(member.getByText(`Rejected, nothing was credited. Reason: ${reason}`)).toBeVisible();
  const history = await historyRow(member, "USDT");
  await expect(history).toContainText("25");
  await expect(history.getByText("Failed", { exact: true })).toBeVisible();
  await expectNoA11yViolations(member);

  await expectMailSubjects(member, email, [
    "Coinlens: your deposit of 25 USDT has been rejected",
    "Coinlens: we have seen your deposit of 25 USDT",
  ]);
  const mail = member.getByTestId("outbox-message").filter({ hasText: "has been rejected" });
  await expect(mail).toContainText("Nothing was credited to your balance.");
  await expect(mail).toContainText(`Reason: ${reason}`);
  await expect(mail.getByRole("link", { name: /\/contact$/ })).toBeVisible();
});

test("a deposit page records nothing until the chain sees a payment: no Pending row, no expiry", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "btc-no-pending");
  const address = await chainDepositAddress(member, "BTC");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByTestId("deposit-row")).toHaveCount(0);
  await expect(member.getByText("Pending", { exact: true })).toHaveCount(0);
  // The expiry pass, eight days on, has nothing of this member's to expire.
  const response = await member.request.post("/api/test/trade", {
    data: { action: "expire-deposits", email, at: new Date(Date.now() + 8 * 86_400_000).toISOString() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect(((await response.json()) as { expired: number }).expired).toBe(0);

  // A payment appears as it is seen, and is credited after its confirmations.
  await sendUnconfirmed(member, "BTC", address, "0.25");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByTestId("deposit-row")).toHaveCount(1);
  await expect(member.getByText("Detected", { exact: true })).toBeVisible();
  await mine(member, "BTC", 3);
  await expect.poll(() => availableBalance(member, "BTC"), answer).toBe("0.25");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  const history = await historyRow(member, "BTC");
  await expect(history).toBeVisible();
});
