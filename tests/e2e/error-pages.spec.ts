import { signUpViaForm, uniqueEmail } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { testApi } from "./member-session.ts";

// The root error page reports the real status with a message that fits it (it used to say
// "500 Something went wrong" for every refusal). A member who has not confirmed their e-mail and
// tries to swap is refused with a 403 that no page-level boundary catches: the root one shows it.

const message = "Please confirm your e-mail address first. We sent you a link when you signed up.";

test("a 403 outside the back-office shows 403 and the server's reason, not 500", async ({ page }) => {
  const email = uniqueEmail("unverified-swap");
  await signUpViaForm(page, { email });
  await testApi(page.request, "/api/test/trade", {
    action: "credit",
    email,
    ledger: "real",
    asset: "BTC",
    amount: "1",
  });

  // In the browser: the swap's request is refused and the root error page says why.
  await gotoHydrated(page, "/swap");
  await page.getByLabel("From", { exact: true }).fill("0.1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You don't have access to this", {
    timeout: 20_000,
  });
  await expect(page.getByText("403", { exact: true })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText("500", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expectNoA11yViolations(page);
  // The way past the refusal: a new confirmation link from settings.
  await page.getByRole("link", { name: "Send a new confirmation link" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  await page.goBack();

  // As a document (no JavaScript): the same page, with the 403 status.
  const response = await page.request.post("/swap", {
    form: { intent: "quote", amount: "0.1", from: "BTC", to: "ETH" },
  });
  expect(response.status()).toBe(403);
  const html = await response.text();
  expect(html).toContain("You don&#x27;t have access to this");
  expect(html).toContain(message);
  for (const leak of [/\bat .+:\d+:\d+/, /node_modules/, /ErrorResponseImpl/]) expect(html).not.toMatch(leak);
});

test("an unknown address still shows the friendly 404 page", async ({ page }) => {
  const response = await gotoHydrated(page, "/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
});
