import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";

const PASSWORD = "Member-session-2026!";
let counter = 0;

/**
 * A fresh verified member with a real and a demo account (POST /api/test/trade, APP_ENV=test
 * only), signed in through the form and left on a hydrated /dashboard. Returns the e-mail.
 */
export async function signInNewMember(page: Page, tag = "member") {
  const email = `${tag}-${Date.now()}-${process.pid}-${++counter}@coinlens.test`;
  const created = await page.request.post("/api/test/trade", {
    data: { action: "member", email, password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto("/login");
  await page.locator("[data-hydrated=true]").waitFor({ timeout: 20_000 });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
  // A client-side navigation changes the URL just before the new page renders.
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  return email;
}
