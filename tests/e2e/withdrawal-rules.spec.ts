import type { Page } from "@playwright/test";
import { signUpViaForm, uniqueEmail } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { waitForLink } from "./mailbox.ts";
import { signInNewMember } from "./member-session.ts";

// The withdrawal form says its rules before submitting: the wait for a new address (with the time
// in the member's own locale and time zone), the saved addresses to pick and label, a Max button
// and the amount's USD value. An unconfirmed e-mail is said beside the button, with a way to fix it.
test.describe.configure({ timeout: 120_000 });

const TRON = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";

async function credit(page: Page, email: string, asset: string, amount: string) {
  const response = await page.request.post("/api/test/trade", {
    data: { action: "credit", email, ledger: "real", asset, amount },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`${name}: a new address's wait is said before submitting; saved addresses are picked and labelled; Max and the USD value`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const email = await signInNewMember(page, `withdraw-rules-${name}`);
    await credit(page, email, "USDT", "125.5");
    await gotoHydrated(page, "/usdt-withdrawal");

    const amount = page.getByLabel("Amount (USDT)");
    await amount.fill("10");
    await expect(page.getByText(/≈ \$\d[\d,]*\.\d\d \(estimate at the latest price\)/)).toBeVisible();
    await page.getByRole("button", { name: "Max" }).click();
    await expect(amount).toHaveValue("125.5");
    await expect(page.getByText(/≈ \$12\d\.\d\d \(estimate/)).toBeVisible();

    // A new address: the wait is said as it is typed, before any submit, in this browser's own format.
    const notice = page.getByRole("status").filter({ hasText: "This is a new address" });
    await expect(notice).toHaveCount(0);
    await page.getByLabel("USDT (TRC20) wallet address").fill(TRON);
    await expect(notice).toBeVisible();
    const time = notice.locator("time");
    const iso = (await time.getAttribute("datetime")) ?? "";
    expect(Date.parse(iso)).toBeGreaterThan(Date.now() - 60_000);
    const local = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at)),
      iso,
    );
    await expect(time).toHaveText(local);
    await page.screenshot({
      path: test.info().outputPath(`withdrawal-new-address-${name}.png`),
      fullPage: true,
    });

    // Submitting registers it (the server says the same); the page then lists it as saved.
    await amount.fill("10");
    await page.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByText(/a new withdrawal address can be used from/)).toBeVisible();
    await gotoHydrated(page, "/usdt-withdrawal");
    const book = page.getByRole("heading", { name: "Your saved USDT addresses" }).locator("..");
    await expect(book.getByText(TRON)).toBeVisible();

    // Label it; the picker shows the label.
    await book.getByLabel(/^Label for/).fill("Cold wallet");
    await book.getByRole("button", { name: "Save label" }).click();
    await expect(book.getByText("Label saved.")).toBeVisible();
    await expect(book.getByText("Cold wallet", { exact: true })).toBeVisible();
    const addressId = (await book.locator('input[name="addressId"]').getAttribute("value")) ?? "";

    // The test server's wait is seconds long: once over, the saved address is usable now.
    await expect
      .poll(
        async () => {
          await gotoHydrated(page, "/usdt-withdrawal");
          return page
            .getByLabel("Saved addresses")
            .locator("option", { hasText: "Cold wallet" })
            .textContent();
        },
        { timeout: 30_000 },
      )
      .toContain("usable now");
    await page.getByLabel("Saved addresses").selectOption({ label: "Cold wallet · usable now" });
    await expect(page.getByLabel("USDT (TRC20) wallet address")).toHaveValue(TRON);
    await expect(notice).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`withdrawal-saved-${name}.png`), fullPage: true });

    // Another member can neither see nor label it.
    const other = await browser.newPage({ viewport });
    await signInNewMember(other, `withdraw-rules-other-${name}`);
    await gotoHydrated(other, "/usdt-withdrawal");
    await expect(other.getByText(TRON)).toHaveCount(0);
    await expect(other.getByLabel("Saved addresses")).toHaveCount(0);
    const refused = await other.request.post("/usdt-withdrawal", {
      form: { intent: "label", addressId, label: "Mine now" },
    });
    expect(refused.status()).toBe(404);
    await other.close();
    await gotoHydrated(page, "/usdt-withdrawal");
    await expect(page.getByText("Cold wallet", { exact: true })).toBeVisible();
  });

  test(`${name}: an unconfirmed member sees the notice beside the button on /btc-withdrawal and /swap, and gets a new link`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`unconfirmed-money-${name}`);
    await signUpViaForm(page, { email });
    await credit(page, email, "BTC", "1");

    await gotoHydrated(page, "/btc-withdrawal");
    await expect(page.getByRole("heading", { level: 1, name: "Withdraw BTC" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Withdraw" })).toBeDisabled();
    const notice = page.getByRole("status").filter({ hasText: "Confirm your e-mail address first" });
    await expect(notice).toBeVisible();
    await expectNoA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`withdrawal-unconfirmed-${name}.png`),
      fullPage: true,
    });
    await notice.getByRole("button", { name: "Send a new link" }).click();
    await expect(notice.getByText("We sent a new link.")).toBeVisible();
    await waitForLink(page, email, "/verify-email", { count: 2 });

    await gotoHydrated(page, "/swap");
    const swapNotice = page.getByRole("status").filter({ hasText: "Confirm your e-mail address first" });
    await expect(swapNotice).toBeVisible();
    await page.getByLabel("From", { exact: true }).fill("0.1");
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await swapNotice.getByRole("button", { name: "Send a new link" }).click();
    await expect(swapNotice.getByText("We sent a new link.")).toBeVisible();
    await waitForLink(page, email, "/verify-email", { count: 3 });

    // The actions answer in the form with a 403, never the full-page refusal.
    for (const [path, form] of [
      ["/swap", { intent: "quote", amount: "0.1", from: "BTC", to: "ETH" }],
      ["/btc-withdrawal", { amount: "0.1", address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" }],
    ] as const) {
      const response = await page.request.post(path, { form });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).not.toContain("You don&#x27;t have access to this");
    }
  });
}
