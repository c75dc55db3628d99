import type { Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";

// /admin/earn (ADR 0060, 0061): staking product terms, rewards pools and treasuries, the swap spread and
// /buy's brokers, edited by an admin with two-factor sign-in. Products and brokers here are ones no
// other browser test uses (BCH · 2 weeks, a new broker), since all tests share one database.

// Each test turns on two-factor sign-in through Settings and scans several pages with axe.
test.describe.configure({ timeout: 180_000 });
const answer = { timeout: 20_000 };

const productRow = (page: Page, label: string) => page.getByTestId(`product-${label}`);

test("the back-office refuses staff without two-factor sign-in, and roles without the permission", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsNewStaff(page, { twoFactor: false, tag: "earn-no2fa" });
  const refused = await page.goto("/admin/earn");
  expect(refused?.status()).toBe(403);
  await expect(
    page.getByText("Turn on two-factor sign-in in Settings before using the back-office."),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  // The action checks on its own: a hand-made POST is refused too.
  const post = await page.request.post("/admin/earn", {
    form: { intent: "spread", spreadBps: "999" },
    failOnStatusCode: false,
  });
  expect(post.status()).toBe(403);

  const support = await browser.newContext({ baseURL });
  try {
    const supportPage = await support.newPage();
    await signInAsNewStaff(supportPage, { role: "support", tag: "earn-support" });
    const response = await supportPage.goto("/admin/earn");
    expect(response?.status()).toBe(403);
    await expect(supportPage.getByText("You do not have permission to do this.")).toBeVisible();
  } finally {
    await support.close();
  }
});

test("an admin edits a staking product: bad input is explained beside the field and changes nothing; saved terms reach members", async ({
  page,
}) => {
  await signInAsNewStaff(page, { tag: "earn-products" });
  await gotoHydrated(page, "/admin/earn");
  await expect(page.getByRole("heading", { name: "Earn and trade", level: 1 })).toBeVisible();
  const row = productRow(page, "BCH · 2 weeks");
  await expect(row).toContainText("1.5 %");
  await expect(row).toContainText("100 USD");
  await expect(row).toContainText("500 BCH");
  await expect(row).toContainText("10,000 BCH");
  await expectNoA11yViolations(page);

  await row.getByRole("link", { name: "Edit BCH · 2 weeks" }).click();
  await expect(page.getByRole("heading", { name: "Edit BCH · 2 weeks" })).toBeVisible();
  const apr = page.getByLabel("Est. APR (%)");
  const capacity = page.getByLabel("Total capacity (BCH)");
  await expect(apr).toHaveValue("1.5");
  await apr.fill("six");
  await page.getByLabel("Minimum stake (USD)").fill("0");
  await capacity.fill("100"); // below the 500 BCH per-member maximum
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(apr).toHaveAccessibleDescription(
    /Enter the APR as a percent with up to 2 decimals, such as 6\.5\./,
  );
  await expect(apr).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Minimum stake (USD)")).toHaveAccessibleDescription(
    /The minimum must be above zero\./,
  );
  await expect(capacity).toHaveAccessibleDescription(
    /The total capacity must be at least the per-member maximum\./,
  );
  await expect(capacity).toHaveValue("100"); // what was typed stays, to be corrected
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(row).toContainText("1.5 %"); // nothing changed
  await expect(row).toContainText("10,000 BCH");

  await row.getByRole("link", { name: "Edit BCH · 2 weeks" }).click();
  await apr.fill("2.75");
  await page.getByLabel("Minimum stake (USD)").fill("150");
  await page.getByLabel("Per-member maximum (BCH)").fill("20");
  await capacity.fill("400");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(answerOf(page)).toHaveText("Saved BCH · 2 weeks.");
  await expect(row).toContainText("2.75 %");
  await expect(row).toContainText("150 USD");
  await expect(row).toContainText("20 BCH");
  await expect(row).toContainText("400 BCH");
  await expect(row).toContainText("Open");

  // Members see the new rate at once.
  await gotoHydrated(page, "/stake?asset=BCH");
  const duration = page.getByLabel("Duration");
  await expect(duration.locator("option", { hasText: "2 weeks · 2.75 % est. APR" })).toHaveCount(1);

  // Closing the product takes it off the member's list.
  const id = await productId(page, "BCH · 2 weeks");
  await gotoHydrated(page, `/admin/earn?product=${id}`);
  await page.getByLabel("Open for new stakes").uncheck();
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(answerOf(page)).toHaveText("Saved BCH · 2 weeks.");
  await expect(row).toContainText("Closed");
  await gotoHydrated(page, "/stake?asset=BCH");
  await expect(duration.locator("option", { hasText: /^2 weeks/ })).toHaveCount(0);
  await expect(duration.locator("option", { hasText: /^1 month/ })).toHaveCount(1);
});

