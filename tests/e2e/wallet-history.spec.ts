import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated, waitForHydration } from "./hydration.ts";
import { type Credit, newSignedInMember, testApi } from "./member-session.ts";

// The dashboard's balance card, the wallet (currency, eye, Stake delay) and the
// transaction history (every filter, Clear, paging, CSV), each test with its own member whose
// balances come from real ledger entries (POST /api/test/trade) and whose older history rows come
// from POST /api/test/history (test-only, APP_ENV=test).

const PASSWORD = "Wallet-and-history-2026!";
test.describe.configure({ timeout: 120_000 });

/** A member with these credits, signed in and on a hydrated /dashboard; returns the e-mail. */
async function newMember(page: Page, credits: Credit[] = []) {
  const email = await newSignedInMember(page, { tag: "wallet", password: PASSWORD, credits });
  await waitForHydration(page);
  return email;
}

/** "$12,345.67" → 1234567 cents. */
function cents(text: string) {
  return Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
}

async function btcPriceCents(request: APIRequestContext) {
  const response = await request.get("/api/market/quotes");
  const body = (await response.json()) as { quotes: { symbol: string; priceUsd: string }[] };
  const btc = body.quotes.find((q) => q.symbol.toUpperCase() === "BTC");
  if (!btc) throw new Error("no BTC quote");
  return Math.round(Number(btc.priceUsd) * 100);
}

test.describe("dashboard", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`${name}: the balance card adds cash and coins at current prices, with shortcuts and banners`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await newMember(page, [
        { asset: "USD", amount: "250.5" },
        { asset: "BTC", amount: "0.5" },
      ]);
      const card = page.getByRole("region", { name: /Total balance/ });
      await expect(card.getByText("Real account")).toBeVisible();
      const price = await btcPriceCents(page.request);
      const total = cents((await page.getByTestId("total-balance").textContent()) ?? "");
      expect(Math.abs(total - (25_050 + price / 2))).toBeLessThanOrEqual(1);
      await expect(card.getByText(/Prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC/)).toBeVisible();
      await expect(card.getByText("Sample data")).toBeVisible();

      await expect(page.getByRole("link", { name: "Deposit", exact: true }).first()).toHaveAttribute(
        "href",
        "/deposit",
      );
      await expect(page.getByRole("link", { name: "Withdraw", exact: true }).first()).toHaveAttribute(
        "href",
        "/withdrawal",
      );
      await expect(page.getByRole("link", { name: "Stake", exact: true })).toHaveAttribute("href", "/wallet");
      const shortcuts = page.getByRole("navigation", { name: "Shortcuts" });
      for (const [label, href] of [
        ["Buy Crypto", "/buy"],
        ["Swap", "/swap"],
        ["History", "/transactions"],
        ["ETF tracker", "/etf"],
      ] as const) {
        await expect(shortcuts.getByRole("link", { name: label })).toHaveAttribute("href", href);
      }
      // One set of Deposit / Withdraw buttons: the balance card's, not repeated as tiles.
      await expect(page.getByRole("link", { name: "Deposit", exact: true })).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Withdraw", exact: true })).toHaveCount(1);
      const slider = page.getByRole("region", { name: "Highlights" });
      await expect(slider.getByText("You can be a winner by just trading")).toBeVisible();
      await expect(page.getByRole("heading", { name: "All Crypto Assets" })).toBeVisible();
      await expectNoA11yViolations(page);

      await slider.getByRole("button", { name: "Next slide" }).click();
      await expect(slider.getByText("Complete KYC Setup")).toBeInViewport();
      await expect(slider.getByRole("button", { name: "Next slide" })).toBeDisabled();
      await slider.getByRole("button", { name: "Previous slide" }).click();
      await expect(slider.getByText("You can be a winner by just trading")).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`dashboard-${name}.png`), fullPage: true });
    });
  }

  test("a new demo account shows its 10,000 virtual USD", async ({ page }) => {
    await newMember(page);
    await page
      .getByRole("button", { name: /Real account|Account:/ })
      .first()
      .click()
      .catch(() => undefined);
    const response = await page.request.get("/api/user");
    const body = (await response.json()) as {
      balances: Record<string, Record<string, { available: string }>>;
    };
    expect(body.balances.demo?.USD?.available).toBe("10000");
    expect(body.balances.real?.USD?.available).toBe("0");
    await page.request.post("/account/mode", { form: { mode: "demo" } });
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: /Total balance/ }).getByText("Demo account")).toBeVisible();
    await expect(page.getByTestId("total-balance")).toHaveText("$10,000.00");
  });
});

