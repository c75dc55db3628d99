import {
  alertLifetimes,
  linkFromOutbox,
  openAuthPage,
  signInViaForm,
  signOut,
  signUpViaForm,
  strongPassword,
  submitSignUp,
  uniqueEmail,
  watchAlert,
} from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";

const alert = (page: import("@playwright/test").Page) => page.getByRole("alert").filter({ hasText: /\S/ });

// The machine running the suite may be busy (argon2id is deliberately slow): generous limits for
// server answers; the clearing times are checked with a margin on the late side only.
test.describe.configure({ timeout: 240_000 });
const answer = { timeout: 20_000 };

test.describe("sign-up", () => {
  test("a new member signs up, is asked to confirm the address, and the e-mailed link signs them in", async ({
    page,
  }) => {
    await openAuthPage(page, "/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signup Now");
    await expect(page.getByRole("link", { name: "Already a member? Sign in" })).toHaveAttribute(
      "href",
      "/login",
    );
    await expectNoA11yViolations(page);
    const email = uniqueEmail("signup");
    await submitSignUp(page, { email });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your e-mail");
    await expectNoA11yViolations(page);
    // Sign-up signs nobody in: the link does.
    expect((await page.request.get("/api/user")).status()).toBe(401);
    const link = await linkFromOutbox(page, email, "/verify-email");
    await expectNoA11yViolations(page);
    await page.goto(link);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, answer);
    await expect(page.getByRole("button", { name: "Account menu for Erin Tester" })).toBeVisible();
    await expect(page.getByTestId("account-badge")).toHaveText("Real · Standard");
    const me = await page.request.get("/api/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({
      email,
      firstName: "Erin",
      lastName: "Tester",
      emailVerified: true,
    });
  });

  test("validation messages show one at a time, are announced, and clear after 2 s", async ({ page }) => {
    await openAuthPage(page, "/signup");
    await watchAlert(page);
    const submit = page.getByRole("button", { name: "Next" });
    await submit.click();
    await expect(alert(page)).toHaveText("Please fill out all the required fields");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });

    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("First name").fill("Erin");
    await page.getByLabel("Last name").fill("Tester");
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect(alert(page)).toHaveText("Invalid email address");
    await expectNoA11yViolations(page);
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });

    await page.getByLabel("Email").fill(uniqueEmail("valid"));
    await submit.click();
    await expect(alert(page)).toHaveText("Password must be at least 8 characters long");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });

    await page.getByLabel("Password").fill("password123");
    await submit.click();
    await expect(alert(page)).toHaveText(/too common/);
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });
    await expect(page).toHaveURL(/\/signup$/);
    const lifetimes = await alertLifetimes(page);
    expect(lifetimes.map((l) => l.text)).toEqual([
      "Please fill out all the required fields",
      "Invalid email address",
      "Password must be at least 8 characters long",
      expect.stringMatching(/too common/),
    ]);
    // The axe scan (second message) blocks the page's timers while it runs: only a lower bound there.
    lifetimes.forEach(({ ms }, i) => {
      expect(ms).toBeGreaterThanOrEqual(1950);
      if (i !== 1) expect(ms).toBeLessThan(2800);
    });
  });

  test("each field says what is wrong with it, beside it, with the one-line summary kept", async ({
    page,
  }) => {
    await openAuthPage(page, "/signup");
    const submit = page.getByRole("button", { name: "Next" });
    await page.getByLabel("Email").fill("not an email");
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect(alert(page)).toHaveText("Please fill out all the required fields");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");
    await expect(page.getByLabel("First name")).toHaveAccessibleDescription(
      "Please fill out all the required fields",
    );
    await expect(page.getByLabel("Last name")).toHaveAccessibleDescription(
      "Please fill out all the required fields",
    );
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
      /At least 8 characters\. Avoid common passwords\.\s*Password must be at least 8 characters long/,
    );
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations(page);
    // Fixing a field clears its message; the others stay until the form is sent again.
    await page.getByLabel("First name").fill("Erin");
    await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  });

  test("the server refuses the same input without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByLabel("Email").fill(uniqueEmail("nojs"));
    await page.getByLabel("First name").fill("No");
    await page.getByLabel("Last name").fill("Script");
    await page.getByLabel("Password").fill("12345678");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(alert(page)).toHaveText(/too common/, answer);
    await page.getByLabel("Email").fill(uniqueEmail("nojs"));
    await page.getByLabel("First name").fill("No");
    await page.getByLabel("Last name").fill("Script");
    await page.getByLabel("Password").fill(strongPassword);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/signup\/check-email$/);
    await context.close();
  });

  test("an already registered e-mail gets the same answer and page as a new one; its owner gets an e-mail", async ({
    page,
  }) => {
    const email = uniqueEmail("dupe");
    await submitSignUp(page, { email });
    const firstPage = await page.getByRole("main").innerText();
    await openAuthPage(page, "/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("First name").fill("Erin");
    await page.getByLabel("Last name").fill("Again");
    await page.getByLabel("Password").fill(strongPassword);
    // Slow the answer down so the busy state can be seen.
    await page.route("**/signup*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Next" }).click();
    const busy = page.getByRole("button", { name: "Loading ....." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(page).toHaveURL(/\/signup\/check-email$/, answer);
    // The address changes before the new page has rendered: wait for its heading, then compare.
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible(answer);
    expect(await page.getByRole("main").innerText()).toBe(firstPage);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    // The owner hears of it; the page said nothing.
    await waitForMail(page, email, /Someone tried to sign up to Coinlens/);
  });

  test("/signup?ref=CODE keeps the referral code through the form", async ({ page }) => {
    await page.goto("/signup?ref=DEMO2026");
    await expect(page.locator('input[name="ref"]')).toHaveValue("DEMO2026");
  });
});

