import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, lookAt, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext } from "./member-session.ts";

// /portfolio/gains and /portfolio/insights (issue 19, ADR 0078). A member with 1 BTC deposited
// (through the ledger by /api/test/trade) swaps 0.1 BTC to ETH on /swap, then sees FIFO gains,
// the insights (with "not enough history yet" where the closes are too few), sets a target
// allocation (a total other than 100 % is refused beside the total) and sees the trades it would
// take. A second member with nothing sees the empty states and none of the first one's figures.

test.describe.configure({ timeout: 150_000 });

const PASSWORD = "Portfolio-gains-2026!";
const shots = process.env.SCREENSHOTS_DIR;

async function swapBtcToEth(page: Page) {
  await gotoHydrated(page, "/swap");
  await page.getByLabel("From", { exact: true }).fill("0.1");
  // 0.1 × 31,000 / 1,700 × 0.995 at the sample prices (the browser tests' server has no swap fee).
  await expect(page.getByLabel("To (estimated)")).toHaveValue("1.814411764");
  await page.getByRole("button", { name: "Continue" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm swap" });
  await dialog.getByRole("button", { name: "Confirm swap" }).click();
  await expect(page.getByRole("dialog").getByText("Successfully swapped BTC.")).toBeVisible();
}

const cell = (page: Page, table: string, row: string, column: number) =>
  page
    .getByRole("table", { name: table })
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell")
    .nth(column);

test("a member sees FIFO gains, insights and the trades a target would take; another member sees none of it", async ({
  browser,
}) => {
  const ann = await newMemberInOwnContext(browser, {
    tag: "gains-ann",
    password: PASSWORD,
    credits: [{ asset: "BTC", amount: "1" }],
  });
  await swapBtcToEth(ann.page);

  // Gains. Today's close so far is the sample price, so both movements are valued at it: 1 BTC in at
  // $31,000; 0.1 BTC swapped away for $3,100 against $3,100 of cost → realised $0.00; 1.814411764 ETH
  // bought for $3,100 is worth 1.814411764 × 1,700 = $3,084.50 → −$15.50 (the swap's spread).
  await gotoHydrated(ann.page, "/portfolio/gains");
  await expect(ann.page.getByRole("heading", { level: 2, name: "Gains and income" })).toBeVisible();
  await expect(ann.page.getByText(/first in, first out \(FIFO\)/)).toBeVisible();
  await expect(
    ann.page.getByText("Coins moved in are counted at their value on the day they arrived", {
      exact: false,
    }),
  ).toBeVisible();
  const gains = "Price gains per asset (FIFO)";
  await expect(cell(ann.page, gains, "BTC", 0)).toHaveText("0.9");
  await expect(cell(ann.page, gains, "BTC", 1)).toHaveText("$27,900.00");
  await expect(cell(ann.page, gains, "BTC", 3)).toHaveText("$0.00");
  await expect(cell(ann.page, gains, "ETH", 0)).toHaveText("1.814411764");
  await expect(cell(ann.page, gains, "ETH", 1)).toHaveText("$3,100.00");
  await expect(cell(ann.page, gains, "ETH", 2)).toHaveText("$3,084.50");
  await expect(cell(ann.page, gains, "ETH", 3)).toHaveText("-$15.50");
  await expect(cell(ann.page, gains, "Total", 3)).toHaveText("-$15.50");
  await expect(ann.page.getByText("No staking rewards yet.")).toBeVisible();
  await lookAt(ann.page, "portfolio-gains");

  // Insights: 0.9 BTC = $27,900 of $30,984.50.
  await gotoHydrated(ann.page, "/portfolio/insights");
  await expect(ann.page.getByText(/Bitcoin\s+is 90\.0 % of your portfolio\./)).toBeVisible();
  await expect(ann.page.getByText("Not enough history yet.").first()).toBeVisible();
  await expect(
    ann.page.getByText(/Based on \d+ days? of your portfolio's daily values\./).first(),
  ).toBeVisible();

  // A total other than 100 % is refused beside the total, and nothing is saved.
  await ann.page.getByLabel("BTC · Bitcoin %").fill("60");
  await ann.page.getByLabel("ETH · Ethereum %").fill("30");
  await expect(ann.page.getByText("Total: 90 %")).toBeVisible();
  await ann.page.getByRole("button", { name: "Save targets" }).click();
  await expect(
    ann.page.getByText("Your targets add up to 90 %. They must add up to exactly 100 %."),
  ).toBeVisible();
  await expect(
    ann.page.getByRole("table", { name: "Trades that would reach your target allocation" }),
  ).toHaveCount(0);

  // 50 / 50. The plan values coins rounded down (a cost is never understated): ETH 1.814411764 × 1,700
  // = $3,084.4999… → $3,084.49, so the whole is $30,984.49 and each half $15,492.24 (down). Sell
  // $12,407.76 of BTC = 0.40025032 BTC at $31,000 (down); buy $12,407.75 of ETH = 7.29867647 ETH at
  // $1,700 (down). Each costs the 0.5 % spread, rounded up: $62.04, $124.08 in all.
  await ann.page.getByLabel("ETH · Ethereum %").fill("50");
  await ann.page.getByLabel("BTC · Bitcoin %").fill("50");
  await ann.page.getByRole("button", { name: "Save targets" }).click();
  await expect(ann.page.getByText("Target allocation saved.")).toBeVisible();
  const trades = "Trades that would reach your target allocation";
  await expect(ann.page.getByRole("row", { name: /^Sell BTC 0\.40025032 BTC/ })).toBeVisible();
  await expect(cell(ann.page, trades, "Sell BTC", 0)).toHaveText("$12,407.76");
  await expect(cell(ann.page, trades, "Sell BTC", 1)).toHaveText("$62.04");
  await expect(ann.page.getByRole("row", { name: /^Buy ETH 7\.29867647 ETH/ })).toBeVisible();
  await expect(cell(ann.page, trades, "Buy ETH", 0)).toHaveText("$12,407.75");
  await expect(cell(ann.page, trades, "Total cost", 1)).toHaveText("$124.08");
  await expect(ann.page.getByText("Nothing is traded from this page.", { exact: false })).toBeVisible();
  await expect(ann.page.getByLabel("BTC · Bitcoin %")).toHaveValue("50");
  await lookAt(ann.page, "portfolio-insights");
  if (shots) {
    // The lower half of the page at phone width, where the full-page picture is too tall to read.
    await ann.page.setViewportSize(viewports.mobile);
    const plan = ann.page.getByRole("heading", { name: "What it would take" }).locator("xpath=../..");
    await plan.screenshot({ path: path.join(shots, "portfolio-rebalance-375.png") });
    const form = ann.page.getByRole("heading", { name: "Target allocation" }).locator("xpath=../..");
    await form.screenshot({ path: path.join(shots, "portfolio-targets-375.png") });
    await ann.page.setViewportSize(viewports.desktop);
  }

  // In euros: the same page's figures in €, at the sample rates (the choice is the dashboard's cookie).
  await ann.page.getByLabel("Currency").selectOption("EUR");
  await expect(cell(ann.page, trades, "Total cost", 1)).toHaveText(/^€[\d,]+\.\d\d$/);
  await gotoHydrated(ann.page, "/portfolio/gains");
  await expect(ann.page.getByText(/converted at the exchange rate of its own day/)).toBeVisible();
  await expect(cell(ann.page, gains, "BTC", 1)).toHaveText(/^€[\d,]+\.\d\d$/);
  await expect(cell(ann.page, gains, "ETH", 3)).toHaveText(/^-€\d+\.\d\d$/);
  await ann.page.getByLabel("Currency").selectOption("USD");
  await expect(cell(ann.page, gains, "BTC", 1)).toHaveText("$27,900.00");

  // Bob has nothing: empty states, none of Ann's figures or targets.
  const bob = await newMemberInOwnContext(browser, { tag: "gains-bob", password: PASSWORD });
  await gotoHydrated(bob.page, "/portfolio/gains");
  await expect(bob.page.getByRole("heading", { name: "No gains or income yet" })).toBeVisible();
  await expect(bob.page.getByText("$27,900.00")).toHaveCount(0);
  await lookAt(bob.page, "portfolio-gains-empty");
  await gotoHydrated(bob.page, "/portfolio/insights");
  await expect(bob.page.getByRole("heading", { name: "No insights yet" })).toBeVisible();
  await expect(bob.page.getByText("Sell BTC")).toHaveCount(0);
  await lookAt(bob.page, "portfolio-insights-empty");

  await ann.page.context().close();
  await bob.page.context().close();
});
