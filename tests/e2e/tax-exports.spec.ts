import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext } from "./member-session.ts";

// A member with a deposit (1 BTC, through the ledger by /api/test/trade) and a swap made on /swap
// downloads the Koinly and CoinTracker CSVs and the yearly statement from the Tax exports card on
// /transactions; a second member's files hold none of the first member's rows (ADR 0077).

test.describe.configure({ timeout: 150_000 });

const PASSWORD = "Tax-exports-2026!";
const KOINLY_HEADER =
  "Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash";
const COINTRACKER_HEADER =
  "Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag";

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

async function download(page: Page, trigger: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger()]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(filePath) };
}

const card = (page: Page) => page.getByRole("region", { name: "Tax exports" });

test("a member downloads Koinly and CoinTracker CSVs and the yearly PDF; another member gets none of it", async ({
  browser,
}) => {
  const ann = await newMemberInOwnContext(browser, {
    tag: "tax-ann",
    password: PASSWORD,
    credits: [{ asset: "BTC", amount: "1" }],
  });
  await swapBtcToEth(ann.page);
  await gotoHydrated(ann.page, "/transactions");
  await expect(card(ann.page)).toBeVisible();

  const koinly = await download(ann.page, () =>
    card(ann.page).getByRole("link", { name: "Koinly CSV" }).click(),
  );
  expect(koinly.name).toMatch(/^coinlens-koinly-\d{4}-\d\d-\d\d\.csv$/);
  const koinlyLines = koinly.bytes.toString("utf8").split("\r\n");
  expect(koinlyLines[0]).toBe(KOINLY_HEADER);
  expect(koinlyLines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC,,,1,BTC,,,,,,Deposit to Coinlens,$/);
  expect(koinlyLines[2]).toMatch(/^[\d :-]+ UTC,0\.1,BTC,1\.814411764,ETH,,,,,,Swap BTC to ETH,$/);
  expect(koinlyLines).toHaveLength(4); // header, two rows, the last line end

  const coinTracker = await download(ann.page, () =>
    card(ann.page).getByRole("link", { name: "CoinTracker CSV" }).click(),
  );
  expect(coinTracker.name).toMatch(/^coinlens-cointracker-\d{4}-\d\d-\d\d\.csv$/);
  const ctLines = coinTracker.bytes.toString("utf8").split("\r\n");
  expect(ctLines[0]).toBe(COINTRACKER_HEADER);
  expect(ctLines[2]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d,1\.814411764,ETH,0\.1,BTC,,,$/);

  const year = new Date().getUTCFullYear();
  await expect(card(ann.page).getByLabel("Year")).toHaveValue(String(year));
  const pdf = await download(ann.page, () =>
    card(ann.page).getByRole("button", { name: "Statement PDF" }).click(),
  );
  expect(pdf.name).toBe(`coinlens-statement-${year}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.bytes.length).toBeGreaterThan(800);
  expect(pdf.bytes.length).toBeLessThan(100_000);
  expect(pdf.bytes.toString("latin1")).toContain("BTC: opening 0 BTC, closing 0.9 BTC");

  // Bob has his own deposit only: Ann's swap is nowhere in his file.
  const bob = await newMemberInOwnContext(browser, {
    tag: "tax-bob",
    password: PASSWORD,
    credits: [{ asset: "SOL", amount: "3" }],
  });
  await gotoHydrated(bob.page, "/transactions");
  const bobKoinly = await download(bob.page, () =>
    card(bob.page).getByRole("link", { name: "Koinly CSV" }).click(),
  );
  const bobLines = bobKoinly.bytes.toString("utf8").split("\r\n");
  expect(bobLines[0]).toBe(KOINLY_HEADER);
  expect(bobLines.slice(1, -1)).toEqual([expect.stringMatching(/,,,3,SOL,,,,,,Deposit to Coinlens,$/)]);
  expect(bobKoinly.bytes.toString("utf8")).not.toContain("BTC");

  // The card, checked and seen at both widths (light and dark).
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await ann.page.setViewportSize(viewport);
    await card(ann.page).scrollIntoViewIfNeeded();
    await expectNoA11yViolations(ann.page);
    const width = await ann.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "no sideways scrolling").toBeLessThanOrEqual(viewport.width);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) {
      for (const theme of ["light", "dark"] as const) {
        await ann.page.emulateMedia({ colorScheme: theme });
        await card(ann.page).screenshot({
          path: path.join(dir, `tax-exports-${viewport.width}-${theme}.png`),
        });
      }
      await ann.page.emulateMedia({ colorScheme: "light" });
    }
  }
  await ann.page.context().close();
  await bob.page.context().close();
});
