import type { Browser, Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";

// The back office's membership page (ADR 0070): support reads the numbers and subscribers; an
// admin edits a plan, where a new price is scheduled 30 days ahead and never applies at once,
// and bad input is said beside its field and changes nothing.

test.describe.configure({ timeout: 180_000 });
const answer = { timeout: 20_000 };

async function staffPage(browser: Browser, role: "admin" | "support", tag: string) {
  const page = await (await browser.newContext()).newPage();
  await signInAsNewStaff(page, { role, tag });
  return page;
}

const premium = (page: Page) => page.getByRole("form", { name: /^Premium/ });

test("an admin schedules a new Premium price 30 days ahead and takes it back; a bad price is refused beside its field; support reads without editing — axe at 375 and 1280 px, light and dark", async ({
  browser,
}) => {
  const admin = await staffPage(browser, "admin", "membership-admin");
  await gotoHydrated(admin, "/admin/membership");
  await expect(admin.getByRole("heading", { name: "Membership", level: 1 })).toBeVisible();
  await expect(admin.getByText("Monthly recurring revenue")).toBeVisible();
  const card = admin.getByTestId("plan-premium");
  await expect(card).toContainText("250.00 USD a month · 3,000.00 USD a year");

  // A price that is not a price: beside the field, and nothing is scheduled.
  await premium(admin).getByLabel("Price a month (USD)").fill("two hundred");
  await premium(admin).getByRole("button", { name: "Save Premium" }).click();
  await expect(premium(admin).getByLabel("Price a month (USD)")).toHaveAccessibleDescription(
    "Enter a price in USD with at most 2 decimals, like 250 or 250.00.",
    answer,
  );
  await expect(admin.getByTestId("plan-premium-scheduled")).toHaveCount(0);

  // A new price: scheduled from a date 30 days ahead; today's price is still what is charged.
  await premium(admin).getByLabel("Price a month (USD)").fill("275");
  await premium(admin).getByRole("button", { name: "Save Premium" }).click();
  await expect(answerOf(admin)).toContainText("The new prices apply to periods starting on or after", answer);
  await expect(admin.getByTestId("plan-premium-scheduled")).toContainText(
    "275.00 USD a month · 3,000.00 USD a year",
  );
  await expect(card).toContainText("250.00 USD a month · 3,000.00 USD a year");
  // The public pricing block still sells today's price.
  const pricing = await (await admin.request.get("/")).text();
  expect(pricing).toContain("$250.00");

  for (const theme of ["light", "dark"] as const) {
    await admin.context().addCookies([{ name: "cl_theme", value: theme, url: new URL(admin.url()).origin }]);
    for (const [name, size] of Object.entries(viewports)) {
      await admin.setViewportSize(size);
      await gotoHydrated(admin, "/admin/membership");
      await expectNoA11yViolations(admin);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      if (process.env.SCREENSHOTS) {
        await admin.screenshot({
          path: `${process.env.SCREENSHOTS}/admin-membership-${name}-${theme}.png`,
          fullPage: true,
        });
      }
    }
  }

  // Today's price again withdraws the scheduled change.
  await premium(admin).getByLabel("Price a month (USD)").fill("250.00");
  await premium(admin).getByRole("button", { name: "Save Premium" }).click();
  await expect(answerOf(admin)).toHaveText("Saved Premium.", answer);
  await expect(admin.getByTestId("plan-premium-scheduled")).toHaveCount(0);

  // Support reads the page but has no editor; posting the form anyway is refused.
  const support = await staffPage(browser, "support", "membership-support");
  await gotoHydrated(support, "/admin/membership");
  await expect(support.getByTestId("plan-premium")).toBeVisible();
  await expect(support.getByRole("button", { name: "Save Premium" })).toHaveCount(0);
  const refused = await support.request.post("/admin/membership", {
    form: {
      intent: "plan",
      planId: "premium",
      name: "Premium",
      monthlyPrice: "1",
      yearlyPrice: "1",
      features: "x",
      entitlements: "research:premium",
    },
    headers: { origin: new URL(support.url()).origin },
  });
  expect(refused.status()).toBe(403);
  await gotoHydrated(admin, "/admin/membership");
  await expect(admin.getByTestId("plan-premium-scheduled")).toHaveCount(0);
});
