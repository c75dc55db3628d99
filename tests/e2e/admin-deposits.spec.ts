import type { Browser, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { mineOnSimulatedChain } from "./simulated-chain.ts";

// Issue 7: the admin deposit queue. An admin credits a bank transfer by the member's reference,
// credits a detected chain deposit before all its confirmations, and rejects one with a reason —
// each with its e-mail to the member, a note required beside the field, and a second submit that
// credits nothing. Chain deposits are "sent" on the simulated chain at /dev/chain without mining,
// so they stay Detected (0 confirmations) until the admin decides. Members come from the test-only
// /api/test/trade endpoint, the admin from tests/e2e/admin-helpers.ts (ADR 0062).

test.describe.configure({ timeout: 240_000 });
const answer = { timeout: 20_000 };
const PASSWORD = "Deposit-member-2026!";
let counter = 0;

/** A verified member with a real account and no money, signed in in a browser context of their own. */
async function newMember(browser: Browser, tag: string) {
  const page = await (await browser.newContext()).newPage();
  const email = `${tag}-${Date.now()}-${process.pid}-${++counter}@deposits.coinlens.test`;
  const made = await page.request.post("/api/test/trade", {
    data: { action: "member", email, password: PASSWORD },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/, answer);
  return { page, email };
}

async function newAdmin(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewStaff(page, { tag: "deposits-admin" });
  return page;
}

/** The member's real available balance of `asset`, as the API's exact decimal text. */
async function available(member: Page, asset: string): Promise<string> {
  const response = await member.request.get("/api/user");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { balances: { real: Record<string, { available: string }> } };
  return body.balances.real[asset]?.available ?? "";
}

/** Step one of /btc-deposit or /usdt-deposit: the member announces an amount and gets their address. */
async function announceChainDeposit(member: Page, asset: "BTC" | "USDT", amount: string) {
  await gotoHydrated(member, asset === "BTC" ? "/btc-deposit" : "/usdt-deposit");
  await member.getByLabel(`Amount (${asset})`).fill(amount);
  await member.getByRole("button", { name: "Deposit", exact: true }).click();
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

async function outboxSubjects(page: Page, email: string) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  return page.getByTestId("outbox-message").getByRole("heading", { level: 2 }).allTextContents();
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

test("bank transfer: credited by the member's reference once — field messages, a repeated bank id changes nothing; Completed in history with an e-mail", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "bank-deposit");
  const admin = await newAdmin(browser);
  await gotoHydrated(member, "/online-deposit");
  const reference = ((await member.getByTestId("bank-reference").textContent()) ?? "").trim();
  expect(reference).toMatch(/^CL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  expect(await available(member, "USD")).toBe("0");

  await gotoHydrated(admin, "/admin/deposits");
  const form = admin.getByRole("form", { name: "Credit a bank transfer" });
  const fields = {
    reference: form.getByLabel("Member reference"),
    amount: form.getByLabel("Amount (USD)"),
    bankId: form.getByLabel("Bank transaction id"),
    submit: form.getByRole("button", { name: "Credit transfer" }),
  };
  await expectNoA11yViolations(admin);

  // Empty: a message beside each required field, nothing credited.
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
  const bankId = `BANK-${Date.now()}-${counter}`;
  await fields.reference.fill("CL-2222-2222");
  await fields.amount.fill("250");
  await fields.bankId.fill(bankId);
  await fields.submit.click();
  await expect(fields.reference).toHaveAccessibleDescription("No member has this reference.", answer);
  await expect(fields.amount).toHaveValue("250");

  // The member's reference, typed in lower case: credited, and the form clears.
  await fields.reference.fill(reference.toLowerCase());
  await fields.submit.click();
  await expect(admin.getByRole("status")).toHaveText("Bank transfer credited.", answer);
  await expect(fields.reference).toHaveValue("");
  await expect(fields.bankId).toHaveValue("");
  expect(await available(member, "USD")).toBe("250");

  // The same bank line entered again (a second submit, a second admin): nothing changes.
  await fields.reference.fill(reference);
  await fields.amount.fill("250");
  await fields.bankId.fill(bankId);
  await fields.submit.click();
  await expect(admin.getByRole("status")).toHaveText(
    "This bank transaction was already credited; nothing changed.",
    answer,
  );
  expect(await available(member, "USD")).toBe("250");

  const row = await historyRow(member, "USD");
  await expect(row).toContainText("250");
  await expect(row.getByText("Completed", { exact: true })).toBeVisible();
  expect(await outboxSubjects(member, email)).toEqual([
    "Coinlens: your deposit of 250 USD has been credited",
  ]);
});

test("chain deposit credited before all confirmations, with a note required beside the field; a replayed credit is refused", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "btc-early");
  const admin = await newAdmin(browser);
  const address = await announceChainDeposit(member, "BTC", "0.5");
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
  expect(await available(member, "BTC")).toBe("0");

  await note.fill("Sender's exchange confirmed the payout by phone");
  const depositId = ((await row.getAttribute("data-testid")) ?? "").replace("deposit-", "");
  await row.getByRole("button", { name: "Credit" }).click();
  await expect(admin.getByRole("status")).toHaveText("Deposit credited.", answer);
  await expect(row).toHaveCount(0);
  expect(await available(member, "BTC")).toBe("0.5");

  // The same POST again (a double submit, a retry after a lost reply): refused, nothing more credited.
  const replay = await admin.request.post("/admin/deposits", {
    form: { intent: "credit", depositId, note: "again" },
  });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain("This deposit is already credited.");
  // And the watcher, seeing it fully confirmed later, credits nothing either.
  await mine(member, "BTC", 3);
  expect(await available(member, "BTC")).toBe("0.5");

  await gotoHydrated(member, "/wallet");
  await expect(member.getByTestId("wallet-BTC")).toContainText("0.50000000");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
  const history = await historyRow(member, "BTC");
  await expect(history.getByText("Completed", { exact: true })).toBeVisible();
  expect(await outboxSubjects(member, email)).toEqual([
    "Coinlens: your deposit of 0.5 BTC has been credited",
    "Coinlens: we have seen your deposit of 0.5 BTC",
  ]);
});

