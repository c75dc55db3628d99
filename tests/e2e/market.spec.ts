import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { formatExpenseRatio, formatNumber, formatUsd } from "../../app/domain/market-data/format.ts";
import { createSampleEtfProvider } from "../../app/domain/market-data/sample-etf.server.ts";
import { etfDirectory, etfSymbols } from "../../app/domain/market-data/types.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated, waitForHydration } from "./hydration.ts";
import { freePort, type ServerProcess, startServer, waitForReady } from "./server-process.ts";

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
  test.slow(); // an axe scan of a whole page takes longer than 30 s on a loaded machine
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
  test.slow(); // sign-in, a 100-row table and an axe scan
  await signIn(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Crypto Assets" })).toBeVisible();
  const rows = page.getByTestId("screener-row");
  // The server renders the first rows; the rest when the table comes near the screen (ADR 0095).
  await page.getByRole("region", { name: "Crypto assets table" }).scrollIntoViewIfNeeded();
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
  await expect(page.getByRole("link", { name: "Set a Recurring Purchase" })).toHaveAttribute(
    "href",
    "/recurring",
  );
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
  test.slow(); // sign-in and an axe scan
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
  test.slow(); // an axe scan of a whole page takes longer than 30 s on a loaded machine
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

/**
 * The 'Sample data' label as a person meets it: the badge's own text (not a headline or summary
 * that happens to contain the words), on screen inside the page's width, at a readable size. Its
 * colour contrast is left to the axe scan that follows on every page.
 */
async function expectSampleLabel(page: Page, scope: Locator) {
  const label = scope.getByText("Sample data", { exact: true });
  await expect(label).toHaveCount(1);
  await expect(label).toBeVisible();
  await expect(label).toHaveText("Sample data");
  // The dashboard's first-run checklist can put the screener below the fold: scrolled to, the
  // label must then be on screen (not clipped or pushed off the side).
  await label.scrollIntoViewIfNeeded();
  await expect(label).toBeInViewport();
  const box = await label.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, "the label fits the page's width").toBe(true);
  const fontPx = await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(fontPx).toBeGreaterThanOrEqual(12);
}

test.describe("every market page says when it shows sample data", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`/news, /etf, /etfabout and the screener at ${name} width`, async ({ page }) => {
      test.slow(); // four pages, four axe scans
      await page.setViewportSize(viewport);
      await signIn(page, "/news");
      await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
      await expectSampleLabel(page, page.getByRole("main"));
      // The label says what it means on hover, as on the price labels.
      await expect(
        page.getByRole("main").getByTitle("Offline sample headlines for demonstration, not live news"),
      ).toHaveText("Sample data");
      await expectNoA11yViolations(page);

      await gotoHydrated(page, "/etf");
      const featured = page.getByRole("region", { name: "Featured ETFs" });
      await expectSampleLabel(page, featured);
      await expect(
        featured.getByText(/^Prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/),
      ).toBeVisible();
      // The flows table, a second source, says so too.
      await expect(page.getByText(/in US\$ millions\. Sample data\.$/)).toBeVisible();
      await expectNoA11yViolations(page);

      await gotoHydrated(page, "/etfabout?symbol=FBTC");
      await expect(
        page.getByRole("heading", { level: 1, name: "Fidelity Wise Origin Bitcoin Fund" }),
      ).toBeVisible();
      await expectSampleLabel(page, page.getByRole("main"));
      await expect(
        page.getByRole("main").getByTitle("Offline sample prices for demonstration, not live market data"),
      ).toHaveText("Sample data");
      await expectNoA11yViolations(page);

      await gotoHydrated(page, "/dashboard");
      const screenerHead = page.getByRole("heading", { name: "All Crypto Assets" }).locator("..");
      await expectSampleLabel(page, screenerHead);
      await expectNoA11yViolations(page);
    });
  }
});

/** What the sample provider sent when the server last refreshed the ETFs (it is deterministic). */
async function recordedEtfSnapshot(request: APIRequestContext) {
  const response = await request.get("/api/etfs/IBIT");
  expect(response.status()).toBe(200);
  const asOf: string = (await response.json()).quote.asOf;
  return createSampleEtfProvider(() => new Date(asOf)).fetchEtfs(etfSymbols);
}

