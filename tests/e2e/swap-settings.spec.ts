import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { definitionValue, expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { freePort, type ServerProcess, startServer, waitForReady } from "./server-process.ts";

// Swaps under operator settings the shared browser-test server does not use, each group on a
// server of its own (a free port, its own data directory; tests/e2e/server-process.ts):
// - a swap fee (SWAP_FEE_BPS) shows everywhere a member reads about swaps: the form's note, the
//   quote's Fee line, what arrives, and the marketing page, which then stops promising "no swap
//   fees";
// - a short quote life (SWAP_QUOTE_SECONDS=5), so the server's own clock can pass a quote's expiry
//   within the test: the server refuses to execute it, whatever the browser sends.

const dir = mkdtempSync(path.join(tmpdir(), "coinlens-swap-settings-"));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PASSWORD = "Swap-settings-member-2026!";
let counter = 0;

/** A verified member with 1 BTC on the real ledger, signed in on `server`. */
async function signInWithOneBtc(page: Page, server: ServerProcess) {
  const email = `swap-settings-${Date.now()}-${process.pid}-${++counter}@coinlens.test`;
  for (const data of [
    { action: "member", email, password: PASSWORD },
    { action: "credit", email, ledger: "real", asset: "BTC", amount: "1" },
  ]) {
    const response = await page.request.post(`${server.url}/api/test/trade`, { data });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/, { timeout: 20_000 });
}

async function realBalances(page: Page, server: ServerProcess) {
  const user = await page.request.get(`${server.url}/api/user`);
  return ((await user.json()) as { balances: { real: Record<string, { available: string }> } }).balances.real;
}

test.describe("with a 0.30 % swap fee", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = startServer(await freePort(), { DATA_DIR: path.join(dir, "fee"), SWAP_FEE_BPS: "30" });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test("the marketing page names the fee instead of promising none", async ({ page }) => {
    await page.goto(`${server.url}/crypto-trading`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trade crypto at a quoted price");
    await expect(page.getByText("Fee and spread shown")).toBeVisible();
    await expect(page.getByText(/a swap fee of 0\.30 %, both shown before you confirm\./)).toBeVisible();
    await expect(page.getByText(/no swap fee/i)).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("the quote shows the fee, taken from what the member receives, and the balance gets the rest", async ({
    page,
  }) => {
    await signInWithOneBtc(page, server);

    await gotoHydrated(page, `${server.url}/swap`);
    await expect(
      page.getByText("Rate from current market prices with a 0.50 % spread and a 0.30 % fee."),
    ).toContainText("The quote holds for 30 seconds.");
    await page.getByLabel("From", { exact: true }).fill("0.1");
    await page.getByRole("button", { name: "Continue" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm swap" });
    const row = (label: string) => definitionValue(dialog, label);
    await expect(row("You pay")).toHaveText("0.1 BTC");
    // The rate reads both ways, at each coin's display decimals
    await expect(row("Rate")).toContainText("1 BTC = 18.144117 ETH");
    await expect(row("Rate")).toContainText("1 ETH = 0.05511429 BTC");
    await expect(row("Spread")).toHaveText("0.50 %");
    // 0.1 × 31000 / 1700 × 0.995 = 1.814411764 ETH before the fee; the fee, 0.30 % of that
    // rounded up to the last unit, is 0.005443236 ETH; the member receives the difference.
    await expect(row("Fee")).toHaveText("0.005443236 ETH");
    await expect(row("You receive")).toHaveText("1.808968528 ETH");
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Confirm swap" }).click();
    await expect(page.getByRole("dialog").getByText("Successfully swapped BTC.")).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();

    const balances = await realBalances(page, server);
    expect(balances.BTC?.available).toBe("0.9");
    expect(balances.ETH?.available).toBe("1.808968528");
  });
});

test.describe("with quotes that hold 5 seconds", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = startServer(await freePort(), { DATA_DIR: path.join(dir, "short"), SWAP_QUOTE_SECONDS: "5" });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test("the server refuses a quote past its expiry, even when the browser sends it; nothing moves", async ({
    page,
  }) => {
    await signInWithOneBtc(page, server);
    await gotoHydrated(page, `${server.url}/swap`);
    await page.getByLabel("From", { exact: true }).fill("0.1");
    await page.getByRole("button", { name: "Continue" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm swap" });
    const quoteId = await dialog.locator('input[name="quoteId"]').inputValue();
    expect(quoteId).not.toBe("");
    await expect(dialog.getByRole("timer")).toHaveText("This quote has expired. Please get a new quote.", {
      timeout: 15_000,
    });
    // The page no longer offers to confirm; a hand-made request for the same quote is refused
    // by the server's own clock.
    await page.waitForTimeout(1_000);
    const refused = await page.request.post(`${server.url}/swap`, {
      form: { intent: "confirm", quoteId },
      headers: { origin: server.url },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("This quote has expired. Please get a new quote.");
    const balances = await realBalances(page, server);
    expect(balances.BTC?.available).toBe("1");
    expect(balances.ETH?.available ?? "0").toBe("0");
  });
});