test.describe("wallet", () => {
  test("lists the 7 wallets; currency and eye are applied at once and remembered; Stake waits a second", async ({
    page,
  }) => {
    await newMember(page, [{ asset: "BTC", amount: "0.5" }]);
    await gotoHydrated(page, "/wallet");
    const wallets = page.getByRole("list", { name: "Your wallets" }).getByRole("listitem");
    await expect(wallets).toHaveCount(7);
    for (const name of ["Bitcoin", "Ethereum", "Solana", "BNB", "Bitcoin Cash", "TRON", "Tether"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    const btc = page.getByTestId("wallet-BTC");
    await expect(btc).toContainText("0.50000000");
    const usdValue = cents((await page.getByTestId("wallet-BTC-value").textContent()) ?? "");
    expect(usdValue).toBeGreaterThan(0);
    await expectNoA11yViolations(page);

    // Currency: EUR at the (sample) rate, stated on the page.
    await page.getByLabel("Currency").selectOption("EUR");
    await expect(page.getByTestId("wallet-BTC-value")).toHaveText(/^€/);
    await expect(page.getByText(/EUR at [\d.]+ per USD/)).toBeVisible();
    const eurRate = Number(
      /EUR at ([\d.]+) per USD/.exec((await page.getByText(/EUR at/).textContent()) ?? "")?.[1],
    );
    const eurValue = cents((await page.getByTestId("wallet-BTC-value").textContent()) ?? "");
    expect(Math.abs(eurValue - Math.round(usdValue * eurRate))).toBeLessThanOrEqual(1);

    // Eye: hides every amount.
    await page.getByRole("button", { name: "Hide balances" }).click();
    await expect(page.getByRole("button", { name: "Hide balances" })).toHaveAttribute("aria-pressed", "true");
    await expect(btc).not.toContainText("0.50000000");
    await expect(btc).toContainText("••••••");

    // Both choices are remembered: a reload renders them from the server.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "cl_display")?.value)
      .toBe("EUR.h");
    await page.reload();
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expect(btc).toContainText("••••••");
    await page.goto("/dashboard");
    await expect(page.getByTestId("total-balance")).toContainText("••••••");
    await gotoHydrated(page, "/wallet");
    await page.getByRole("button", { name: "Hide balances" }).click();
    await expect(btc).toContainText("0.50000000");
    await page.getByLabel("Currency").selectOption("GBP");
    await expect(page.getByTestId("wallet-BTC-value")).toHaveText(/^£/);

    // Stake: the button is disabled for about a second, then /stake?asset=BTC opens.
    const started = Date.now();
    await btc.getByRole("button", { name: "Stake BTC" }).click();
    await expect(btc.getByRole("button", { name: "Stake BTC" })).toBeDisabled();
    await page.waitForURL(/\/stake\?asset=BTC$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expect(page.getByRole("heading", { name: /Stake Bitcoin/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: /Stake Bitcoin/ })).toBeVisible();
  });

  test("Withdraw opens that coin's withdrawal; /stake without a wallet says so", async ({ page }) => {
    await newMember(page);
    await page.goto("/wallet");
    await page.getByTestId("wallet-USDT").getByRole("link", { name: "Withdraw USDT" }).click();
    await expect(page).toHaveURL(/\/usdt-withdrawal$/);
    await page.goto("/stake");
    await expect(page.getByText("No wallet selected for staking.")).toBeVisible();
    await expect(page.getByRole("link", { name: "wallet", exact: true })).toHaveAttribute("href", "/wallet");
    await page.goto("/stake?asset=DOGE");
    await expect(page.getByText("No wallet selected for staking.")).toBeVisible();
  });

  test("375 px: the wallet fits the screen and passes axe", async ({ page }) => {
    await page.setViewportSize(viewports.mobile);
    await newMember(page, [{ asset: "USDT", amount: "1234.5" }]);
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-USDT")).toContainText("1,234.50");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath("wallet-mobile.png"), fullPage: true });
  });
});

type Op = {
  ledger: "real" | "demo";
  type: string;
  status: string;
  asset: string;
  amount: string;
  daysAgo: number;
};

test.describe("transactions", () => {
  test("every filter is applied on the server and kept in the URL; Clear resets them; CSV matches", async ({
    page,
  }) => {
    const email = await newMember(page);
    const ops: Op[] = [
      { ledger: "real", type: "deposit", status: "completed", asset: "BTC", amount: "0.1", daysAgo: 1 },
      { ledger: "real", type: "withdrawal", status: "pending", asset: "USDT", amount: "50", daysAgo: 2 },
      { ledger: "real", type: "swap", status: "failed", asset: "ETH", amount: "1.5", daysAgo: 5 },
      { ledger: "real", type: "stake", status: "completed", asset: "SOL", amount: "10", daysAgo: 20 },
      { ledger: "real", type: "reward", status: "completed", asset: "SOL", amount: "0.25", daysAgo: 60 },
      { ledger: "real", type: "membership", status: "completed", asset: "USD", amount: "29", daysAgo: 200 },
    ];
    await testApi(page.request, "/api/test/history", { email, operations: ops });
    await gotoHydrated(page, "/transactions");
    const table = page.getByRole("table", { name: "Transactions" });
    // Six records plus the demo account's opening credit.
    await expect(page.getByText("Showing 1–7 of 7 transactions.")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(8);
    await expect(table.getByRole("columnheader")).toHaveText([
      "Date",
      "Type",
      "Amount",
      "Currency",
      "Status",
      "Account",
      "Help",
    ]);
    await expectNoA11yViolations(page);

    const cases: [string, string, RegExp, number][] = [
      ["Period", "3d", /period=3d/, 3],
      ["Period", "7d", /period=7d/, 4],
      ["Period", "30d", /period=30d/, 5],
      ["Period", "3m", /period=3m/, 6],
    ];
    for (const [label, value, url, rows] of cases) {
      await page.getByLabel(label).selectOption(value);
      await expect(page).toHaveURL(url);
      await expect(table.getByRole("row")).toHaveCount(rows + 1);
    }
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByLabel("Period")).toHaveValue("total");

    for (const [type, label] of [
      ["deposit", "Deposit"],
      ["withdrawal", "Withdrawal"],
      ["stake", "Stake"],
      ["reward", "Reward"],
      ["swap", "Swap"],
      ["membership", "Membership"],
    ] as const) {
      await page.getByLabel("Transaction type").selectOption(type);
      await expect(page).toHaveURL(new RegExp(`type=${type}`));
      const body = table.locator("tbody tr");
      await expect(body.first()).toContainText(label);
      for (const row of await body.all()) await expect(row.getByRole("cell").nth(1)).toHaveText(label);
    }
    await page.getByLabel("Transaction type").selectOption("");
    for (const [status, label, count] of [
      ["completed", "Completed", 5],
      ["pending", "Pending", 1],
      ["failed", "Failed", 1],
    ] as const) {
      await page.getByLabel("Status").selectOption(status);
      await expect(page).toHaveURL(new RegExp(`status=${status}`));
      await expect(table.locator("tbody tr")).toHaveCount(count);
      for (const row of await table.locator("tbody tr").all()) await expect(row).toContainText(label);
    }
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Account").selectOption("demo");
    await expect(page).toHaveURL(/account=demo/);
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(table.locator("tbody tr")).toContainText("10,000");
    await page.getByLabel("Account").selectOption("real");
    await expect(table.locator("tbody tr")).toHaveCount(6);

    // Filters live in the URL: a reload keeps them, and no match shows the empty state.
    await gotoHydrated(page, "/transactions?account=real&type=deposit&status=failed");
    await expect(page.getByRole("heading", { name: "No transactions match these filters" })).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("failed");
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(table.locator("tbody tr")).toHaveCount(7);

    // CSV of the filtered rows.
    await page.goto("/transactions?period=30d&account=real");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^coinlens-transactions-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await file.path()) ?? "", "utf8")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe(
      '"Date","Type","Amount","Currency","Status","Account","Received","Received currency","Reference"',
    );
    expect(csv).toHaveLength(5);
    expect(csv.slice(1).map((line) => line.split(",")[1])).toEqual([
      '"Deposit"',
      '"Withdrawal"',
      '"Swap"',
      '"Stake"',
    ]);

    // The API gives the same rows, scoped to the session.
    const api = await page.request.get("/api/transactions?period=30d&account=real");
    const json = (await api.json()) as { transactions: { type: string; amount: string }[]; total: number };
    expect(json.total).toBe(4);
    expect(json.transactions.map((t) => t.type)).toEqual(["deposit", "withdrawal", "swap", "stake"]);
    expect(json.transactions[0]?.amount).toBe("0.1");
  });

  test("pages of 20 with Previous and Next keeping the filters", async ({ page }) => {
    const email = await newMember(page);
    const ops: Op[] = Array.from({ length: 45 }, (_, i) => ({
      ledger: "real",
      type: "deposit",
      status: "completed",
      asset: "USD",
      amount: String(i + 1),
      daysAgo: i / 100,
    }));
    await testApi(page.request, "/api/test/history", { email, operations: ops });
    await page.goto("/transactions?account=real");
    const rows = page.getByRole("table", { name: "Transactions" }).locator("tbody tr");
    await expect(page.getByText("Page 1 of 3")).toBeVisible();
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText("1");
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/account=real&page=2/);
    await expect(page.getByText("Showing 21–40 of 45 transactions matching your filters.")).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(rows).toHaveCount(5);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(rows.last()).toContainText("45");
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectNoA11yViolations(page);
  });

  test("375 px: filters open in a dialog and the rows read as a list", async ({ page }) => {
    await page.setViewportSize(viewports.mobile);
    const email = await newMember(page);
    await testApi(page.request, "/api/test/history", {
      email,
      operations: [
        { ledger: "real", type: "withdrawal", status: "pending", asset: "BTC", amount: "0.01", daysAgo: 1 },
        { ledger: "real", type: "deposit", status: "completed", asset: "BTC", amount: "0.02", daysAgo: 2 },
      ],
    });
    await gotoHydrated(page, "/transactions");
    await expect(page.getByRole("table")).toBeHidden();
    const list = page.getByRole("list", { name: "Transactions" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog", { name: "Filter transactions" });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByLabel("Transaction type").selectOption("withdrawal");
    await dialog.getByLabel("Status").selectOption("pending");
    await dialog.getByRole("button", { name: "Apply filters" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/type=withdrawal&status=pending/);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("0.01 BTC");
    await expect(list).toContainText("Pending");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("transactions-mobile.png"), fullPage: true });
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(3);
  });

  test("another member's history is never shown, and the API needs a session", async ({ page, browser }) => {
    const email = await newMember(page);
    await testApi(page.request, "/api/test/history", {
      email,
      operations: [
        { ledger: "real", type: "swap", status: "completed", asset: "ETH", amount: "7.77", daysAgo: 1 },
      ],
    });
    const other = await browser.newPage();
    await newMember(other);
    await other.goto("/transactions?type=swap");
    await expect(other.getByRole("heading", { name: "No transactions match these filters" })).toBeVisible();
    const api = await other.request.get("/api/transactions?type=swap");
    expect(((await api.json()) as { total: number }).total).toBe(0);
    await other.close();
    const anonymous = await page.request.fetch("/api/transactions", { headers: { cookie: "" } });
    expect(anonymous.status()).toBe(401);
  });
});