test.describe("sign-in and sign-out", () => {
  test("the seeded demo member signs in, signs out and lands on /login", async ({ page }) => {
    await openAuthPage(page, "/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
    await expect(page.getByRole("link", { name: "Not a member yet? Sign up" })).toHaveAttribute(
      "href",
      "/signup",
    );
    await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgotpassword",
    );
    await expectNoA11yViolations(page);
    await signInViaForm(page, "demo@coinlens.test", "Coinlens-demo-2026!");
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });

  test("a guarded route while signed out goes to /login and back after sign-in", async ({ page }) => {
    const email = uniqueEmail("guard");
    await signUpViaForm(page, { email });
    await signOut(page);
    await page.goto("/transactions?type=Deposit");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftransactions%3Ftype%3DDeposit$/);
    await page.locator("[data-hydrated=true]").waitFor({ timeout: 20_000 });
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/transactions\?type=Deposit$/);
  });

  test("redirectTo never leaves the site", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await signUpViaForm(page, { email });
    await signOut(page);
    await openAuthPage(page, "/login?redirectTo=https://evil.example/steal");
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);
    await openAuthPage(page, "/login?redirectTo=//evil.example");
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the three validation messages clear after 1.5 s; 'Wrong e-mail or password.' stays until the next attempt", async ({
    page,
  }) => {
    await openAuthPage(page, "/login");
    await watchAlert(page);
    const submit = page.getByRole("button", { name: "Sign In" });
    await submit.click();
    await expect(alert(page)).toHaveText("Please fill out all the required fields");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });

    await page.getByLabel("Email").fill("bad email@x");
    await page.getByLabel("Password").fill("whatever-long");
    await submit.click();
    await expect(alert(page)).toHaveText("Invalid email address");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });

    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect(alert(page)).toHaveText("Password must be at least 8 characters long");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });
    const lifetimes = await alertLifetimes(page);
    expect(lifetimes.map((l) => l.text)).toEqual([
      "Please fill out all the required fields",
      "Invalid email address",
      "Password must be at least 8 characters long",
    ]);
    for (const { ms } of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(1450);
      expect(ms).toBeLessThan(2300);
    }

    // An unknown address: the plain answer, and it stays.
    await page.getByLabel("Password").fill("wrong-password-here");
    await submit.click();
    await expect(alert(page)).toHaveText("Wrong e-mail or password.", answer);
    await expectNoA11yViolations(page);
    await page.waitForTimeout(2500);
    await expect(alert(page)).toHaveText("Wrong e-mail or password.");
    await expect(page).toHaveURL(/\/login$/);
    // The next attempt clears it (here a validation message, which then clears as usual).
    await page.getByLabel("Password").fill("short");
    await submit.click();
    await expect(alert(page)).toHaveText("Password must be at least 8 characters long");
    await expect(alert(page)).toHaveCount(0, { timeout: 5000 });
  });

  test("a known address with a wrong password gets the very same answer as an unknown one", async ({
    page,
  }) => {
    const email = uniqueEmail("wrongpw");
    await signUpViaForm(page, { email });
    await signOut(page);
    await openAuthPage(page, "/login");
    await signInViaForm(page, email, "not-the-password-1");
    await expect(alert(page)).toHaveText("Wrong e-mail or password.", answer);
    await expect(page.getByText("An unexpected error occurred. Please try again.")).toHaveCount(0);
  });

  test("a POST from another origin is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "https://evil.example" },
      form: { email: "demo@coinlens.test", password: "Coinlens-demo-2026!" },
      maxRedirects: 0,
    });
    // Refused by the server's cross-site guard (server/request-guards.ts) before React Router's
    // own origin check (which would answer 400).
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token");
  });

  test("GET /api/user without a session answers 401 JSON", async ({ request }) => {
    const response = await request.get("/api/user");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ error: "unauthenticated" });
  });
});

