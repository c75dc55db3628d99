import path from "node:path";
import type { Page } from "@playwright/test";
import { availableBalance } from "./balances.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext, newSignedInMember, testApi } from "./member-session.ts";

// Paying the membership from the balance (/billing/checkout/crypto), each test with its own
// verified member credited through real ledger entries by the test-only /api/test/trade endpoint.

const PASSWORD = "Membership-crypto-2026!";
const CHECKOUT = "/billing/checkout/crypto?plan=premium&period=yearly";
test.describe.configure({ timeout: 120_000 });

/** BTC at a price that does not divide $3,000 evenly, so the quote shows its rounding up. */
async function setBtcPrice(page: Page) {
  await testApi(page.request, "/api/test/market/price", { symbol: "BTC", priceUsd: "93456.78" });
}

async function switchAccount(page: Page, mode: "Demo" | "Real") {
  await page.getByRole("button", { name: /Switch account/ }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${mode} account`) }).click();
  await expect(page.getByTestId("account-badge")).toContainText(`${mode} ·`);
}

test("a real-account member pays the yearly membership in BTC: exactly the quoted amount leaves the balance, a Membership row appears, and the premium API answers them only", async ({
  page,
  browser,
}) => {
  await newSignedInMember(page, {
    tag: "ms-crypto",
    password: PASSWORD,
    credits: [
      { asset: "BTC", amount: "0.1" },
      { asset: "USD", amount: "12.5" },
    ],
  });
  await setBtcPrice(page);
  expect((await page.request.get("/api/membership/premium-check")).status()).toBe(403);
  await gotoHydrated(page, CHECKOUT);
  await expect(
    page.getByRole("heading", { level: 1, name: "Pay for Premium with your balance" }),
  ).toBeVisible();
  await expect(page.getByTestId("amount-due")).toHaveText("$3,000.00");
  // Every balance is shown; one without funds cannot be chosen.
  await expect(page.getByLabel(/Tether \(USDT\)/)).toBeDisabled();
  await expect(page.getByText("Balance 0.10000000 BTC")).toBeVisible();
  await expect(page.getByText("Balance $12.50")).toBeVisible();
  await expectNoA11yViolations(page);

  // USD cash is too little: refused beside the choice, naming the balance.
  await page.getByLabel(/USD cash/).check();
  await page.getByRole("button", { name: "Get a quote" }).click();
  await expect(page.locator("#pay-asset-error")).toContainText("you have $12.50 and it costs $3,000.00");

  await page.getByLabel(/Bitcoin \(BTC\)/).check();
  // Set the price again just before quoting: the server's sample prices refresh every minute and
  // could have put BTC back since the start of the test.
  await setBtcPrice(page);
  await page.getByRole("button", { name: "Get a quote" }).click();
  // $3,000 at $93,456.78 = 0.0321003997… BTC, rounded up to the satoshi.
  await expect(page.getByTestId("quote-amount")).toHaveText("0.03210040 BTC");
  await expect(page.getByRole("timer")).toHaveText(/This quote expires in \d+ s\./);
  await expectNoA11yViolations(page);
  const before = await availableBalance(page, "BTC");
  await page.getByRole("button", { name: "Pay 0.03210040 BTC" }).click();
  const done = page.getByRole("status").filter({ hasText: "Payment complete" });
  await expect(done).toContainText("You paid 0.03210040 BTC from your balance. Premium is yours until");
  expect(before).toBe("0.1");
  expect(await availableBalance(page, "BTC")).toBe("0.0678996");
  await expectNoA11yViolations(page);

  await done.getByRole("link", { name: "See the payment in your transactions" }).click();
  await expect(page).toHaveURL(/\/transactions\?type=membership/);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table.getByRole("row").filter({ hasText: "Membership" })).toContainText("0.0321004");

  expect((await page.request.get("/api/membership/premium-check")).status()).toBe(200);
  expect(await (await page.request.get("/api/membership/premium-check")).json()).toEqual({ ok: true });
  const other = await newMemberInOwnContext(browser, { tag: "ms-crypto-other", password: PASSWORD });
  expect((await other.page.request.get("/api/membership/premium-check")).status()).toBe(403);
  await other.page.context().close();
});

test("a demo-mode session is refused with a clear message, on the page and on the server, and offered the real account", async ({
  page,
}) => {
  await newSignedInMember(page, {
    tag: "ms-crypto-demo",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "3000" }],
  });
  await gotoHydrated(page, "/dashboard");
  await switchAccount(page, "Demo");
  await gotoHydrated(page, CHECKOUT);
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText(
    "Demo funds are virtual: they cannot pay for a membership. Switch to your real account to pay from its balance.",
  );
  await expect(page.getByRole("button", { name: "Get a quote" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  // The server refuses too, whatever the page shows.
  const origin = new URL(page.url()).origin;
  const posted = await page.request.post("/billing/checkout/crypto.data?plan=premium&period=yearly", {
    form: { intent: "quote", asset: "USD" },
    headers: { Origin: origin },
  });
  expect(posted.status()).toBe(403);
  expect(await posted.text()).toContain("Demo funds are virtual");
  expect(await availableBalance(page, "USD")).toBe("3000");

  await refusal.getByRole("button", { name: "Switch to your real account" }).click();
  await expect(page.getByTestId("account-badge")).toContainText("Real ·");
  await expect(page.getByRole("button", { name: "Get a quote" })).toBeVisible();
});

test("looks right at 375 and 1280 px, light and dark, and axe finds nothing", async ({ page }) => {
  await newSignedInMember(page, {
    tag: "ms-crypto-look",
    password: PASSWORD,
    credits: [
      { asset: "USDT", amount: "4000" },
      { asset: "BTC", amount: "0.2" },
    ],
  });
  const dir = process.env.SCREENSHOTS_DIR;
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, CHECKOUT);
      await expectNoA11yViolations(page);
      if (dir)
        await page.screenshot({
          path: path.join(dir, `crypto-checkout-${viewport.width}-${theme}.png`),
          fullPage: true,
        });
      await page.getByLabel(/Tether \(USDT\)/).check();
      await page.getByRole("button", { name: "Get a quote" }).click();
      await expect(page.getByTestId("quote-amount")).toHaveText(/USDT$/);
      await expectNoA11yViolations(page);
      if (dir)
        await page.screenshot({
          path: path.join(dir, `crypto-quote-${viewport.width}-${theme}.png`),
          fullPage: true,
        });
    }
  }
});
