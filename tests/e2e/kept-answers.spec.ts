import { keepEventSources, playAccountResync } from "./event-sources.ts";
import { expect, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext } from "./member-session.ts";

// Every signed-in page re-reads its loaders when the member's account stream sends an event
// (AccountEvents), and React Router drops a form's answer on such a re-read. The pages keep it
// (useKeptAnswer) until the next navigation; tests/kept-answers.test.ts checks every page uses it.

const PASSWORD = "Kept-answer-2026!";
const answer = { timeout: 20_000 };

test("a form's answer survives the page's live re-read and goes with the next navigation", async ({
  browser,
}) => {
  const { page } = await newMemberInOwnContext(browser, { tag: "kept", password: PASSWORD });
  await keepEventSources(page);
  await gotoHydrated(page, "/settings");

  // A success message.
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Save name" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Your name is saved." });
  await expect(saved).toBeVisible(answer);
  await playAccountResync(page);
  await expect(saved).toBeVisible();

  // An error: a wrong current password.
  await page.getByLabel("Current password").fill("Not-my-password-1!");
  await page.getByLabel("New password", { exact: true }).fill("Another-password-2026!");
  await page.getByLabel("Repeat the new password").fill("Another-password-2026!");
  await page.getByRole("button", { name: "Change password" }).click();
  const refused = page.getByRole("alert").filter({ hasText: /password/i });
  await expect(refused).toBeVisible(answer);
  await expect(saved).toBeHidden();
  await playAccountResync(page);
  await expect(refused).toBeVisible();

  // Two-factor enrolment: the QR code and recovery codes live only in the answer, so a re-read
  // in the middle of setting up would have taken them away.
  await page.getByLabel("Confirm with your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = page.getByTestId("totp-secret");
  await expect(secret).toBeVisible(answer);
  const shown = await secret.textContent();
  await playAccountResync(page);
  await expect(secret).toHaveText(shown ?? "");
  await expect(page.getByLabel("Code from the app")).toBeVisible();

  // A navigation to the same page, which stays mounted, forgets the answer.
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Account" })
    .click();
  await expect(secret).toBeHidden(answer);
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
});

test("what a member types into a withdrawal form survives the page's live re-read", async ({ browser }) => {
  const { page } = await newMemberInOwnContext(browser, { tag: "kept-typing", password: PASSWORD });
  await keepEventSources(page);
  await gotoHydrated(page, "/online-bank-withdrawal");
  const typed = {
    "Account holder": "Ada Lovelace",
    "Bank name": "Example Bank",
    "Account number or IBAN": "GB33BUKB20201555555555",
  };
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).fill(value);
  const idempotencyKey = page.locator('input[name="idempotencyKey"]');
  const key = await idempotencyKey.inputValue();
  // The loader hands out a new key on every read; the form used to be keyed on it, so each account
  // event remounted the form and emptied it.
  await playAccountResync(page);
  for (const [label, value] of Object.entries(typed)) await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(idempotencyKey).toHaveValue(key);
});
