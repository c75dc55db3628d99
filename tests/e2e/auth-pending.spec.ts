import type { Page } from "@playwright/test";
import { openAuthPage } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { createMember, signInNewMember } from "./member-session.ts";

// The seed's pending states (§2, §4): the sign-in button reads 'Loading .....' and is disabled
// while the request is out, and a signed-in page shows 'Loading...' while the next page and its
// session check are on their way. The server's answer is held back so the state can be seen.
// (Sign-up's 'Next' and forgot-password's 'Send email' are checked in auth.spec.ts.)

test.describe.configure({ timeout: 120_000 });
const answer = { timeout: 20_000 };
const PASSWORD = "Pending-state-2026!";

/** Holds back matching requests of `method` by `ms` before letting them through. */
async function delay(page: Page, url: string, ms: number, method?: string) {
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test("sign-in: 'Sign In' reads 'Loading .....' and is disabled while the request is out", async ({
  page,
}) => {
  const email = `pending-${Date.now()}-${process.pid}@coinlens.test`;
  await createMember(page.request, { email, password: PASSWORD });
  await openAuthPage(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await delay(page, "**/login*", 1500, "POST");
  await page.getByRole("button", { name: "Sign In" }).click();

  const busy = page.getByRole("button", { name: "Loading ....." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/, answer);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible(answer);
});

test("a signed-in page shows 'Loading...' while the next page and its session check are on their way", async ({
  page,
}) => {
  await signInNewMember(page, "pending");
  const loading = page.getByRole("status").filter({ hasText: "Loading..." });
  await expect(loading).toHaveCount(0);
  await delay(page, "**/wallet.data*", 2000);
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Wallet" }).click();
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("heading", { level: 1, name: /^Wallet/ })).toBeVisible(answer);
  await expect(loading).toHaveCount(0);
});
