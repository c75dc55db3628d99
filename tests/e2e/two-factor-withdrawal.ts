import type { Page } from "@playwright/test";
import type { TOTP } from "otpauth";
import type { Staff } from "./admin-helpers.ts";
import { expect } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

// Withdrawals by a member with two-factor sign-in (staff always have it): each is confirmed with
// a code from the authenticator, and the server accepts each time step once (ADR 0054).

export interface TwoFactorCodes {
  next(): Promise<string>;
}

/**
 * Successive two-factor codes for one account. The server accepts a code only within one time
 * step of its clock and only for a step later than the last one used, so each code here is for a
 * later step than the one before — starting after `lastCodeAt` (when the sign-in helper last used
 * one) — waiting for the clock when no accepted step is left.
 */
export function twoFactorCodes(staff: Staff, lastCodeAt: number): TwoFactorCodes {
  const totp = staff.totp as TOTP;
  const stepOf = (ms: number) => Math.floor(ms / 30_000);
  let last = stepOf(lastCodeAt) + 1;
  return {
    async next() {
      while (last + 1 > stepOf(Date.now()) + 1) {
        await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 250));
      }
      last = Math.max(last + 1, stepOf(Date.now()) - 1);
      return totp.generate({ timestamp: last * 30_000 + 1 });
    },
  };
}

/** An online bank withdrawal in USD, confirmed with the account's next two-factor code. */
export async function withdrawByBank(page: Page, amount: string, codes: TwoFactorCodes) {
  const dialog = page.getByRole("dialog", { name: "Request received" });
  const wrongCode = page.getByText("That code is not valid. Please try again.");
  // A code spent by a step this helper did not see (a sign-in) is refused: the next one is tried.
  for (let attempt = 0; attempt < 3; attempt++) {
    await gotoHydrated(page, "/online-bank-withdrawal");
    await page.getByLabel("Amount (USD)").fill(amount);
    await page.getByLabel("Account holder").fill("Alex Admin");
    await page.getByLabel("Bank name").fill("Example Bank");
    await page.getByLabel("Account number or IBAN").fill("GB82 WEST 1234 5698 7654 32");
    await page.getByLabel("Two-factor code").fill(await codes.next());
    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(dialog.or(wrongCode)).toBeVisible({ timeout: 20_000 });
    if (await dialog.isVisible()) break;
  }
  await expect(dialog).toContainText("Your Online withdrawal is being processed");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
}
