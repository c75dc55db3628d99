import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext, testApi } from "./member-session.ts";

// The portfolio overview (issue 19, ADR 0078): a funded member reaches /portfolio from the
// dashboard, the avatar menu and /pmi, sees the total, the split by source, the allocation chart
// and the holdings table (real account only: demo money is never in it), switches the display
// currency to EUR (the same cl_display choice as the wallet) and hides amounts. A new member gets
// the empty state; a second member sees only their own; a visitor is sent to sign in. Axe on
// every state, the section nav by keyboard, and screenshots at 375 and 1280 px.

test.describe.configure({ mode: "serial", timeout: 150_000 });

const PASSWORD = "Portfolio-overview-2026!";
const SHOTS = process.env.SCREENSHOTS_DIR ?? "/tmp/overview-shots";
const MONEY = /^[$€£][\d,]+\.\d{2}$/;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

const holdings = (page: Page) => page.getByRole("region", { name: "Holdings by asset" });

test("a visitor to /portfolio is sent to sign in; /pmi offers to join or sign in", async ({ page }) => {
  await page.goto("/portfolio");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();

  await gotoHydrated(page, "/pmi");
  await expect(page.getByRole("link", { name: "Register", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Open your portfolio", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to open your portfolio" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fportfolio",
  );
});

test("a new member sees what the tracker does and how to start", async ({ browser }) => {
  const { page } = await newMemberInOwnContext(browser, { tag: "pf-empty", password: PASSWORD });
  await gotoHydrated(page, "/portfolio");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing in your portfolio yet" })).toBeVisible();
  await expect(page.getByTestId("portfolio-total")).toHaveText("$0.00");
  await expect(page.getByRole("link", { name: "Deposit" })).toHaveAttribute("href", "/deposit");
  await expect(page.getByRole("link", { name: "Add holdings kept elsewhere" })).toHaveAttribute(
    "href",
    "/portfolio/accounts",
  );
  await expect(holdings(page)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.setViewportSize(viewports.mobile);
  await shot(page, "overview-empty-375.png");
  await page.context().close();
});

test("a funded member: total, split, allocation and holdings, in EUR, hidden; demo money never counted; nobody else's", async ({
  browser,
}) => {
  const { page, email } = await newMemberInOwnContext(browser, {
    tag: "pf-funded",
    password: PASSWORD,
    credits: [
      { asset: "USD", amount: "1000" },
      { asset: "BTC", amount: "0.5" },
      // Demo money: practice, never in the tracker.
      { asset: "ETH", amount: "10", ledger: "demo" },
    ],
  });
  const other = await newMemberInOwnContext(browser, {
    tag: "pf-other",
    password: PASSWORD,
    credits: [{ asset: "SOL", amount: "40" }],
  });

  // The way in from the dashboard, just under the balance card.
  await gotoHydrated(page, "/dashboard");
  await page.getByRole("link", { name: /Open your portfolio/ }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  // On a wide screen the top bar names it too, marked as the current page.
  await page.setViewportSize(viewports.desktop);
  await expect(
    page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Portfolio" }),
  ).toHaveAttribute("aria-current", "page");
  const sections = page.getByRole("navigation", { name: "Portfolio sections" });
  await expect(sections.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");

  const total = page.getByTestId("portfolio-total");
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
  // Everything is on Coinlens: the split says so to the cent.
  await expect(page.getByTestId("value-coinlens")).toHaveText((await total.textContent()) ?? "");
  await expect(page.getByTestId("value-elsewhere")).toHaveText("$0.00");
  await expect(page.getByText(/Sample data/).first()).toBeVisible();
  await expect(page.getByTestId("day-change")).toContainText("in 24 h");

  const table = holdings(page);
  await expect(table.getByRole("columnheader")).toHaveText([
    "Asset",
    "Quantity",
    "Price",
    "Value",
    "Share",
    "24 h",
  ]);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByTestId("holding-BTC")).toContainText("0.5");
  await expect(page.getByTestId("holding-USD")).toContainText("$1,000.00");
  await expect(page.getByTestId("holding-ETH")).toHaveCount(0);
  await expect(page.getByTestId("holding-SOL")).toHaveCount(0);
  // The shares shown add up to 100 %.
  const shares = await table.locator("tbody tr td:nth-child(5)").allTextContents();
  const bps = shares.map((s) => Math.round(Number(s.replace("%", "")) * 100));
  expect(bps.reduce((a, b) => a + b, 0)).toBe(10_000);
  // The chart says in words what it draws.
  await expect(page.getByRole("img", { name: /Share of total value by asset/ })).toBeVisible();
  await expect(page.getByRole("figure").getByRole("listitem")).toHaveCount(2);
  await expectNoA11yViolations(page);

  await page.setViewportSize(viewports.desktop);
  await shot(page, "overview-usd-1280.png");
  await page.setViewportSize(viewports.mobile);
  await shot(page, "overview-usd-375.png");
  await page.setViewportSize(viewports.desktop);

  // EUR, the same choice as the wallet's (one cookie): the page changes at once, and stays.
  await page.getByLabel("Currency").selectOption("EUR");
  await expect(total).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("holding-USD")).toContainText("€");
  await expect(page.getByText(/EUR at [\d.]+ per USD/)).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "cl_display")?.value)
    .toBe("EUR.s");
  await page.reload();
  await expect(total).toHaveText(/^€[\d,]+\.\d{2}$/);
  await gotoHydrated(page, "/wallet");
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  await gotoHydrated(page, "/portfolio");
  await expect(total).toHaveText(MONEY);
  await shot(page, "overview-eur-1280.png");

  // Hidden amounts, as on the dashboard: no figure of money or quantity shows.
  await page.getByRole("button", { name: "Hide balances" }).click();
  await expect(total).toHaveText(/••••••/);
  await expect(page.getByTestId("holding-BTC")).not.toContainText("0.5");
  await expect(page.getByTestId("holding-USD")).not.toContainText("1,000");
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "cl_display")?.value)
    .toBe("EUR.h");
  await page.reload();
  await expect(total).toHaveText(/••••••/);
  await page.getByRole("button", { name: "Hide balances" }).click();
  await expect(total).toHaveText(MONEY);

  // The section nav by keyboard: each section in order, then back.
  await sections.getByRole("link", { name: "Overview" }).focus();
  for (const name of ["Performance", "Gains and income", "Insights", "Holdings elsewhere"]) {
    await page.keyboard.press("Tab");
    await expect(sections.getByRole("link", { name })).toBeFocused();
  }
  for (const name of ["Insights", "Gains and income", "Performance", "Overview"]) {
    await page.keyboard.press("Shift+Tab");
    await expect(sections.getByRole("link", { name })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/portfolio$/);

  // The second member sees only their own: SOL, none of the first member's holdings.
  await gotoHydrated(other.page, "/portfolio");
  await expect(other.page.getByTestId("holding-SOL")).toContainText("40");
  await expect(holdings(other.page).getByRole("row")).toHaveCount(2);
  await expect(other.page.getByTestId("holding-BTC")).toHaveCount(0);
  await expect(other.page.getByTestId("holding-USD")).toHaveCount(0);
  await expect(other.page.getByTestId("portfolio-total")).toHaveText(/^\$/);

  // In demo mode, the page says the tracker follows the real account and shows the same figures.
  const before = await page.getByTestId("holding-BTC").textContent();
  await testApi(page.request, "/api/test/trade", {
    action: "credit",
    email,
    ledger: "demo",
    asset: "BTC",
    amount: "3",
  });
  await page.request.post("/account/mode", { form: { mode: "demo" }, headers: { referer: "/portfolio" } });
  await gotoHydrated(page, "/portfolio");
  await expect(page.getByRole("note")).toContainText("The portfolio tracker follows your real account only");
  await expect(page.getByTestId("holding-BTC")).toHaveText(before ?? "");
  await expect(page.getByTestId("holding-ETH")).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.setViewportSize(viewports.mobile);
  await shot(page, "overview-demo-375.png");
  await page.getByRole("button", { name: "Switch to real account" }).click();
  await expect(page.getByRole("note")).toHaveCount(0);
  await other.page.context().close();
  await page.context().close();
});

test("the ways in: the avatar menu and /pmi's call to action reach /portfolio", async ({ browser }) => {
  const { page } = await newMemberInOwnContext(browser, {
    tag: "pf-ways",
    password: PASSWORD,
    credits: [{ asset: "USDT", amount: "250" }],
  });
  await page.setViewportSize(viewports.desktop);
  await gotoHydrated(page, "/dashboard");
  await shot(page, "dashboard-1280.png");
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByTestId("holding-USDT")).toContainText("250");

  await gotoHydrated(page, "/pmi");
  await expect(page.getByRole("link", { name: "Register", exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await shot(page, "pmi-member-1280.png");
  await page.setViewportSize(viewports.mobile);
  await shot(page, "pmi-member-375.png");
  await gotoHydrated(page, "/dashboard");
  await shot(page, "dashboard-375.png");
  await gotoHydrated(page, "/pmi");
  await page.getByRole("link", { name: "Open your portfolio", exact: true }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByTestId("holding-USDT")).toBeVisible();
  await page.context().close();
});