/** The id behind a product's Edit link on /admin/earn. */
async function productId(page: Page, label: string) {
  await gotoHydrated(page, "/admin/earn");
  const href = await productRow(page, label)
    .getByRole("link", { name: `Edit ${label}` })
    .getAttribute("href");
  return new URL(href ?? "", "http://x").searchParams.get("product");
}

test("an admin proposes funding a pool and a treasury, funded only when a second admin approves; sets the spread, and adds, edits and hides a broker", async ({
  page,
  browser,
}) => {
  const staff = await signInAsNewStaff(page, { tag: "earn-funds" });
  await gotoHydrated(page, "/admin/earn");
  const funding = page.getByRole("form", { name: "Fund a rewards pool or a treasury" });
  const demoBch = page.getByRole("row", { name: /^demo BCH / });
  await expect(demoBch).toContainText("150 BCH");
  await expect(demoBch).toContainText("2,000 BCH");

  // A rewards pool holds crypto only; zero is refused; nothing is recorded.
  await funding.getByLabel("Ledger").selectOption("demo");
  await funding.getByLabel("Asset").selectOption("USD");
  await funding.getByLabel("Amount").fill("5");
  await funding.getByRole("button", { name: "Propose rewards pool funding" }).click();
  await expect(funding.getByLabel("Asset")).toHaveAccessibleDescription(
    /Rewards pools hold crypto assets: choose one of BTC, ETH, SOL, BNB, BCH, TRX, USDT\./,
  );
  await funding.getByLabel("Asset").selectOption("BCH");
  await funding.getByLabel("Amount").fill("0");
  await funding.getByRole("button", { name: "Propose rewards pool funding" }).click();
  await expect(funding.getByLabel("Amount")).toHaveAccessibleDescription(
    /The amount must be greater than zero\./,
  );
  await expect(demoBch).toContainText("150 BCH");
  await expectNoA11yViolations(page);

  // Proposed: recorded, and nothing moves until a second admin approves. The form carries an
  // idempotency key that the page replaces when it reloads its data after a proposal; the next
  // proposal waits for it, or it would be answered as a replay of the first.
  const key = funding.locator('input[name="key"]');
  const propose = async (button: string, recorded: string) => {
    const previous = await key.inputValue();
    await funding.getByRole("button", { name: button }).click();
    await expect(answerOf(page)).toHaveText(recorded, answer);
    await expect(key).not.toHaveValue(previous, answer);
  };
  await funding.getByLabel("Amount").fill("12.5");
  await propose(
    "Propose rewards pool funding",
    "Recorded: 12.5 BCH for the demo BCH rewards pool. It is funded when a second admin approves it under Approvals.",
  );
  await funding.getByLabel("Ledger").selectOption("demo");
  await funding.getByLabel("Asset").selectOption("BCH");
  await funding.getByLabel("Amount").fill("100");
  await propose(
    "Propose treasury funding",
    "Recorded: 100 BCH for the demo BCH treasury. It is funded when a second admin approves it under Approvals.",
  );
  await gotoHydrated(page, "/admin/earn");
  await expect(demoBch).toContainText("150 BCH");
  await expect(demoBch).toContainText("2,000 BCH");

  // The proposer may not approve their own proposal …
  const proposals = (approver: Page, kind: string, amount: string) =>
    approver
      .locator("[data-testid^='approval-']")
      .filter({ hasText: staff.email })
      .filter({ hasText: kind })
      .filter({ hasText: amount });
  await gotoHydrated(page, "/admin/approvals");
  const ownPool = proposals(page, "Rewards pool funding", "12.5 BCH");
  await expect(ownPool).toHaveCount(1);
  await expect(
    ownPool.getByText("You recorded this: a second, different admin must approve or decline it."),
  ).toBeVisible();
  await expect(ownPool.getByRole("button")).toHaveCount(0);

  // … a second admin approves both: now the money moves.
  const secondContext = await browser.newContext();
  try {
    const second = await secondContext.newPage();
    await signInAsNewStaff(second, { tag: "earn-funds-approver" });
    await gotoHydrated(second, "/admin/approvals");
    await proposals(second, "Rewards pool funding", "12.5 BCH")
      .getByRole("button", { name: "Approve" })
      .click();
    await expect(answerOf(second)).toHaveText("Approved: the demo BCH rewards pool is funded.", answer);
    await proposals(second, "Treasury funding", "100 BCH").getByRole("button", { name: "Approve" }).click();
    await expect(answerOf(second)).toHaveText("Approved: the demo BCH treasury is funded.", answer);
    await expect(proposals(second, "funding", "BCH")).toHaveCount(0);
  } finally {
    await secondContext.close();
  }
  await gotoHydrated(page, "/admin/earn");
  await expect(demoBch).toContainText("162.5 BCH");
  await expect(demoBch).toContainText("2,100 BCH");

  // The spread: out of range is refused; the swap tests rely on 50 bps, so it is saved unchanged.
  const spread = page.getByLabel("Spread (basis points, 100 = 1 %)");
  await spread.fill("1001");
  await page.getByRole("button", { name: "Save spread" }).click();
  await expect(spread).toHaveAccessibleDescription(
    /The spread must be a whole number of basis points from 0 to 1000\./,
  );
  await spread.fill("50");
  await page.getByRole("button", { name: "Save spread" }).click();
  await expect(answerOf(page)).toHaveText("Swap spread saved: 50 basis points.");

  // The referral reward (ADR 0084): a wrong amount is explained beside the field; saved, then
  // removed again (an empty amount), since other tests share this database.
  const referral = page.locator("form", { has: page.locator('input[name="intent"][value="referral"]') });
  await referral.getByLabel("Asset").selectOption("USDT");
  await referral.getByLabel("Amount per referral").fill("five");
  await referral.getByRole("button", { name: "Save reward" }).click();
  await expect(referral.getByLabel("Amount per referral")).toHaveAccessibleDescription(
    /Enter an amount such as 10 or 0\.5\./,
  );
  await referral.getByLabel("Amount per referral").fill("5");
  await referral.getByRole("button", { name: "Save reward" }).click();
  await expect(answerOf(page)).toHaveText(
    "Referral reward saved: 5 USDT from the USDT rewards pool, while it holds enough.",
  );
  await expect(referral.getByLabel("Amount per referral")).toHaveValue("5");
  await referral.getByLabel("Amount per referral").fill("");
  await referral.getByRole("button", { name: "Save reward" }).click();
  await expect(answerOf(page)).toHaveText("Referral reward removed: none is offered or shown.");

  // A new broker: unsafe link and a foreign image are explained; then it shows on /buy.
  await page.getByRole("link", { name: "Add a broker" }).click();
  await expect(page.getByRole("heading", { name: "Add a broker" })).toBeVisible();
  await page.getByLabel("Name").fill("Bitpanda");
  await page.getByLabel("Link", { exact: true }).fill("http://www.bitpanda.com/");
  await page.getByLabel("Image").fill("https://cdn.example/bitpanda.png");
  await page.getByLabel("Card text").fill("Card, SEPA");
  await page.getByLabel("Order").fill("9");
  await page.getByRole("button", { name: "Add broker" }).click();
  await expect(page.getByLabel("Link", { exact: true })).toHaveAccessibleDescription(
    /The link must be a full address starting with https:\/\//,
  );
  await expect(page.getByLabel("Image")).toHaveAccessibleDescription(/Use an image on this site/);
  await expectNoA11yViolations(page);
  await page.getByLabel("Link", { exact: true }).fill("https://www.bitpanda.com/");
  await page.getByLabel("Image").fill("");
  await page.getByRole("button", { name: "Add broker" }).click();
  await expect(answerOf(page)).toHaveText("Saved Bitpanda.");
  const brokerRow = page.getByTestId("broker-Bitpanda");
  await expect(brokerRow).toContainText("Card, SEPA");
  await expect(brokerRow).toContainText("Shown");

  await brokerRow.getByRole("link", { name: "Edit Bitpanda" }).click();
  await page.getByLabel("Card text").fill("Card, SEPA, PayPal");
  await page.getByRole("button", { name: "Save broker" }).click();
  await expect(answerOf(page)).toHaveText("Saved Bitpanda.");
  await expect(brokerRow).toContainText("Card, SEPA, PayPal");

  await gotoHydrated(page, "/buy");
  const card = page.getByRole("link", { name: /^Bitpanda/ });
  await expect(card).toHaveAttribute("href", "https://www.bitpanda.com/");
  await expect(card).toHaveAttribute("rel", "noopener noreferrer sponsored");
  await expect(card).toContainText("Card, SEPA, PayPal");
  await expectNoA11yViolations(page);

  await gotoHydrated(page, "/admin/earn");
  await brokerRow.getByRole("button", { name: "Hide Bitpanda" }).click();
  await expect(answerOf(page)).toHaveText("Bitpanda is hidden from /buy.");
  await expect(brokerRow).toContainText("Hidden");
  await gotoHydrated(page, "/buy");
  await expect(page.getByRole("link", { name: /^Bitpanda/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Kraken/ })).toHaveCount(1);
});
