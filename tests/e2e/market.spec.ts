import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated, waitForHydration } from "./hydration.ts";

// The seeded demo member (db/seed.ts → app/domain/accounts/demo-member.server.ts): the market
// pages live in the signed-in area.
const demo = { email: "demo@coinlens.test", password: "Coinlens-demo-2026!" };

async function signIn(page: Page, path: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0], { timeout: 20_000 });
  await waitForHydration(page);
}

test("the ticker tape shows the seven coins with sample prices and a 'Sample data' label", async ({
  page,
}) => {
  await page.setViewportSize(viewports.mobile);
  await gotoHydrated(page, "/");
  const tape = page.getByRole("region", { name: "Market prices" });
  await expect(tape).toBeVisible();
  const symbols = await tape
    .locator("ul:not([aria-hidden]) li")
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-symbol")));
  expect(symbols).toEqual(["BCH", "BNB", "BTC", "ETH", "SOL", "TRX", "USDT"]);
  await expect(tape.getByTestId("ticker-price-BTC").first()).toHaveText("$31,000.00");
  await expect(tape.getByTestId("ticker-price-USDT").first()).toHaveText("$1.00");
  await expect(tape.getByText("Sample data")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the ticker stands still for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize(viewports.mobile);
  await gotoHydrated(page, "/about");
  const track = page.locator(".ticker-track");
  await expect(track).toHaveCSS("animation-name", "none");
  await expect(page.locator(".ticker-copy")).toBeHidden();
});

test("the dashboard screener sorts by price and finds a coin by name", async ({ page }) => {
  await signIn(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Crypto Assets" })).toBeVisible();
  const rows = page.getByTestId("screener-row");
  await expect(rows).toHaveCount(100);
  await expect(page.getByRole("region", { name: "Crypto assets table" })).toHaveCSS("height", "550px");

  const priceHeader = page.getByRole("columnheader", { name: /Price/ });
  await priceHeader.getByRole("button").click();
  await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toContainText("Bitcoin");
  await priceHeader.getByRole("button").click();
  await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first()).toContainText("Pepe");

  await page.getByLabel("Search coins").fill("sol");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Solana");
  await expect(rows.first()).toContainText("$90.00");
  await page.getByLabel("Search coins").fill("no such coin");
  await expect(page.getByText("No coin matches")).toBeVisible();
  await page.getByLabel("Search coins").fill("");
  await expectNoA11yViolations(page);
});

test("ETF list → detail → tabs → reload keeps the fund and the tab", async ({ page }) => {
  test.slow(); // four pages, five axe scans and a lazily loaded chart
  await signIn(page, "/etf");
  await expect(page.getByRole("heading", { level: 1, name: "Invest" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fixed Returns" })).toHaveAttribute("href", "/fixed-etf");
  const cards = page.getByRole("region", { name: "Featured ETFs" }).getByRole("listitem");
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole("link", { name: /Hashdex Bitcoin ETF.*\$79\.05/ })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Daily net flows table" }).getByRole("row", { name: /^Total/ }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: /iShares Bitcoin Trust ETF/ }).click();
  await expect(page).toHaveURL(/\/etfabout\?symbol=IBIT$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "iShares Bitcoin Trust ETF" })).toBeVisible();
  await expect(page.getByTestId("etf-price")).toHaveText("$38.52");
  await expect(page.getByText(/^Market (Open|Closed)$/)).toBeVisible();
  await expect(page.getByTestId("range-note")).toContainText("52-week");
  await expect(page.getByRole("link", { name: "Set a Recurring Purchase" })).toHaveAttribute("href", "/buy");
  await expect(page.getByTestId("price-chart").locator("canvas").first()).toBeAttached({ timeout: 15_000 });
  await page.getByRole("button", { name: "1Y" }).click();
  await expect(page.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
  await expectNoA11yViolations(page);

  await page.getByRole("tab", { name: "Financials" }).click();
  await expect(page).toHaveURL(/symbol=IBIT&tab=financials/);
  const financials = page.getByRole("tabpanel", { name: "Financials" });
  for (const label of [
    "Open",
    "High",
    "Low",
    "52 week high",
    "52 week low",
    "Volume",
    "Avg Vol (30 days)",
    "Assets under management",
  ]) {
    await expect(financials.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(financials.getByText("Not applicable")).toHaveCount(2);
  await expectNoA11yViolations(page);

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Financials" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 1, name: "iShares Bitcoin Trust ETF" })).toBeVisible();

  await page.getByRole("tab", { name: "News" }).click();
  const news = page.getByRole("tabpanel", { name: "News" });
  await expect(news.getByRole("link", { name: /BlackRock's IBIT/ })).toHaveAttribute(
    "rel",
    "noopener noreferrer",
  );
  await expectNoA11yViolations(page);
});

test("/etffinancials opens the Financials tab of the fund in the address", async ({ page }) => {
  await signIn(page, "/etffinancials?symbol=BITB");
  await expect(page.getByRole("heading", { level: 1, name: "Bitwise Bitcoin ETF" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Financials" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("etf-price")).toHaveText("$36.63");
  await expectNoA11yViolations(page);
});

test("news: the coin filter narrows the timeline and paging moves through it", async ({ page }) => {
  test.slow();
  await signIn(page, "/news");
  await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  const items = page.getByTestId("news-item");
  await expect(items).toHaveCount(10);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  const first = items.first().getByRole("link").first();
  await expect(first).toHaveAttribute("target", "_blank");
  await expect(first).toHaveAttribute("rel", "noopener noreferrer");
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(items).toHaveCount(2);

  await page.getByLabel("Coin or ETF").selectOption("SOL");
  await expect(page).toHaveURL(/coin=SOL/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Solana");
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a price change on the server reaches an open page over Server-Sent Events", async ({
  page,
  request,
}) => {
  await page.setViewportSize(viewports.desktop);
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/stream/quotes"));
  await gotoHydrated(page, "/faq");
  await stream;
  const eth = page.getByTestId("ticker-price-ETH").first();
  await expect(eth).toHaveText("$1,700.00");
  // Test-only endpoint (APP_ENV=test with sample data; a 404 anywhere else): sets the price and
  // sends the PostgreSQL NOTIFY every app server listens to.
  const response = await request.post("/api/test/market/price", {
    data: { symbol: "ETH", priceUsd: "1834.25" },
  });
  expect(response.status()).toBe(200);
  await expect(eth).toHaveText("$1,834.25", { timeout: 10_000 });
  await expectNoA11yViolations(page);
  // Put the sample price back for other tests.
  await request.post("/api/test/market/price", { data: { symbol: "ETH", priceUsd: "1700" } });
});

test("the JSON endpoints answer from the cache", async ({ request }) => {
  const quotes = await (await request.get("/api/market/quotes")).json();
  expect(quotes.quotes.map((q: { symbol: string }) => q.symbol)).toEqual([
    "BTC",
    "ETH",
    "SOL",
    "BNB",
    "BCH",
    "TRX",
    "USDT",
  ]);
  expect(quotes).toMatchObject({ stale: false, sample: true });
  const markets = await (await request.get("/api/market/markets?limit=5")).json();
  expect(markets.markets).toHaveLength(5);
  const fx = await (await request.get("/api/market/fx")).json();
  expect(fx.rates.map((r: { currency: string; perUsd: string }) => `${r.currency} ${r.perUsd}`)).toEqual([
    "USD 1",
    "EUR 0.85",
    "GBP 0.75",
    "NGN 1458.65",
  ]);
  const etfs = await (await request.get("/api/etfs")).json();
  expect(etfs.funds).toHaveLength(12);
  expect((await request.get("/api/etfs/NOPE")).status()).toBe(404);
  const news = await (await request.get("/api/news?tag=IBIT")).json();
  expect(news.items.length).toBeGreaterThan(0);
});
