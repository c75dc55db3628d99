import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { bech32 } from "@scure/base";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// Holdings elsewhere (/portfolio/accounts, issue 19): a member watches a Bitcoin address, coins are
// "sent" to it on the simulated chain (/dev/chain), and "Refresh balances" shows them; a Kraken
// ledgers export is previewed line by line (a duplicate, errors in words), imported, and the same
// file again shows only duplicates; a typed sale larger than what is held is refused; another
// member sees none of it. SCREENSHOTS_DIR saves the page at both widths.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const KRAKEN = path.resolve(import.meta.dirname, "../fixtures/portfolio-imports/kraken-ledgers.csv");

/** A fresh testnet P2WPKH address (the test environment watches Bitcoin testnet). */
function freshTestnetAddress() {
  return bech32.encode("tb", [0, ...bech32.toWords(randomBytes(20))]);
}

async function sendOnSimulatedChain(page: Page, address: string, amount: string) {
  await gotoHydrated(page, "/dev/chain");
  const send = page.locator("form").filter({ has: page.getByRole("button", { name: "Send payment" }) });
  await send.getByLabel("Asset").selectOption("BTC");
  await send.getByLabel("Deposit address").fill(address);
  await send.getByLabel("Amount").fill(amount);
  await send.getByRole("button", { name: "Send payment" }).click();
  await expect(page.getByText(address).first()).toBeVisible({ timeout: 20_000 });
}

