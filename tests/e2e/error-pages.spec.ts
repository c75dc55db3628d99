import { signUpViaForm, uniqueEmail } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { testApi } from "./member-session.ts";

// A member who has not confirmed their e-mail and tries to swap used to be refused with a
// full-page 403; now the refusal is answered in the form (the page keeps a notice with "Send a new
// link" beside the button: withdrawal-rules.spec.ts).

const message = "Please confirm your e-mail address first. We sent you a link when you signed up.";

test("an unconfirmed member's swap is a 403 answered in the form, not an error page", async ({ page }) => {
  const email = uniqueEmail("unverified-swap");
  await signUpViaForm(page, { email });
  await testApi(page.request, "/api/test/trade", {
    action: "credit",
    email,
    ledger: "real",
    asset: "BTC",
    amount: "1",
  });

  await gotoHydrated(page, "/swap");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("You don't have access to this");
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  await expectNoA11yViolations(page);

  // As a document (no JavaScript): the 403 status, the page itself, nothing leaked.
  const response = await page.request.post("/swap", {
    form: { intent: "quote", amount: "0.1", from: "BTC", to: "ETH" },
  });
  expect(response.status()).toBe(403);
  const html = await response.text();
  expect(html).not.toContain("You don&#x27;t have access to this");
  expect(html).toContain(message);
  for (const leak of [/\bat .+:\d+:\d+/, /node_modules/, /ErrorResponseImpl/]) expect(html).not.toMatch(leak);
});

test("an unknown address still shows the friendly 404 page", async ({ page }) => {
  const response = await gotoHydrated(page, "/no-such-page-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
});
