import type { APIRequestContext, Page } from "@playwright/test";
import { definitionValue, expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";

// A first-time investor's swap and stake, at 375 and 1280 px: an over-balance amount refused
// beside the amount naming the balance (never a deposit suggestion in Demo: the demo balance reset
// is offered instead), the estimate and the rate both ways while typing, a done swap saying what
// was paid and received with a link to it;
// the stake's reward in the coin and in USD, Est APR neutral until a duration is chosen, the QR
// labelled as a referral invitation, a running stake "Active until <date>" in the history.

const PASSWORD = "First-run-trade-2026!";
test.describe.configure({ timeout: 120_000 });
let counter = 0;

async function trade(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post("/api/test/trade", { data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/);
}

async function newMember(
  page: Page,
  credits: { asset: string; amount: string; ledger?: "real" | "demo" }[] = [],
) {
  const email = `first-trade-${Date.now()}-${process.pid}-${++counter}@coinlens.test`;
  await trade(page.request, { action: "member", email, password: PASSWORD });
  for (const c of credits) {
    await trade(page.request, { action: "credit", email, ledger: c.ledger ?? "real", ...c });
  }
  await signIn(page, email);
  return email;
}

async function switchAccount(page: Page, mode: "Demo" | "Real") {
  await page.getByRole("button", { name: /Switch account/ }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${mode} account`) }).click();
  await expect(page.getByTestId("account-badge")).toContainText(`${mode} ·`);
}

const GREEN = "rgb(4, 120, 87)";
const widths = [viewports.mobile, viewports.desktop] as const;

/** The element's top edge lies between the amount input and the "To" input: under the amount. */
async function expectUnderTheAmount(page: Page, selector: string) {
  const amount = await page.getByLabel("From", { exact: true }).boundingBox();
  const error = await page.locator(selector).boundingBox();
  const to = await page.getByLabel("To (estimated)").boundingBox();
  if (!amount || !error || !to) throw new Error("an element is not laid out");
  expect(error.y).toBeGreaterThanOrEqual(amount.y + amount.height);
  expect(error.y + error.height).toBeLessThanOrEqual(to.y);
}

test.describe("swap: errors beside the amount", () => {
  for (const viewport of widths) {
    test(`over the balance and too many decimals, under the amount (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await newMember(page, [{ asset: "BTC", amount: "0.5" }]);
      await page.goto("/swap");
      const amount = page.getByLabel("From", { exact: true });
      await amount.fill("0.6");
      await page.getByRole("button", { name: "Continue" }).click();
      const error = page.locator("#swap-amount-error");
      await expect(error).toHaveText(
        "That is more than your balance. You have 0.5 BTC. Deposit more funds to swap this much.",
      );
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expectUnderTheAmount(page, "#swap-amount-error");
      await expectNoA11yViolations(page);

      await amount.fill("0.123456789");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(error).toHaveText("BTC amounts have at most 8 decimals.");
      await expectUnderTheAmount(page, "#swap-amount-error");
    });
  }

  test("in Demo the over-balance error names the balance and never suggests a deposit", async ({ page }) => {
    await newMember(page, [{ asset: "USDT", amount: "50", ledger: "demo" }]);
    await switchAccount(page, "Demo");
    await page.goto("/swap");
    await page.getByLabel("From currency").selectOption("USDT");
    await page.getByLabel("From", { exact: true }).fill("75");
    await page.getByRole("button", { name: "Continue" }).click();
    const error = page.locator("#swap-amount-error");
    await expect(error).toContainText("You have 50 USDT.");
    await expect(error).toContainText(
      "Demo funds are virtual: try a smaller amount, or reset your demo balance.",
    );
    await expect(error).not.toContainText(/deposit/i);
    // The reset is offered beside the message (tests/e2e/demo-reset.spec.ts takes it).
    await expect(page.getByRole("button", { name: "Reset demo balance" })).toBeVisible();
    await expect(page.getByText(/deposit more/i)).toHaveCount(0);
  });
});

