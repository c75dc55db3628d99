import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext, signInNewMember } from "./member-session.ts";

// Paying for Premium by card (ADR 0070) through the offline sample provider: its checkout page on
// our site with three test cards, then its webhooks, signed as Stripe signs them, delivered to
// /api/billing/webhook by the server itself. Nothing here is mocked: the membership exists only
// once that webhook has been applied.

async function premiumCheck(page: Page) {
  return (await page.request.get("/api/membership/premium-check")).status();
}

/** From the "Pay by card" page to the sample provider's page; returns its address. */
async function openCardCheckout(page: Page, period: "monthly" | "yearly") {
  await gotoHydrated(page, `/billing/checkout/card?period=${period}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pay by card" })).toBeVisible();
  await expect(page.getByTestId("card-amount")).toHaveText(
    period === "yearly" ? "$3,000.00 a year" : "$250.00 a month",
  );
  await page.getByRole("button", { name: "Continue to secure card payment" }).click();
  await page.waitForURL(/\/billing\/sample-checkout\/cs_test_/);
  await expect(page.getByRole("heading", { level: 1, name: /^Pay / })).toBeVisible();
  return page.url();
}

async function chooseCard(page: Page, number: string) {
  await page.getByRole("radio", { name: new RegExp(number) }).check();
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("a member pays Yearly with 4242 on the sample page and is Premium once the webhook arrives", async ({
      page,
    }) => {
      test.slow(); // sign-in, two axe scans, the webhook round trip
      await signInNewMember(page, "card-pays");
      expect(await premiumCheck(page)).toBe(403);
      await openCardCheckout(page, "yearly");
      await expect(page.getByTestId("sample-amount")).toHaveText("$3,000.00 a year");
      await expectNoA11yViolations(page);
      await chooseCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay $3,000.00" }).click();
      await page.waitForURL(/\/billing\/checkout\/success\?checkout=/);
      // The success page never claims success before the subscription exists; it updates itself.
      await expect(page.getByRole("heading", { level: 1, name: "Welcome to Premium" })).toBeVisible({
        timeout: 20_000,
      });
      const year = new Date().getUTCFullYear() + 1;
      await expect(page.getByTestId("membership-result")).toContainText(
        new RegExp(`Premium membership is active until \\d{1,2} \\w{3} ${year}`),
      );
      await expectNoA11yViolations(page);
      expect(await premiumCheck(page)).toBe(200);
      expect(await (await page.request.get("/api/membership/premium-check")).json()).toEqual({ ok: true });
    });
  });
}

test("the declined card shows the provider's reason and grants nothing; another member never sees the checkout", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInNewMember(page, "card-declined");
  const checkoutUrl = await openCardCheckout(page, "monthly");
  await chooseCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $250.00" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(checkoutUrl);
  expect(await premiumCheck(page)).toBe(403);

  const other = await newMemberInOwnContext(browser, {
    tag: "card-stranger",
    password: "Stranger-card-2026!",
  });
  const response = await other.page.goto(checkoutUrl);
  expect(response?.status()).toBe(404);
  await other.page.context().close();

  // Cancel goes back to the card page with a message, and still nothing is granted.
  await page.getByRole("link", { name: "Cancel and return to Coinlens" }).click();
  await expect(page.getByText("Payment cancelled — nothing was charged.")).toBeVisible();
  expect(await premiumCheck(page)).toBe(403);
});

test("the card that needs the bank's confirmation asks on a second page, then pays", async ({ page }) => {
  test.slow();
  await signInNewMember(page, "card-confirm");
  await openCardCheckout(page, "monthly");
  await chooseCard(page, "4000 0027 6000 3184");
  await page.getByRole("button", { name: "Pay $250.00" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Confirm this payment with your bank" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await page.waitForURL(/\/billing\/checkout\/success\?checkout=/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Premium" })).toBeVisible({
    timeout: 20_000,
  });
  expect(await premiumCheck(page)).toBe(200);
  // Someone else's checkout id on the success page is a 404, as for one that does not exist.
  const url = new URL(page.url());
  const stranger = await page.context().browser()?.newContext();
  if (stranger) {
    const strangerPage = await stranger.newPage();
    await signInNewMember(strangerPage, "card-peek");
    expect((await strangerPage.goto(`${url.pathname}${url.search}`))?.status()).toBe(404);
    await stranger.close();
  }
});

test("the webhook endpoint refuses a badly signed event and needs no session", async ({ request }) => {
  const body = JSON.stringify({
    id: "evt_forged",
    object: "event",
    type: "invoice.paid",
    created: 1,
    data: { object: {} },
  });
  const forged = await request.post("/api/billing/webhook", {
    data: body,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
    },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.json()).toEqual({ error: "invalid_signature" });
});
