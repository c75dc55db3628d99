import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

const answer = { timeout: 20_000 };
const png = readFileSync(new URL("../fixtures/support/receipt.png", import.meta.url));

/** The member's own steps on /settings/verification: details (tier 1), then documents for tier 2. */
export async function reachTierOneAndSendDocuments(member: Page, fullName: string) {
  await gotoHydrated(member, "/settings/verification");
  await member.getByLabel("Full name").fill(fullName);
  await member.getByLabel("Date of birth").fill("1988-04-02");
  await member.getByLabel("Country of residence").selectOption("GB");
  await member.getByLabel("Street address").fill("1 Example Street");
  await member.getByLabel("Town or city").fill("London");
  await member.getByLabel("Postal code").fill("N1 1AA");
  await member.getByRole("button", { name: "Save details and reach tier 1" }).click();
  await expect(member.getByText("Your details are saved: your account is now tier 1.")).toBeVisible(answer);
  await member
    .getByLabel("Identity document")
    .setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: png });
  await member
    .getByLabel("Selfie with the document")
    .setInputFiles({ name: "selfie.png", mimeType: "image/png", buffer: png });
  await member.getByRole("button", { name: "Send for review" }).click();
  await expect(member.getByText(/Two of our staff will review your documents/)).toBeVisible(answer);
}