test("chain deposit rejected with a reason (not by support staff): nothing credited, Failed in the member's history, and the rejection e-mail", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "usdt-reject");
  const admin = await newAdmin(browser);
  const address = await announceChainDeposit(member, "USDT", "25");
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
  await expect(support.getByRole("button", { name: /^(Credit|Reject|Credit transfer)$/ })).toHaveCount(0);
  await expect(support.getByRole("heading", { name: "Credit a bank transfer" })).toHaveCount(0);
  await expectNoA11yViolations(support);
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
  await expect(admin.getByRole("status")).toHaveText(
    "Deposit rejected: nothing was credited, and the member was told why.",
    answer,
  );
  await expect(row).toHaveCount(0);

  // Fully confirmed later, it stays rejected: nothing is ever credited.
  await mine(member, "USDT", 20);
  expect(await available(member, "USDT")).toBe("0");
  await gotoHydrated(member, "/usdt-deposit");
  await expect(member.getByText("Failed", { exact: true })).toBeVisible();
  await expect(member.getByText(`Rejected, nothing was credited. Reason: ${reason}`)).toBeVisible();
  const history = await historyRow(member, "USDT");
  await expect(history).toContainText("25");
  await expect(history.getByText("Failed", { exact: true })).toBeVisible();
  await expectNoA11yViolations(member);

  expect(await outboxSubjects(member, email)).toEqual([
    "Coinlens: your deposit of 25 USDT has been rejected",
    "Coinlens: we have seen your deposit of 25 USDT",
  ]);
  const mail = member.getByTestId("outbox-message").filter({ hasText: "has been rejected" });
  await expect(mail).toContainText("Nothing was credited to your balance.");
  await expect(mail).toContainText(`Reason: ${reason}`);
  await expect(mail.getByRole("link", { name: /\/contact$/ })).toBeVisible();
});

test("an announced deposit nothing paid expires after 7 days: Expired on the deposit page, Failed in history; a later payment is still credited", async ({
  browser,
}) => {
  const { page: member, email } = await newMember(browser, "btc-expire");
  const address = await announceChainDeposit(member, "BTC", "0.25");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Pending", { exact: true })).toBeVisible();

  // The expiry pass as it runs six days on: nothing expires yet.
  const expireAt = async (days: number) => {
    const response = await member.request.post("/api/test/trade", {
      data: { action: "expire-deposits", email, at: new Date(Date.now() + days * 86_400_000).toISOString() },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { expired: number }).expired;
  };
  expect(await expireAt(6)).toBe(0);
  // Eight days on, it expires (once).
  expect(await expireAt(8)).toBe(1);
  expect(await expireAt(8)).toBe(0);

  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Expired", { exact: true })).toBeVisible();
  await expect(
    member.getByText(
      "Nothing arrived within 7 days. A payment sent to your address later is still credited when it arrives.",
    ),
  ).toBeVisible();
  await expectNoA11yViolations(member);
  const history = await historyRow(member, "BTC");
  await expect(history.getByText("Failed", { exact: true })).toBeVisible();

  // The member pays after all: credited as its own deposit, the expired one stays expired.
  await sendUnconfirmed(member, "BTC", address, "0.25");
  await mine(member, "BTC", 3);
  await expect.poll(() => available(member, "BTC"), answer).toBe("0.25");
  await gotoHydrated(member, "/btc-deposit");
  await expect(member.getByText("Expired", { exact: true })).toBeVisible();
  await expect(member.getByText("Completed", { exact: true })).toBeVisible();
});