test("watch an address and see its balance, import a Kraken file once, and another member sees nothing", async ({
  page,
  browser,
}) => {
  await signInNewMember(page, "accounts");
  await gotoHydrated(page, "/portfolio/accounts");
  await expect(page.getByRole("heading", { level: 2, name: "Holdings elsewhere" })).toBeVisible();
  await expect(page.getByText(/Coins you keep outside Coinlens/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No wallets watched yet" })).toBeVisible();
  await lookAt(page, "portfolio-accounts-empty");

  // A bad address: the message beside the field, nothing added.
  const walletForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add wallet" }) });
  await walletForm.getByLabel("What to watch").selectOption("btc-address");
  await walletForm.getByLabel("Name").fill("Cold storage");
  await walletForm.getByLabel("Address or public key").fill("bc1qnotanaddress");
  await walletForm.getByRole("button", { name: "Add wallet" }).click();
  await expect(walletForm.getByText("This Bitcoin address has a typo (checksum mismatch).")).toBeVisible();
  await expect(walletForm.getByLabel("Address or public key")).toHaveAttribute("aria-invalid", "true");

  // A real (testnet) address: added with its balance read at once (nothing yet).
  const address = freshTestnetAddress();
  await walletForm.getByLabel("Address or public key").fill(address);
  await walletForm.getByRole("button", { name: "Add wallet" }).click();
  await expect(page.getByText("Wallet added and its balance read.")).toBeVisible();
  const wallets = page.getByRole("list", { name: "Watched wallets" });
  await expect(wallets.getByRole("listitem")).toHaveCount(1);
  await expect(wallets).toContainText("Cold storage");
  await expect(wallets).toContainText("0 BTC");

  // Coins arrive on the (simulated) chain; "Refresh balances" reads them.
  const chain = await page.context().newPage();
  await sendOnSimulatedChain(chain, address, "0.015");
  await chain.close();
  await page.getByRole("button", { name: "Refresh balances" }).click();
  await expect(page.getByText("Balance refreshed.")).toBeVisible();
  await expect(wallets).toContainText("0.015 BTC");
  await expect(wallets).toContainText(/as of .* UTC/);
  await expect(wallets).toContainText("$");

  // The same address again is refused.
  await walletForm.getByLabel("Name").fill("Again");
  await walletForm.getByLabel("Address or public key").fill(address);
  await walletForm.getByRole("button", { name: "Add wallet" }).click();
  await expect(walletForm.getByText("You already watch this wallet.")).toBeVisible();

  // Kraken ledgers: preview line by line, nothing stored yet.
  const importForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Preview" }) });
  await importForm.getByLabel("Exchange and file type").selectOption("kraken");
  await importForm.getByLabel(/CSV file/).setInputFiles(KRAKEN);
  await importForm.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("table", { name: /Preview of kraken-ledgers.csv \(Kraken\)/ });
  await expect(preview).toBeVisible();
  await expect(
    page.getByText("4 new, 1 duplicate, 2 with errors, 5 left out. Nothing is stored yet."),
  ).toBeVisible();
  await expect(preview.getByRole("row").filter({ hasText: "The same transaction as line 4." })).toContainText(
    "Duplicate",
  );
  await expect(
    preview.getByRole("row").filter({ hasText: "DOGE is not an asset Coinlens prices yet." }),
  ).toContainText("8");
  await expect(page.getByRole("heading", { name: "No files imported yet" })).toBeVisible();
  await lookAt(page, "portfolio-accounts-preview");

  await page.getByRole("button", { name: "Import 4 transactions" }).click();
  await expect(page.getByText("4 transactions imported, 8 lines skipped.")).toBeVisible();
  const imported = page.getByRole("list", { name: "Imported files" });
  await expect(imported.getByRole("listitem")).toHaveCount(1);
  await expect(imported).toContainText("4 added, 8 skipped");
  const transactions = page.getByRole("table", { name: "Transactions made elsewhere, newest first" });
  await expect(transactions.getByRole("row")).toHaveCount(5);
  await expect(transactions).toContainText("$451.17");

  // The same file again: every transaction is a duplicate, nothing to import.
  await importForm.getByLabel("Exchange and file type").selectOption("kraken");
  await importForm.getByLabel(/CSV file/).setInputFiles(KRAKEN);
  await importForm.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText("0 new, 5 duplicate, 2 with errors, 5 left out. Nothing is stored yet."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Import 0 transactions" })).toBeDisabled();

  // A typed sale larger than what is held elsewhere then is refused beside the quantity.
  const txForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add transaction" }) });
  await txForm.getByLabel("Type").selectOption("sell");
  await txForm.getByLabel("Asset").selectOption("BTC");
  await txForm.getByLabel("Quantity").fill("1");
  await txForm.getByLabel("Total received (USD)").fill("60000");
  await txForm.getByLabel("Date and time (UTC)").fill("2024-06-01T10:00");
  await txForm.getByRole("button", { name: "Add transaction" }).click();
  await expect(
    txForm.getByText("You held 0.00795 BTC elsewhere at that time; you cannot sell more than that."),
  ).toBeVisible();
  await txForm.getByLabel("Quantity").fill("0.005");
  await txForm.getByLabel("Total received (USD)").fill("340.50");
  await txForm.getByRole("button", { name: "Add transaction" }).click();
  await expect(page.getByText("Transaction added.")).toBeVisible();
  await expect(transactions.getByRole("row")).toHaveCount(6);
  await expect(transactions).toContainText("$340.50");
  await lookAt(page, "portfolio-accounts");

  // Another member: none of it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInNewMember(other, "accounts-other");
  await gotoHydrated(other, "/portfolio/accounts");
  await expect(other.getByRole("heading", { name: "No wallets watched yet" })).toBeVisible();
  await expect(other.getByRole("heading", { name: "No transactions made elsewhere yet" })).toBeVisible();
  await expect(other.getByRole("heading", { name: "No files imported yet" })).toBeVisible();
  await expect(other.getByText("Cold storage")).toHaveCount(0);
  await otherContext.close();

  // Deleting the import (confirmed) takes its transactions with it; the typed one stays.
  await imported.getByRole("button", { name: "Delete import kraken-ledgers.csv" }).click();
  await imported.getByRole("button", { name: /Yes, delete import/ }).click();
  await expect(page.getByText("Import deleted, with its transactions.")).toBeVisible();
  await expect(transactions.getByRole("row")).toHaveCount(2);
});
