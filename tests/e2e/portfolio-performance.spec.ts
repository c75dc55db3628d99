import type { Page } from "@playwright/test";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext, testApi } from "./member-session.ts";

// Value over time (issue 19, ADR 0078). A member with a BTC credit and a swap made on /swap today,
// and older completed deposits (400, 60 and 20 days ago, written by /api/test/history), opens
// /portfolio/performance: the history is backfilled from the sample price history on first use.
// The range buttons change the chart and its table, a custom range works and a wrong one says why
// beside its field, EUR changes the figures; another member sees none of it. SCREENSHOTS_DIR saves
// the page at both widths.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PASSWORD = "Perf-history-2026!";

function isoDaysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

const chart = (page: Page) => page.getByTestId("value-chart");
const tableRows = (page: Page) =>
  page.getByRole("table", { name: "Portfolio value by day" }).locator("tbody tr");

async function chooseRange(page: Page, label: string, points: number) {
  await page
    .getByRole("navigation", { name: "Range" })
    .getByRole("link", { name: label, exact: true })
    .click();
  await expect(page.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(chart(page)).toHaveAttribute("data-points", String(points));
  await expect(tableRows(page)).toHaveCount(points);
}

test("ranges, a custom range, a wrong range and EUR on a backfilled history; another member sees none of it", async ({
  browser,
}) => {
  const ann = await newMemberInOwnContext(browser, {
    tag: "perf-ann",
    password: PASSWORD,
    credits: [{ asset: "BTC", amount: "1" }],
  });
  const page = ann.page;
  await testApi(page.request, "/api/test/history", {
    email: ann.email,
    operations: [
      { ledger: "real", type: "deposit", status: "completed", asset: "BTC", amount: "0.5", daysAgo: 400 },
      { ledger: "real", type: "deposit", status: "completed", asset: "ETH", amount: "2", daysAgo: 60 },
      { ledger: "real", type: "deposit", status: "completed", asset: "USD", amount: "1000", daysAgo: 20 },
    ],
  });
  // A real swap today: value moves inside the portfolio.
  await gotoHydrated(page, "/swap");
  await page.getByLabel("From", { exact: true }).fill("0.1");
  await expect(page.getByLabel("To (estimated)")).toHaveValue("1.814411764");
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("dialog", { name: "Confirm swap" })
    .getByRole("button", { name: "Confirm swap" })
    .click();
  await expect(page.getByRole("dialog").getByText("Successfully swapped BTC.")).toBeVisible();

  await gotoHydrated(page, "/portfolio/performance");
  await expect(page.getByRole("heading", { name: "Value over time" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Performance" })).toHaveAttribute("aria-current", "page");
  // The default range is 30 days: 31 daily points, today's live.
  await expect(chart(page)).toHaveAttribute("data-points", "31");
  await expect(page.getByTestId("range-label")).toContainText("(today's point at the latest prices)");
  await expect(page.getByText("Sample data").first()).toBeVisible();
  // The table is the chart's text alternative, collapsed until asked for.
  const summary = page.getByText(/Show the chart's figures as a table/);
  await expect(tableRows(page).first()).toBeHidden();
  await summary.click();
  await expect(tableRows(page)).toHaveCount(31);
  await expect(page.getByTestId("twr")).toHaveText(/^[+−]?\d+\.\d\d%$/);
  await expect(page.getByTestId("mwr")).toHaveText(/^[+−]?\d+\.\d\d%$/);
  await expect(page.getByText("Time-weighted", { exact: true }).first()).toBeVisible();
  await lookAt(page, "portfolio-performance");

  await chooseRange(page, "7D", 8);
  await chooseRange(page, "90D", 91);
  const ninety = await tableRows(page).first().textContent();
  // A year is 366 days, drawn with 180 evenly spaced ones (said under the chart).
  await chooseRange(page, "1Y", 180);
  await expect(page.getByText(/A long range is drawn with 180 evenly spaced days/)).toBeVisible();
  const year = await tableRows(page).first().textContent();
  expect(year).not.toBe(ninety);
  await chooseRange(page, "All", 180);
  await expect(page).toHaveURL(/range=all/);
  expect(await tableRows(page).first().textContent()).not.toBe(year);

  // A custom range from 100 to 40 days ago: 61 points, linkable.
  await page.getByLabel("From", { exact: true }).fill(isoDaysAgo(100));
  await page.getByLabel("To", { exact: true }).fill(isoDaysAgo(40));
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDaysAgo(100)}&to=${isoDaysAgo(40)}`));
  await expect(chart(page)).toHaveAttribute("data-points", "61");
  await expect(page.getByTestId("range-label")).not.toContainText("today's point");

  // An end in the future: the message beside the field, and the default range shown.
  await page.getByLabel("To", { exact: true }).fill(isoDaysAgo(-5));
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page.getByText("The end date cannot be in the future.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(chart(page)).toHaveAttribute("data-points", "31");
  // A start before the first movement says where the history starts.
  await page.getByLabel("From", { exact: true }).fill(isoDaysAgo(500));
  await page.getByLabel("To", { exact: true }).fill(isoDaysAgo(10));
  await page.getByRole("button", { name: "Show range" }).click();
  await expect(page.getByText(/Your history starts on .*: choose that day or later\./)).toBeVisible();
  await lookAt(page, "portfolio-performance-invalid");

  // EUR: the same history in euros, at each day's rate.
  await gotoHydrated(page, "/portfolio/performance?range=90d");
  const usdEnd = await page
    .getByText("Value at the end")
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  expect(usdEnd).toMatch(/^\$/);
  await page.getByLabel("Currency").selectOption("EUR");
  const endValue = page.getByText("Value at the end").locator("xpath=following-sibling::dd[1]");
  await expect(endValue).toHaveText(/^€/);
  expect(await endValue.textContent()).not.toBe(usdEnd?.replace("$", "€"));
  await expect(page.getByText("converted to EUR at that day's rate")).toBeVisible();
  await page.getByLabel("Currency").selectOption("USD");
  await expect(endValue).toHaveText(/^\$/);

  // Bob has a credit of today only: one day of history, none of Ann's.
  const bob = await newMemberInOwnContext(browser, {
    tag: "perf-bob",
    password: PASSWORD,
    credits: [{ asset: "SOL", amount: "3" }],
  });
  await gotoHydrated(bob.page, "/portfolio/performance?range=all");
  await expect(chart(bob.page)).toHaveAttribute("data-points", "1");
  await expect(bob.page.getByText("Value at the end").locator("xpath=following-sibling::dd[1]")).toHaveText(
    "$270.00",
  );

  // A member with nothing yet sees the empty state.
  const cara = await newMemberInOwnContext(browser, { tag: "perf-cara", password: PASSWORD });
  await gotoHydrated(cara.page, "/portfolio/performance");
  await expect(cara.page.getByRole("heading", { name: "No history yet" })).toBeVisible();
  await lookAt(cara.page, "portfolio-performance-empty");
});
