import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { definitionValue, expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { type Credit, newSignedInMember, testApi } from "./member-session.ts";

// Staking, /fixed-etf, swap and buy, each test with its own verified member and
// balances credited through real ledger entries by the test-only /api/test/trade endpoint.

const PASSWORD = "Earn-and-trade-2026!";
// Each test signs a member in and scans pages with axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The test-only trade endpoint (members, credits, maturing stakes, the broker setting). */
const trade = (request: APIRequestContext, body: Record<string, unknown>) =>
  testApi(request, "/api/test/trade", body);

/** A member with these credits, signed in; returns the e-mail. */
const newMember = (page: Page, credits: Credit[] = []) =>
  newSignedInMember(page, { tag: "trade", password: PASSWORD, credits });

const amountField = (page: Page) => page.getByLabel("Amount");
const durationField = (page: Page) => page.getByLabel("Duration");
const stakeButton = (page: Page) => page.getByRole("button", { name: "Stake", exact: true });
/** A row of the stake form's facts (Minimum, Est APR, Available Balance, Estimated reward): its value. */
const infoValue = (page: Page, label: string) => definitionValue(page, label);
const estimatedReward = (page: Page) => infoValue(page, "Estimated reward");
// The design system's semantic colours (app/app.css): --color-positive and --color-negative.
const GREEN = "rgb(4, 120, 87)";
const RED = "rgb(185, 28, 28)";

/** Switches the signed-in member between real and demo through the header's account menu. */
async function switchAccount(page: Page, mode: "Demo" | "Real") {
  await page.getByRole("button", { name: /Switch account/ }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${mode} account`) }).click();
  await expect(page.getByTestId("account-badge")).toContainText(`${mode} ·`);
}

test.describe("staking (/stake)", () => {
  test("every staking message, verbatim", async ({ page }) => {
    await newMember(page, [{ asset: "USDT", amount: "150" }]);
    await page.goto("/stake?asset=USDT");
    await expect(page.getByRole("heading", { name: /Stake Tether/ })).toBeVisible();
    await expectNoA11yViolations(page);

    await stakeButton(page).click();
    await expect(page.getByText("Please enter the amount to stake.")).toBeVisible();
    await expect(page.getByText("Please select a duration.")).toBeVisible();

    await amountField(page).fill("0");
    await durationField(page).selectOption("30");
    await stakeButton(page).click();
    await expect(page.getByText("The amount must be greater than zero.")).toBeVisible();

    await amountField(page).fill("50");
    await stakeButton(page).click();
    await expect(page.getByText("The amount must be at least 100 USD.")).toBeVisible();

    await amountField(page).fill("200");
    await stakeButton(page).click();
    await expect(page.getByText("Insufficient balance. You have 150 USDT.")).toBeVisible();
    await expectNoA11yViolations(page);

    // Est APR follows the chosen duration, 0 with none
    await expect(page.getByText("6 %", { exact: true })).toBeVisible();
    await durationField(page).selectOption("");
    await expect(page.getByText("0 %", { exact: true })).toBeVisible();

    await page.goto("/stake");
    await expect(page.getByText("No wallet selected for staking.")).toBeVisible();
    await stakeButton(page).click();
    await expect(page.getByText("No wallet selected!", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("coin stats from the market data, the Minimum in USD and in the coin, the reward in coin and USD", async ({
    page,
  }) => {
    await newMember(page, [{ asset: "BTC", amount: "1" }]);
    await page.goto("/stake?asset=BTC");
    await expect(page.getByRole("heading", { name: /Stake Bitcoin/ })).toBeVisible();
    // The sample market data (seed §9): 31,000 USD, supply 19.55 M, +1.84 % over 24 h.
    const stats = page.locator("dl", { has: page.getByText("Market cap rank") });
    const stat = (label: string) => definitionValue(stats, label);
    await expect(stat("Name")).toHaveText("Bitcoin");
    await expect(stat("Market cap rank")).toHaveText("#1");
    await expect(stat("Current price")).toHaveText("$31,000.00");
    await expect(stat("Market cap")).toHaveText("$606.05B"); // 31,000 × 19,550,000
    // 3.5 % of the market cap, once: "Total volume" showed the same figure a second time
    await expect(stat("24h volume")).toHaveText("$21.21B");
    await expect(stats.getByText("Total volume")).toHaveCount(0);
    await expect(stat("24h high")).toHaveText("$31,694.40"); // × (1 + 1.84 % + 0.4 %)
    await expect(stat("24h low")).toHaveText("$30,876.00"); // × (1 − 0.4 %)

    // 100 USD at 31,000 USD is 0.00322580… BTC: the smallest amount worth it is 0.00322581 BTC.
    await expect(infoValue(page, "Minimum")).toHaveText("100 USD (≈ 0.00322581 BTC)");
    await expect(infoValue(page, "Available Balance")).toHaveText("1 BTC");
    await expect(infoValue(page, "Est APR")).toHaveText("0 %");
    await expect(estimatedReward(page)).toHaveText("0 BTC ≈ $0.00");
    await amountField(page).fill("0.5");
    await durationField(page).selectOption("30");
    await expect(infoValue(page, "Est APR")).toHaveText("2 %");
    // 0.5 BTC × 2 % × 30 ÷ 365 = 0.00082191 BTC (rounded down to the satoshi) ≈ 25.47 USD
    await expect(estimatedReward(page)).toHaveText("0.00082191 BTC ≈ $25.47");
  });

  test("a stake through to the downloaded PNG, then maturity with a moved clock", async ({
    page,
    baseURL,
  }) => {
    const email = await newMember(page, [{ asset: "USDT", amount: "1000" }]);
    await page.goto("/stake?asset=USDT");
    await amountField(page).fill("500");
    await durationField(page).selectOption("30");
    // 500 × 6 % × 30 / 365 = 2.465753 USDT, shown at USDT's 2 display decimals rounded down (ADR 0060)
    await expect(estimatedReward(page)).toHaveText("2.46 USDT ≈ $2.46");
    await stakeButton(page).click();
    const card = page.getByRole("region", { name: "Stake confirmed" });
    await expect(card).toBeVisible();
    await expect(card.getByText("2.46 USDT", { exact: true })).toBeVisible();
    await expect(card.getByText("1 month")).toBeVisible();
    await expect(card.getByText("500 USDT")).toBeVisible();
    await expect(card.getByText("6 % est. APR")).toBeVisible();
    await expect(card.getByRole("img", { name: /QR code of your referral link/ })).toBeVisible();
    await expect(page.getByText("Available Balance").locator("..")).toContainText("500 USDT");
    await expectNoA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download image" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^coinlens-stake-\d+\.png$/);
    // The image decodes, and its QR code is the member's referral link with their code.
    const referralCode = (await card.getByText(/^Referral code/).innerText()).replace(
      /^Referral code\s*/,
      "",
    );
    expect(referralCode).toMatch(/^T[0-9A-F]{7}$/);
    const image = PNG.sync.read(readFileSync(await download.path()));
    expect([image.width, image.height]).toEqual([900, 520]);
    const qr = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(qr?.data).toBe(`${baseURL}/signup?ref=${referralCode}`);

    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toBeHidden();
    const position = page.getByTestId("stake-position");
    await expect(position).toContainText("Active");
    await expect(position).toContainText("Reward 2.46 USDT");

    // Move the clock past maturity: the job returns principal and reward
    // (only this member's stakes: tests running beside this one keep theirs open)
    await trade(page.request, {
      action: "mature",
      email,
      at: new Date(Date.now() + 31 * 86_400_000).toISOString(),
    });
    await page.reload();
    await expect(page.getByTestId("stake-position")).toContainText("Completed");
    // the balance is the ledger's exact amount: the whole reward was paid
    await expect(page.getByText("Available Balance").locator("..")).toContainText("1,002.465753 USDT");
  });

  test("early exit shows what comes back, then returns the principal only", async ({ page }) => {
    await newMember(page, [{ asset: "SOL", amount: "10" }]);
    await page.goto("/stake?asset=SOL");
    await amountField(page).fill("5");
    await durationField(page).selectOption("90");
    await stakeButton(page).click();
    await expect(page.getByRole("region", { name: "Stake confirmed" })).toBeVisible();
    await page.getByRole("button", { name: "End early" }).click();
    const dialog = page.getByRole("dialog", { name: "End this stake early?" });
    await expect(dialog.getByText("You get back now")).toBeVisible();
    await expect(dialog.getByText("5 SOL", { exact: true })).toBeVisible();
    // 5 SOL × 7.25 % × 90 ÷ 365 = 0.089383561 SOL, at SOL's 4 display decimals
    await expect(dialog.getByText("0.0893 SOL", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "End stake and return principal" }).click();
    await expect(page.getByTestId("stake-position")).toContainText("Ended early");
    await expect(page.getByText("Available Balance").locator("..")).toContainText("10 SOL");
  });
});

test.describe("staking refusals and failures", () => {
  test("the server's refusals: 'Staking failed. Please try again.' with the capacity and pool reasons", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000); // three people sign in, one with two-factor: long on a shared machine
    // An admin makes BCH · 3 days hold 1 BCH in all, and BCH · 6 months a 100 % APR that the
    // sample 150 BCH pool cannot fund for a big stake. No other browser test stakes BCH.
    const adminContext = await browser.newContext({ baseURL });
    const otherContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      await signInAsNewStaff(admin, { tag: "stake-refusals" });
      for (const [label, terms] of [
        ["BCH · 3 days", { apr: "1", max: "1", capacity: "1" }],
        ["BCH · 6 months", { apr: "100", max: "500", capacity: "10000" }],
      ] as const) {
        await admin.goto("/admin/earn");
        await admin.getByRole("link", { name: `Edit ${label}` }).click();
        await admin.getByLabel("Est. APR (%)").fill(terms.apr);
        await admin.getByLabel("Per-member maximum (BCH)").fill(terms.max);
        await admin.getByLabel("Total capacity (BCH)").fill(terms.capacity);
        await admin.getByRole("button", { name: "Save product" }).click();
        await expect(answerOf(admin)).toHaveText(`Saved ${label}.`);
      }

      // Another member takes 0.5 of the 1 BCH capacity.
      const other = await otherContext.newPage();
      await newMember(other, [{ asset: "BCH", amount: "1" }]);
      await other.goto("/stake?asset=BCH");
      await amountField(other).fill("0.5");
      await durationField(other).selectOption("3");
      await stakeButton(other).click();
      await expect(other.getByRole("region", { name: "Stake confirmed" })).toBeVisible();

      await newMember(page, [{ asset: "BCH", amount: "400" }]);
      await page.goto("/stake?asset=BCH");
      await amountField(page).fill("0.6");
      await durationField(page).selectOption("3");
      await stakeButton(page).click();
      const alert = page.getByRole("alert").filter({ hasText: "Staking failed" });
      await expect(alert).toContainText("Staking failed. Please try again.");
      await expect(alert).toContainText(
        "This BCH product is full right now. Please choose another duration or try again later.",
      );
      await expect(page.getByText("Available Balance").locator("..")).toContainText("400 BCH");
      await expectNoA11yViolations(page);

      // 400 BCH × 100 % × 180 ÷ 365 ≈ 197 BCH of reward: more than the pool holds.
      await amountField(page).fill("400");
      await durationField(page).selectOption("180");
      await stakeButton(page).click();
      await expect(alert).toContainText("Staking failed. Please try again.");
      await expect(alert).toContainText(
        "The BCH rewards pool cannot fund this stake right now. Please try a smaller amount or a shorter duration.",
      );
      await expect(page.getByText("Available Balance").locator("..")).toContainText("400 BCH");
      await expect(page.getByTestId("stake-position")).toHaveCount(0);

      // /fixed-etf shows the same refusal in its result popup.
      await page.goto("/fixed-etf?asset=BCH");
      await amountField(page).fill("0.6");
      await durationField(page).selectOption("3");
      await stakeButton(page).click();
      const popup = page.getByRole("dialog", { name: "Fixed Returns" });
      await expect(popup).toContainText("Staking failed. Please try again.");
      await expect(popup).toContainText("This BCH product is full right now.");
      await expectNoA11yViolations(page);
    } finally {
      await adminContext.close();
      await otherContext.close();
    }
  });

  test("'Staking...' while the request is out; a network failure: 'An error occurred. Please try again.', then a retry works", async ({
    page,
  }) => {
    await newMember(page, [{ asset: "USDT", amount: "300" }]);
    await page.goto("/stake?asset=USDT");
    await amountField(page).fill("200");
    await durationField(page).selectOption("14");
    // The request hangs for a moment, then the connection drops: 'Staking...' while it is out.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/stake.data*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      return route.abort("internetdisconnected");
    });
    await stakeButton(page).click();
    const busy = page.getByRole("button", { name: "Staking..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole("alert")).toContainText("An error occurred. Please try again.");
    await expect(page.getByRole("heading", { name: /Stake Tether/ })).toBeVisible(); // still the page
    await expect(amountField(page)).toHaveValue("200");
    await expectNoA11yViolations(page);

    // A server that answers with something unreadable is the same to the member.
    await page.unroute("**/stake.data*");
    await page.route("**/stake.data*", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" })
        : route.fallback(),
    );
    await stakeButton(page).click();
    await expect(page.getByRole("alert")).toContainText("An error occurred. Please try again.");

    await page.unroute("**/stake.data*");
    await stakeButton(page).click();
    await expect(page.getByRole("region", { name: "Stake confirmed" })).toBeVisible();
    await expect(page.getByText("Available Balance").locator("..")).toContainText("100 USDT");
    await expect(page.getByTestId("stake-position")).toHaveCount(1);
  });
});

test.describe("/fixed-etf", () => {
  test("selectable cards, required fields, a stake with its result popup", async ({ page }) => {
    await newMember(page, [{ asset: "USDT", amount: "300" }]);
    await page.goto("/fixed-etf");
    await expect(page.getByRole("heading", { name: "Fixed Returns" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Tether/ })).toHaveAttribute("aria-current", "true");
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: /Bitcoin\s+BTC/ }).click();
    await expect(page.getByRole("link", { name: /Bitcoin\s+BTC/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("heading", { name: "Bitcoin (BTC)" })).toBeVisible();
    // Minimum '{min} {symbol}': the smallest amount worth 100 USD at 31,000 USD
    await expect(infoValue(page, "Minimum")).toHaveText("0.00322581 BTC");

    await page.getByRole("link", { name: /Tether/ }).click();
    await expect(page.getByRole("heading", { name: "Tether (USDT)" })).toBeVisible();
    await expect(infoValue(page, "Minimum")).toHaveText("100 USDT");
    await expect(infoValue(page, "Available Balance")).toHaveText("300 USDT");
    await stakeButton(page).click();
    // inline red error text under each required field
    for (const message of ["Please enter the amount to stake.", "Please select a duration."]) {
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText(message)).toHaveCSS("color", RED);
    }
    await amountField(page).fill("250");
    await durationField(page).selectOption("7");
    // Est APR in green, set by the duration
    await expect(infoValue(page, "Est APR")).toHaveText("4.5 %");
    await expect(infoValue(page, "Est APR")).toHaveCSS("color", GREEN);
    await stakeButton(page).click();
    const popup = page.getByRole("dialog", { name: "Fixed Returns" });
    // 250 × 4.5 % × 7 ÷ 365 = 0.215753 USDT, shown to USDT's 2 decimals, rounded down
    await expect(popup).toContainText(
      "You staked 250 USDT for 7 days. Estimated reward: 0.21 USDT, paid at maturity.",
    );
    await expectNoA11yViolations(page);
    await popup.getByRole("button", { name: "Close", exact: true }).click();
    await expect(popup).toBeHidden();
    await expect(page.getByText("Available Balance").locator("..")).toContainText("50 USDT");
  });
});

test.describe("swap (/swap)", () => {
  test("quote → confirm → balances", async ({ page }) => {
    await newMember(page, [{ asset: "BTC", amount: "1" }]);
    await page.goto("/swap");
    await expectNoA11yViolations(page);
    const cont = page.getByRole("button", { name: "Continue" });
    await expect(cont).toBeDisabled();
    await expect(page.locator("#swap-available")).toContainText("1 BTC");
    await page.getByLabel("From", { exact: true }).fill("0.1");
    await expect(page.getByLabel("To (estimated)")).toHaveValue("1.814411764"); // 0.1 × 31000/1700 × 0.995
    await expect(
      page.getByText("Rate from current market prices with a 0.50 % spread, no swap fee."),
    ).toContainText("The quote holds for 30 seconds.");
    await cont.click();
    const dialog = page.getByRole("dialog", { name: "Confirm swap" });
    const row = (label: string) => definitionValue(dialog, label);
    await expect(row("You pay")).toHaveText("0.1 BTC");
    // Both ways, at each coin's display decimals: forward rounded down, inverse rounded up
    await expect(row("Rate")).toContainText("1 BTC = 18.144117 ETH");
    await expect(row("Rate")).toContainText("1 ETH = 0.05511429 BTC");
    await expect(row("Spread")).toHaveText("0.50 %");
    // The browser tests' server runs with SWAP_FEE_BPS unset: a fee line of zero, in the received coin.
    await expect(row("Fee")).toHaveText("0 ETH");
    await expect(row("You receive")).toHaveText("1.814411764 ETH");
    await expect(dialog.getByRole("timer")).toContainText(/expires in \d+ s/);
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Confirm swap" }).click();
    await expect(page.getByRole("dialog").getByText("Successfully swapped BTC.")).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.locator("#swap-available")).toContainText("0.9 BTC");
    await page.getByLabel("From currency").selectOption("ETH");
    await expect(page.locator("#swap-available")).toContainText("1.814411764 ETH");
  });

  test("a low balance is refused beside the amount, naming the balance, and nothing moves", async ({
    page,
  }) => {
    await newMember(page);
    await page.goto("/swap");
    await page.getByLabel("From", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("#swap-amount-error")).toHaveText(
      "That is more than your balance. You have 0 BTC. Deposit more funds to swap this much.",
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the quote's countdown runs out: it cannot be confirmed; a new quote gets its full life even on a fast clock", async ({
    page,
  }) => {
    await newMember(page, [{ asset: "USDT", amount: "100" }]);
    await page.clock.install();
    await page.goto("/swap");
    await page.getByLabel("From currency").selectOption("USDT");
    await page.getByLabel("From", { exact: true }).fill("50");
    await page.getByRole("button", { name: "Continue" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm swap" });
    const confirm = dialog.getByRole("button", { name: "Confirm swap" });
    const timer = dialog.getByRole("timer");
    const secondsShown = async () => Number((await timer.innerText()).match(/expires in (\d+) s/)?.[1]);
    await expect(timer).toHaveText(/^This quote expires in (30|29|28) s\.$/);
    const first = await secondsShown();
    await page.clock.fastForward(10_000);
    await expect.poll(secondsShown).toBeLessThanOrEqual(first - 10);
    await expect(confirm).toBeVisible();

    await page.clock.fastForward(21_000);
    await expect(timer).toHaveText("This quote has expired. Please get a new quote.");
    await expect(confirm).toHaveCount(0);
    await dialog.getByRole("button", { name: "Get a new quote" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("#swap-available")).toContainText("100 USDT");

    // The browser's clock now runs 31 s ahead of the server's; the countdown is the quote's own life.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(timer).toHaveText(/^This quote expires in (30|29|28) s\.$/);
    await confirm.click();
    await expect(page.getByRole("dialog").getByText("Successfully swapped USDT.")).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.locator("#swap-available")).toContainText("50 USDT");
  });

  test("the same-currency rule and the swap arrow", async ({ page }) => {
    await newMember(page);
    await page.goto("/swap");
    const from = page.getByLabel("From currency");
    const to = page.getByLabel("To currency");
    await expect(from).toHaveValue("BTC");
    await expect(to).toHaveValue("ETH");
    await expect(to.locator("option", { hasText: /^BTC$/ })).toHaveCount(0);
    await from.selectOption("ETH"); // same as "to": "to" switches to the first different currency
    await expect(from).toHaveValue("ETH");
    await expect(to).toHaveValue("BTC");
    await page.getByRole("button", { name: "Swap the currencies" }).click();
    await expect(from).toHaveValue("BTC");
    await expect(to).toHaveValue("ETH");
  });
});

test.describe("demo account", () => {
  test("a demo member stakes and swaps with virtual funds; the real balance is untouched", async ({
    page,
  }) => {
    test.setTimeout(180_000); // two accounts, two pages each, axe scans: long on a shared machine
    await newMember(page, [
      { asset: "USDT", amount: "500" },
      { asset: "USDT", amount: "1000", ledger: "demo" },
    ]);
    await switchAccount(page, "Demo");

    await page.goto("/stake?asset=USDT");
    await expect(page.getByText("Demo account · virtual funds")).toBeVisible();
    await expect(infoValue(page, "Available Balance")).toHaveText("1,000 USDT");
    await amountField(page).fill("400");
    await durationField(page).selectOption("30");
    await stakeButton(page).click();
    await expect(page.getByRole("region", { name: "Stake confirmed" })).toBeVisible();
    await expect(infoValue(page, "Available Balance")).toHaveText("600 USDT");
    await expect(page.getByTestId("stake-position")).toHaveCount(1);
    await expectNoA11yViolations(page);

    await page.goto("/swap");
    await expect(page.getByText("Demo account · virtual funds")).toBeVisible();
    await page.getByLabel("From currency").selectOption("USDT");
    await expect(page.locator("#swap-available")).toContainText("600 USDT");
    await page.getByLabel("From", { exact: true }).fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("dialog", { name: "Confirm swap" })
      .getByRole("button", { name: "Confirm swap" })
      .click();
    await expect(page.getByRole("dialog").getByText("Successfully swapped USDT.")).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.locator("#swap-available")).toContainText("500 USDT");
    await page.getByLabel("From currency").selectOption("ETH");
    // 100 USDT ÷ 1,700 × (1 − 0.5 % spread) from the demo treasury
    await expect(page.locator("#swap-available")).toContainText("0.058529411 ETH");
    await expectNoA11yViolations(page);

    // The real account: its 500 USDT untouched, no stake, no ETH, and no demo label.
    await switchAccount(page, "Real");
    await page.goto("/stake?asset=USDT");
    await expect(page.getByRole("heading", { name: /Stake Tether/ })).toBeVisible();
    await expect(page.getByText("Demo account · virtual funds")).toHaveCount(0);
    await expect(infoValue(page, "Available Balance")).toHaveText("500 USDT");
    await expect(page.getByText("You have no stakes yet.")).toBeVisible();
    await page.goto("/swap");
    await page.getByLabel("From currency").selectOption("USDT");
    await expect(page.locator("#swap-available")).toHaveText("Available Balance 500 USDT");
    await page.getByLabel("From currency").selectOption("ETH");
    await expect(page.locator("#swap-available")).toHaveText("Available Balance 0 ETH");

    // …and the demo account kept its own.
    await switchAccount(page, "Demo");
    await page.goto("/stake?asset=USDT");
    await expect(infoValue(page, "Available Balance")).toHaveText("500 USDT");
    await expect(page.getByTestId("stake-position")).toHaveCount(1);
  });
});

test.describe("buy (/buy)", () => {
  test("broker cards open in a new tab as sponsored links, with a disclosure for affiliate links", async ({
    page,
  }) => {
    await newMember(page);
    for (const viewport of [viewports.mobile, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await page.goto("/buy");
      await expect(page.getByRole("heading", { name: "Buy Cryptocurrencies" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Trusted Brokers" })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    const links = page.getByRole("link", { name: /^Coinbase|^Kraken|^Bitstamp|^Gemini/ });
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer sponsored");
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    await expect(page.getByTestId("affiliate-disclosure")).toHaveCount(0);
    await trade(page.request, { action: "broker-affiliate", affiliate: true });
    try {
      await page.reload();
      await expect(page.getByTestId("affiliate-disclosure")).toContainText("affiliate links");
    } finally {
      await trade(page.request, { action: "broker-affiliate", affiliate: false });
    }
  });
});
