import { Secret, TOTP } from "otpauth";
import { enableTwoFactor } from "./admin-helpers.ts";
import {
  openAuthPage,
  signInViaForm,
  signOut,
  signUpViaForm,
  strongPassword,
  uniqueEmail,
} from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";

test.describe.configure({ timeout: 240_000 });
const answer = { timeout: 20_000 };

test("settings: profile, e-mail marked Primary, TOTP enrolment, sign-in with a code and with a recovery code", async ({
  page,
}) => {
  const email = uniqueEmail("totp");
  await signUpViaForm(page, { email });
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText("Primary", { exact: true })).toBeVisible();
  await expect(page.getByText("Not verified", { exact: true })).toBeVisible();
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  await expectNoA11yViolations(page);

  await page.getByLabel("First name").fill("Ingrid");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved.")).toBeVisible(answer);
  await expect(page.getByRole("button", { name: "Account menu for Ingrid Tester" })).toBeVisible();

  await page.getByLabel("Confirm with your password").fill(strongPassword);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secretText = (await page.getByTestId("totp-secret").textContent({ timeout: 20_000 })) ?? "";
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const recoveryCodes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectNoA11yViolations(page);
  const totp = new TOTP({ secret: Secret.fromBase32(secretText.trim()), digits: 6, period: 30 });

  // A wrong code keeps the QR code on screen.
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not valid. Please try again.")).toBeVisible(answer);
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible(answer);
  // The session survives the switch (better-auth replaces it; the new cookie is forwarded).
  await page.reload();
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  // Sign-in now asks for a code. The enrolment code is spent, so use the next time step's.
  await signOut(page);
  await openAuthPage(page, "/login?redirectTo=/settings");
  await signInViaForm(page, email);
  await expect(page).toHaveURL(/\/login\/two-factor/, answer);
  await expectNoA11yViolations(page);
  const nextCode = totp.generate({ timestamp: Date.now() + 30_000 });
  await page.getByLabel("Authentication code").fill(nextCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/settings$/, answer);

  // The same code again is refused: each code is accepted once.
  await signOut(page);
  await openAuthPage(page, "/login");
  await signInViaForm(page, email);
  await expect(page).toHaveURL(/\/login\/two-factor/, answer);
  await page.getByLabel("Authentication code").fill(nextCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "That code is not valid. Please try again.",
    answer,
  );

  // A recovery code works once.
  await page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, answer);
  await signOut(page);
  await openAuthPage(page, "/login");
  await signInViaForm(page, email);
  await expect(page).toHaveURL(/\/login\/two-factor/, answer);
  await page.goto("/login/two-factor?method=recovery");
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "That code is not valid. Please try again.",
    answer,
  );
});

test("settings: change password (asks the current one) and revoke another session", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("sessions");
  await signUpViaForm(page, { email });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await openAuthPage(otherPage, "/login");
  await signInViaForm(otherPage, email);
  await expect(otherPage).toHaveURL(/\/dashboard$/, answer);

  await page.goto("/settings");
  await expect(page.getByTestId("session-row")).toHaveCount(2);
  await page.getByRole("button", { name: /^Sign out .+ on / }).click();
  await expect(page.getByText("The session is ended.")).toBeVisible(answer);
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  await otherPage.goto("/wallet");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fwallet$/);
  await other.close();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("Fresh-passphrase-77");
  await page.getByLabel("Repeat the new password").fill("Fresh-passphrase-77");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not correct.")).toBeVisible(answer);
  await page.getByLabel("Current password").fill(strongPassword);
  await page.getByLabel("New password", { exact: true }).fill("Fresh-passphrase-77");
  await page.getByLabel("Repeat the new password").fill("Fresh-passphrase-77");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed. Other devices were signed out.")).toBeVisible(
    answer,
  );
  await signOut(page);
  await openAuthPage(page, "/login");
  await signInViaForm(page, email, "Fresh-passphrase-77");
  await expect(page).toHaveURL(/\/dashboard$/, answer);
});

test("settings: turning two-factor off needs the password and a current code, each refusal said beside its field", async ({
  page,
}) => {
  const email = uniqueEmail("totp-off");
  await signUpViaForm(page, { email });
  const totp = await enableTwoFactor(page, strongPassword);
  const section = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Turn off two-factor sign-in" }) });
  const turnOff = section.getByRole("button", { name: "Turn off two-factor sign-in" });
  const codeField = section.getByLabel("Code from the app or a recovery code");

  // The password alone is not enough.
  await section.getByLabel("Password").fill(strongPassword);
  await turnOff.click();
  await expect(section.getByText("Enter a code from your authenticator app or a recovery code.")).toBeVisible(
    answer,
  );
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  // A wrong code is refused beside the code field; a wrong password beside the password field.
  await section.getByLabel("Password").fill(strongPassword);
  await codeField.fill("000000");
  await turnOff.click();
  await expect(section.getByText("That code is not valid. Please try again.")).toBeVisible(answer);
  await section.getByLabel("Password").fill("not-my-password");
  await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await turnOff.click();
  await expect(section.getByText("Your password is not correct.")).toBeVisible(answer);
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  // The password and a code the app shows now (not the one spent at enrolment) turn it off.
  await section.getByLabel("Password").fill(strongPassword);
  await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await turnOff.click();
  await expect(page.getByText(/^Two-factor sign-in is off\./)).toBeVisible(answer);
  await expect(page.getByText("Off", { exact: true })).toBeVisible();

  // The member is told by e-mail (queued with the change, delivered by the outbox worker).
  await waitForMail(page, email, "Two-factor sign-in was turned off on your Coinlens account");
});