test.describe("swap: the estimate while typing, the rate both ways, what was paid and received", () => {
  for (const viewport of widths) {
    test(`estimate → quote → done, with a link to the transaction (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await newMember(page, [{ asset: "BTC", amount: "1" }]);
      await page.goto("/swap");
      await page.getByLabel("To currency").selectOption("USDT");
      const estimate = page.locator("#swap-estimate");
      // Before any amount: the rate at the cached price, both ways, labelled as an estimate.
      // 31,000 × 0.995 = 30,845 USDT; 1 ÷ 30,845 = 0.0000324201… BTC, rounded up
      await expect(estimate).toContainText("Estimate at the latest price");
      await expect(estimate).toContainText("1 BTC = 30,845.00 USDT");
      await expect(estimate).toContainText("1 USDT = 0.00003243 BTC");
      const to = page.getByLabel("To (estimated)");
      await expect(to).toHaveValue("");
      // Fills as each character is typed, before any quote is asked for.
      await page.getByLabel("From", { exact: true }).pressSequentially("0.1");
      await expect(to).toHaveValue("3084.5");
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: "Continue" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm swap" });
      await expect(definitionValue(dialog, "Rate")).toContainText("1 BTC = 30,845.00 USDT");
      await expect(definitionValue(dialog, "Rate")).toContainText("1 USDT = 0.00003243 BTC");
      await dialog.getByRole("button", { name: "Confirm swap" }).click();
      const done = page.getByRole("dialog").getByRole("status");
      await expect(done).toContainText("Successfully swapped BTC.");
      await expect(done).toContainText("You paid 0.1 BTC and received 3,084.5 USDT.");
      await expectNoA11yViolations(page);
      await done.getByRole("link", { name: "See this swap in your transactions" }).click();
      await page.waitForURL(/\/transactions\?type=swap/);
      await expect(page.getByText("3,084.5 USDT").filter({ visible: true }).first()).toBeVisible();
    });
  }
});

test.describe("stake: reward in coin and USD, neutral APR, the referral QR, history", () => {
  for (const viewport of widths) {
    test(`a stake from the form to the history (${viewport.width} px)`, async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await newMember(page, [{ asset: "USDT", amount: "1000" }]);
      await page.goto("/stake?asset=USDT");
      // Coin stats once each: no second volume figure.
      await expect(page.getByText("24h volume")).toHaveCount(1);
      await expect(page.getByText("Total volume")).toHaveCount(0);
      const apr = definitionValue(page, "Est APR");
      await expect(apr).toHaveText("0 %");
      await expect(apr).not.toHaveCSS("color", GREEN);
      await page.getByLabel("Amount").fill("500");
      await page.getByLabel("Duration").selectOption("30");
      await expect(apr).toHaveText("6 %");
      await expect(apr).toHaveCSS("color", GREEN);
      await expect(definitionValue(page, "Estimated reward")).toHaveText("2.46 USDT ≈ $2.46");
      await page.getByRole("button", { name: "Stake", exact: true }).click();

      const card = page.getByRole("region", { name: "Stake confirmed" });
      await expect(definitionValue(card, "Return")).toHaveText("2.46 USDT ≈ $2.46");
      const invitation = card.getByRole("figure");
      await expect(invitation.getByText("Invite a friend")).toBeVisible();
      await expect(invitation.getByRole("img")).toHaveAttribute(
        "alt",
        /an invitation to sign up, not a payment address/,
      );
      await expect(card.getByTestId("referral-qr-note")).toHaveText(
        "Scanning opens your sign-up invitation. It is not a payment address: never send coins to it.",
      );
      await expectNoA11yViolations(page);

      await page.goto("/transactions");
      const active = page.getByText(/^Active until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/).filter({
        visible: true,
      });
      await expect(active).toHaveCount(1);
      await expect(page.getByText("Pending", { exact: true }).filter({ visible: true })).toHaveCount(0);
      await expectNoA11yViolations(page);

      // A second member sees none of it.
      const other = await browser.newContext({ viewport, baseURL });
      try {
        const otherPage = await other.newPage();
        await newMember(otherPage);
        await otherPage.goto("/transactions");
        // Their list has loaded (the demo account's opening credit) and holds no stake.
        const dated = otherPage.getByText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/).filter({ visible: true });
        await expect(dated.first()).toBeVisible();
        await expect(otherPage.getByText(/^Active until/)).toHaveCount(0);
        await expect(otherPage.getByText("500 USDT")).toHaveCount(0);
      } finally {
        await other.close();
      }
    });
  }
});
