import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { createMember, memberEmail, signInWithPassword, testApi } from "./member-session.ts";

// Staff for browser tests of the back-office. A verified member is made by the
// test-only /api/test/trade endpoint, turns on two-factor sign-in through Settings as a person
// would, and is then given a role by the test-only /api/test/staff endpoint (grantRole, the
// function behind `npm run admin:create`). Both endpoints are 404 unless APP_ENV=test (ADR 0062).

export const STAFF_PASSWORD = "Back-office-2026!";

export interface Staff {
  email: string;
  password: string;
  role: "admin" | "support" | "analyst" | "member";
  /** The authenticator for this account; null when two-factor sign-in was left off. */
  totp: TOTP | null;
}

/** Turns on two-factor sign-in for the signed-in member through /settings; returns the authenticator. */
export async function enableTwoFactor(page: Page, password: string): Promise<TOTP> {
  await gotoHydrated(page, "/settings");
  await page.getByLabel("Confirm with your password").fill(password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent({ timeout: 20_000 })) ?? "";
  const totp = new TOTP({ secret: Secret.fromBase32(secret.trim()), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible({ timeout: 20_000 });
  return totp;
}

/**
 * Signs `page` in as a new staff member (admin unless told otherwise). With `twoFactor: false`
 * the account has the role but not two-factor sign-in, which the back-office must refuse.
 */
export async function signInAsNewStaff(
  page: Page,
  options: { role?: Staff["role"]; twoFactor?: boolean; tag?: string } = {},
): Promise<Staff> {
  const role = options.role ?? "admin";
  const email = memberEmail(options.tag ?? role, "staff.coinlens.test");
  await createMember(page.request, { email, password: STAFF_PASSWORD });
  await signInWithPassword(page, email, STAFF_PASSWORD);
  const totp = options.twoFactor === false ? null : await enableTwoFactor(page, STAFF_PASSWORD);
  await testApi(page.request, "/api/test/staff", { email, role });
  return { email, password: STAFF_PASSWORD, role, totp };
}
