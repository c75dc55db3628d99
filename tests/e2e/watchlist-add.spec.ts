import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// "Add to watchlist" (issue 19): from a screener row a member makes a list holding SOL and sees it
// on /watchlists; the same control works without JavaScript (a plain form POST that comes back to
// the page) and on a research piece's asset tags; a second member's menu never shows the first
// member's lists. SCREENSHOTS_DIR saves the pages at both widths.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const shots = process.env.SCREENSHOTS_DIR;

async function lookAt(page: Page, name: string) {
  await expectNoA11yViolations(page);
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${label}: no sideways scrolling`).toBeLessThanOrEqual(viewport.width);
    if (shots) await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`) });
  }
  await page.setViewportSize(viewports.desktop);
}

const menuOf = (page: Page, symbol: string) => page.getByTestId(`watchlist-menu-${symbol}`);

test("SOL from the screener into a new list, seen on /watchlists; another member sees none of it", async ({
  page,
  browser,
}) => {
  // Signed out, the public market snapshot offers a sign-in instead.
  await page.goto("/");
  await expect(
    page
      .locator("[data-slot=market-snapshot]")
      .getByRole("link", { name: "Sign in to add coins to a watchlist" }),
  ).toHaveAttribute("href", "/login?redirectTo=%2Fdashboard");
  await signInNewMember(page, "wl-add");
  const sol = menuOf(page, "SOL");
  await sol.getByLabel("Add SOL to a watchlist").click();
  await expect(sol.getByText("You have no watchlists yet.")).toBeVisible({ timeout: 20_000 });
  await sol.getByLabel("New watchlist…").fill("Layer 1s");
  await sol.getByRole("button", { name: "Create" }).click();
  await expect(sol.getByText("SOL added to Layer 1s.")).toBeVisible({ timeout: 20_000 });
  await expect(sol.getByRole("button", { name: "Layer 1s", pressed: true })).toBeVisible({ timeout: 20_000 });
  await sol.scrollIntoViewIfNeeded();
  await lookAt(page, "watchlist-add-screener");

  // Another list, and SOL toggled into it and back out.
  await sol.getByLabel("New watchlist…").fill("Trading");
  await sol.getByRole("button", { name: "Create" }).click();
  await expect(sol.getByRole("button", { name: "Trading", pressed: true })).toBeVisible({ timeout: 20_000 });
  await sol.getByRole("button", { name: "Trading", pressed: true }).click();
  await expect(sol.getByText("SOL removed from Trading.")).toBeVisible({ timeout: 20_000 });
  await expect(sol.getByRole("button", { name: "Trading", pressed: false })).toBeVisible({ timeout: 20_000 });

  await gotoHydrated(page, "/watchlists");
  const layer1s = page
    .getByTestId("watchlist")
    .filter({ has: page.getByRole("heading", { name: "Layer 1s" }) });
  await expect(layer1s.getByRole("row", { name: /SOL Solana \$[\d,]+\.\d{2}/ })).toBeVisible({
    timeout: 20_000,
  });
  const trading = page
    .getByTestId("watchlist")
    .filter({ has: page.getByRole("heading", { name: "Trading" }) });
  await expect(trading.getByRole("row", { name: /SOL/ })).toHaveCount(0);

  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signInNewMember(other, "wl-add-other");
    const otherSol = menuOf(other, "SOL");
    await otherSol.getByLabel("Add SOL to a watchlist").click();
    await expect(otherSol.getByText("You have no watchlists yet.")).toBeVisible({ timeout: 20_000 });
    await expect(otherSol.getByRole("button", { name: "Layer 1s" })).toHaveCount(0);
    await gotoHydrated(other, "/watchlists");
    await expect(other.getByText("No watchlists yet")).toBeVisible({ timeout: 20_000 });
  } finally {
    await otherContext.close();
  }
});

test("without JavaScript the menu is a plain form that comes back to the page; research tags have it too", async ({
  page,
  browser,
}) => {
  await signInNewMember(page, "wl-nojs");
  const sol = menuOf(page, "SOL");
  await sol.getByLabel("Add SOL to a watchlist").click();
  await sol.getByLabel("New watchlist…").fill("Watching");
  await sol.getByRole("button", { name: "Create" }).click();
  await expect(sol.getByRole("button", { name: "Watching", pressed: true })).toBeVisible({ timeout: 20_000 });

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await plain.newPage();
    await noJs.goto("/dashboard");
    const btc = menuOf(noJs, "BTC");
    await btc.getByLabel("Add BTC to a watchlist").click();
    await btc.getByRole("button", { name: "Watching", pressed: false }).click();
    await expect(noJs).toHaveURL(/\/dashboard$/);
    await menuOf(noJs, "BTC").getByLabel("Add BTC to a watchlist").click();
    await expect(menuOf(noJs, "BTC").getByRole("button", { name: "Watching", pressed: true })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await plain.close();
  }

  // A research piece's asset tag: add SOL's neighbour BNB from the free sample report.
  await gotoHydrated(page, "/research/sample-solana-and-bnb-altcoin-activity");
  const bnb = menuOf(page, "BNB");
  await bnb.getByLabel("Add BNB to a watchlist").click();
  await bnb.getByRole("button", { name: "Watching", pressed: false }).click();
  await expect(bnb.getByText("BNB added to Watching.")).toBeVisible({ timeout: 20_000 });
  await lookAt(page, "watchlist-add-research");

  await gotoHydrated(page, "/watchlists");
  const list = page.getByTestId("watchlist");
  for (const symbol of ["SOL", "BTC", "BNB"])
    await expect(list.getByRole("row", { name: new RegExp(`^${symbol} `) })).toBeVisible({ timeout: 20_000 });
});