test("Financials of all twelve funds show the sample provider's figures and each expense ratio", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // twelve pages on a shared machine
  const snapshot = await recordedEtfSnapshot(request);
  await signIn(page, "/etffinancials?symbol=IBIT");
  for (const info of etfDirectory) {
    const quote = snapshot.quotes.find((q) => q.symbol === info.symbol);
    const bars = snapshot.bars.find((b) => b.symbol === info.symbol)?.bars ?? [];
    const last = bars.at(-1);
    if (!quote || !last) throw new Error(`the sample provider sent nothing for ${info.symbol}`);
    const yearAgo = `${Number(last.day.slice(0, 4)) - 1}${last.day.slice(4)}`;
    const year = bars.filter((b) => b.day > yearAgo);
    const last30 = bars.slice(-30);
    const expected: Record<string, string> = {
      Open: formatUsd(last.open),
      High: formatUsd(last.high),
      Low: formatUsd(last.low),
      "52 week high": formatUsd(Math.max(...year.map((b) => Number(b.high)))),
      "52 week low": formatUsd(Math.min(...year.map((b) => Number(b.low)))),
      Volume: formatNumber(last.volume, { compact: true }),
      "Avg Vol (30 days)": formatNumber(
        last30.reduce((sum, b) => sum + Number(b.volume), 0) / last30.length,
        {
          compact: true,
        },
      ),
      "Assets under management": formatUsd(quote.aumUsd, { compact: true }),
      // Each issuer's published ratio, pinned per fund in format.test.ts.
      "Expense ratio": formatExpenseRatio(info.expenseRatioBps),
      "P/E Ratio": "Not applicable",
      "Div/Yield": "Not applicable",
    };

    await gotoHydrated(page, `/etffinancials?symbol=${info.symbol}`);
    await expect(page.getByRole("heading", { level: 1, name: info.name })).toBeVisible();
    await expect(page.getByTestId("etf-price")).toHaveText(formatUsd(quote.priceUsd));
    const panel = page.getByRole("tabpanel", { name: "Financials" });
    await expect(panel).toBeVisible();
    const shown: Record<string, string> = {};
    for (const label of Object.keys(expected)) {
      const value = panel.getByText(label, { exact: true }).locator("xpath=following-sibling::dd[1]");
      shown[label] = (await value.textContent()) ?? "";
    }
    expect(shown, info.symbol).toEqual(expected);
    // No figure is left blank: every one came from the cache.
    expect(
      Object.values(shown).filter((v) => v === "—"),
      info.symbol,
    ).toEqual([]);
  }
  await expectNoA11yViolations(page);
});

// Stale prices need a server of their own: a backdated price (test-only control, APP_ENV=test with
// sample data) must not be refreshed away by the next sweep, nor make the shared server's swaps
// refuse while other tests run. MARKET_DATA_SWEEP_SECONDS=3600 leaves only the start-up sweep; a
// freshness limit of 300 s instead of the default 600 s shows that every page uses the setting.
test.describe("stale prices are labelled", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  let dir: string;
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dir = mkdtempSync(path.join(tmpdir(), "coinlens-stale-"));
    server = startServer(await freePort(), {
      DATA_DIR: path.join(dir, "data"),
      MARKET_DATA_SWEEP_SECONDS: "3600",
      MARKET_DATA_STALE_SECONDS: "300",
    });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function setBtc(ageSeconds: number) {
    const response = await fetch(`${server.url}/api/test/market/price`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ symbol: "BTC", priceUsd: "31000", ageSeconds }),
    });
    expect(response.status).toBe(200);
  }
  // The quotes endpoint shares its answer for up to a second, until the change notification arrives.
  const quotesStale = async () => (await (await fetch(`${server.url}/api/market/quotes`)).json()).stale;

  test("a price older than the freshness limit marks the ticker, the home page and the screener", async ({
    page,
  }) => {
    await page.setViewportSize(viewports.desktop);
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/stream/quotes"));
    await gotoHydrated(page, `${server.url}/about`);
    await stream;
    const tape = page.getByRole("region", { name: "Market prices" });
    await expect(tape.getByText("Sample data", { exact: true })).toBeVisible();

    // Four minutes old, inside the five-minute limit: fresh, no label.
    await setBtc(240);
    await expect.poll(quotesStale).toBe(false);
    await gotoHydrated(page, `${server.url}/`);
    await expect(page.getByText(/sample prices \(not live\)/)).toBeVisible();
    await expect(page.getByText(/out of date/)).toHaveCount(0);
    await expect(tape.getByText("Stale", { exact: true })).toHaveCount(0);

    // Seven minutes old: the open page is told over Server-Sent Events, without a reload.
    await setBtc(420);
    await expect.poll(quotesStale).toBe(true);
    const label = tape.getByText("Stale", { exact: true });
    await expect(label).toBeVisible({ timeout: 10_000 });
    await expect(label).toHaveText("Stale");
    await expectNoA11yViolations(page);
    // And a page rendered now says so from the server.
    await gotoHydrated(page, `${server.url}/`);
    await expect(
      page.getByText(/These prices are out of date\. Prices are for information only\./),
    ).toBeVisible();
    await expect(tape.getByText("Stale", { exact: true })).toBeVisible();

    await page.goto(`${server.url}/login?redirectTo=%2Fdashboard`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password").fill(demo.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await waitForHydration(page);
    const screenerHead = page.getByRole("heading", { name: "All Crypto Assets" }).locator("..");
    const stale = screenerHead.getByText("Stale prices", { exact: true });
    await expect(stale).toBeVisible();
    await expect(screenerHead.getByText("Sample data", { exact: true })).toBeVisible();
    await expect(
      screenerHead.getByText(/^Prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.setViewportSize(viewports.mobile);
    await stale.scrollIntoViewIfNeeded();
    await expect(stale).toBeInViewport();

    // A fresh price takes the label away again.
    await setBtc(0);
    await expect.poll(quotesStale).toBe(false);
    await page.reload();
    await waitForHydration(page);
    await expect(screenerHead.getByText("Sample data", { exact: true })).toBeVisible();
    await expect(screenerHead.getByText("Stale prices", { exact: true })).toHaveCount(0);
  });
});
