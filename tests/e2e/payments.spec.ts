import type { Page } from "@playwright/test";
import { linkFromOutbox, signUpViaForm, uniqueEmail } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { mineOnSimulatedChain } from "./simulated-chain.ts";

const hydrated = gotoHydrated;

// Each scenario signs up, walks several pages and mines simulated blocks: more than the default 30 s
// on a loaded machine.
test.describe.configure({ timeout: 120_000 });

async function verifiedMember(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  await signUpViaForm(page, { email });
  await gotoHydrated(page, await linkFromOutbox(page, email, "/verify-email"));
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
  return email;
}

/** The dev-only simulated chain: "send" a payment, then mine blocks (each step scans deposits). */
async function sendOnSimulatedChain(
  page: Page,
  asset: "BTC" | "USDT",
  address: string,
  amount: string,
  blocks: number,
) {
  await hydrated(page, "/dev/chain");
  const send = page.locator("form").filter({ has: page.getByRole("button", { name: "Send payment" }) });
  await send.getByLabel("Asset").selectOption(asset);
  await send.getByLabel("Deposit address").fill(address);
  await send.getByLabel("Amount").fill(amount);
  await send.getByRole("button", { name: "Send payment" }).click();
  await expect(page.getByText(address).first()).toBeVisible();
  await mineOnSimulatedChain(page, asset, blocks);
}

test("deposit methods list the catalogue's cards on a labelled test network", async ({ page }) => {
  await signUpViaForm(page, { email: uniqueEmail("deposit-list") });
  await page.goto("/deposit");
  await expect(page.getByRole("heading", { name: "Deposit", level: 1 })).toBeVisible();
  await expect(page.getByText("Test network — do not send real funds")).toBeVisible();
  for (const name of ["Bitcoin (BTC)", "Tether (USDT)", "Online bank transfer"]) {
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  await expect(page.getByText("Above 0.0001, up to 10 BTC")).toBeVisible();
  await expect(page.getByText("Recommended")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/withdrawal");
  await expect(page.getByText("0.00001 – 10,000 BTC")).toBeVisible();
  await expect(page.getByText("3 – 10,000 USDT")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("BTC deposit: the own testnet address at once, an optional amount for the QR only, credited after 3 confirmations with an e-mail", async ({
  page,
}) => {
  const email = uniqueEmail("btc-deposit");
  await signUpViaForm(page, { email });
  await hydrated(page, "/btc-deposit");
  // The address is there before any amount, and nothing is recorded until the chain sees a payment.
  const address = (await page.getByTestId("deposit-address").textContent())?.trim() ?? "";
  expect(address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
  await expect(page.getByRole("img", { name: `QR code for ${address}` })).toBeVisible();
  await expect(page.getByText("No BTC deposits yet.", { exact: false })).toBeVisible();
  const amount = page.getByLabel("Amount for the QR code (optional)");
  const addToQr = page.getByRole("button", { name: "Add to QR code" });
  await amount.fill("0.0001");
  await expect(addToQr).toBeDisabled();
  await expect(page.getByText("Enter an amount above 0.0001 BTC and at most 10 BTC.")).toBeVisible();
  await amount.fill("10.1");
  await expect(addToQr).toBeDisabled();
  await amount.fill("0.5");
  await expect(addToQr).toBeEnabled();
  await addToQr.click();
  await expect(page.getByRole("img", { name: /QR code for bitcoin:tb1q.*\?amount=0\.5/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send 0.5 BTC to your address" })).toBeVisible();
  expect((await page.getByTestId("deposit-address").textContent())?.trim()).toBe(address);
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("Bitcoin Wallet Address copied!").first()).toBeVisible();
  await expect(page.getByText("Pending")).toHaveCount(0);
  await expect(page.getByTestId("deposit-row")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await sendOnSimulatedChain(page, "BTC", address, "0.5", 3);
  await page.goto("/btc-deposit");
  await expect(page.getByText("Completed")).toBeVisible();
  await waitForMail(page, email, "your deposit of 0.5 BTC has been credited");
});

test("USDT deposit: TRC20 warning, credited after 20 blocks; withdrawal checks address, cooling-off and balance", async ({
  page,
}) => {
  const email = await verifiedMember(page, "usdt-deposit");
  await hydrated(page, "/usdt-deposit");
  // TRC20 has no payment URI: the QR is the address alone, shown straight away.
  await expect(page.getByLabel("Amount for the QR code (optional)")).toHaveCount(0);
  await expect(page.getByText("Send only USDT on the TRON network (TRC20).", { exact: false })).toBeVisible();
  const address = (await page.getByTestId("deposit-address").textContent())?.trim() ?? "";
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByText("USDT Wallet Address copied!").first()).toBeVisible();

  await sendOnSimulatedChain(page, "USDT", address, "25", 20);
  await page.goto("/usdt-deposit");
  await expect(page.getByText("Completed")).toBeVisible();

  await hydrated(page, "/usdt-withdrawal");
  await expect(page.getByText("Available: 25 USDT")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("30");
  await page.getByLabel("USDT (TRC20) wallet address").fill("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("This TRON address has a typo (checksum mismatch).")).toBeVisible();
  await page.getByLabel("USDT (TRC20) wallet address").fill("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Insufficient balance. You have 25 USDT.")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("10");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText(/a new withdrawal address can be used from/)).toBeVisible();
  await expectNoA11yViolations(page);
  await waitForMail(page, email, "a new withdrawal address was added");
});

test("online bank withdrawal asks for holder, bank and account or IBAN — never a card or CVC", async ({
  page,
}) => {
  await verifiedMember(page, "bank-withdrawal");
  await hydrated(page, "/online-bank-withdrawal");
  await expect(page.getByLabel(/card/i)).toHaveCount(0);
  await expect(page.getByLabel(/cvc/i)).toHaveCount(0);
  await page.getByLabel("Payout currency").selectOption("NGN");
  await page.getByLabel("Amount (USD)").fill("100");
  await expect(page.getByText("₦145,865.00")).toBeVisible();
  await page.getByLabel("Account number or IBAN").fill("GB82WEST12345698765431");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Please enter the account holder's name.")).toBeVisible();
  await expect(page.getByText("This IBAN has a typo (check digits do not match).")).toBeVisible();
  await page.getByLabel("Account holder").fill("Erin Tester");
  await page.getByLabel("Bank name").fill("Example Bank");
  await page.getByLabel("Account number or IBAN").fill("GB82 WEST 1234 5698 7654 32");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Insufficient balance. You have 0 USD.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/online-bank");
  await expect(page.getByRole("heading", { name: "Online bank withdrawal" })).toBeVisible();
});

test("demo accounts never deposit or withdraw real money and can switch back to the real account", async ({
  page,
  baseURL,
}) => {
  await signUpViaForm(page, { email: uniqueEmail("demo-payments") });
  const opened = await page.request.post("/account/mode", {
    form: { intent: "open-demo" },
    headers: { origin: baseURL ?? "" },
  });
  expect(opened.ok()).toBe(true);
  for (const path of [
    "/deposit",
    "/btc-deposit",
    "/withdrawal",
    "/usdt-withdrawal",
    "/online-bank-withdrawal",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "This is your demo account" })).toBeVisible();
    await expect(page.getByTestId("deposit-address")).toHaveCount(0);
  }
  await expectNoA11yViolations(page);
  await gotoHydrated(page, "/deposit");
  await page.getByRole("button", { name: "Switch to real account" }).click();
  await expect(page.getByRole("heading", { name: "Bitcoin (BTC)" })).toBeVisible();
});