test.describe("password reset", () => {
  test("the same answer for unknown addresses", async ({ page }) => {
    await openAuthPage(page, "/forgotpassword");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await expect(
      page.getByText(
        "Enter your user account's verified email address and we will send you a password reset link.",
      ),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByPlaceholder("Enter your email address").fill(uniqueEmail("ghost"));
    await page.getByRole("button", { name: "Send email" }).click();
    await expect(page.getByText("An email has been sent to your inbox!")).toBeVisible(answer);
    await expectNoA11yViolations(page);
  });

  test("reset through the outbox link: new password works, old sessions end, the link works once", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("reset");
    await signUpViaForm(page, { email });
    // A second browser stays signed in; the reset must end its session.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await openAuthPage(otherPage, "/login");
    await signInViaForm(otherPage, email);
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await signOut(page);
    await openAuthPage(page, "/forgotpassword");
    await page.getByPlaceholder("Enter your email address").fill(email);
    await page.route("**/forgotpassword*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole("button", { name: "Send email" }).click();
    await expect(page.getByRole("button", { name: "Loading ....." })).toBeDisabled();
    await expect(page.getByText("An email has been sent to your inbox!")).toBeVisible(answer);

    const link = await linkFromOutbox(page, email, "/reset-password");
    await openAuthPage(page, link);
    await expectNoA11yViolations(page);
    const newPassword = "Completely-new-pass-9";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);

    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
    await other.close();

    await signInViaForm(page, email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAuthPage(page, link);
    await page.getByLabel("New password", { exact: true }).fill("Yet-another-pass-10");
    await page.getByLabel("Repeat the new password").fill("Yet-another-pass-10");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(alert(page)).toHaveText(/invalid or has expired/, answer);
  });
});

test.describe("demo accounts", () => {
  test("'Try Free Demo' signs up with the demo account open and selected; the header switches", async ({
    page,
  }) => {
    await openAuthPage(page, "/signup?demo=1");
    await expect(page.getByText("Demo account: no real money is used.")).toBeVisible();
    await expectNoA11yViolations(page);
    const email = uniqueEmail("demo");
    await submitSignUp(page, { email, path: "/signup?demo=1" });
    // The confirmation link's sign-in starts in the demo account.
    await page.goto(await linkFromOutbox(page, email, "/verify-email"));
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, answer);
    await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");
    expect((await (await page.request.get("/api/user")).json()).user.accountMode).toBe("demo");
    await page.getByRole("button", { name: /^Account: Demo · Standard/ }).click();
    await expectNoA11yViolations(page);
    await page.getByRole("menuitem", { name: /Real account/ }).click();
    await expect(page.getByTestId("account-badge")).toHaveText("Real · Standard");
  });

  test("a member opens a demo account beside the real one from the header", async ({ page }) => {
    await signUpViaForm(page, { email: uniqueEmail("opendemo") });
    await expect(page.getByTestId("account-badge")).toHaveText("Real · Standard");
    await page.getByRole("button", { name: /^Account: Real · Standard/ }).click();
    await page.getByRole("menuitem", { name: /Open a demo account/ }).click();
    await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");
  });

  test("the account mode a member last used is kept across sign-ins, and is theirs alone", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("keepmode");
    await signUpViaForm(page, { email });
    await page.getByRole("button", { name: /^Account: Real · Standard/ }).click();
    await page.getByRole("menuitem", { name: /Open a demo account/ }).click();
    await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");

    // A second member signing in meanwhile starts in their own last mode (real), not this one's.
    const other = await (await browser.newContext()).newPage();
    await signUpViaForm(other, { email: uniqueEmail("keepmode-other") });
    await expect(other.getByTestId("account-badge")).toHaveText("Real · Standard");
    await other.close();

    await signOut(page);
    await openAuthPage(page, "/login");
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/, answer);
    await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");

    await page.getByRole("button", { name: /^Account: Demo · Standard/ }).click();
    await page.getByRole("menuitem", { name: /Real account/ }).click();
    await expect(page.getByTestId("account-badge")).toHaveText("Real · Standard");
    await signOut(page);
    await openAuthPage(page, "/login");
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/, answer);
    await expect(page.getByTestId("account-badge")).toHaveText("Real · Standard");
  });

  test("a demo sign-up signing in with the password comes back to Demo", async ({ page }) => {
    const email = uniqueEmail("demo-back");
    await submitSignUp(page, { email, path: "/signup?demo=1" });
    await openAuthPage(page, "/login");
    await signInViaForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/, answer);
    await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");
  });
});
