import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated, waitForHydration } from "./hydration.ts";

// Every route of seed §2 answers (nothing 404s), unknown addresses get the friendly 404 page,
// and /coming has a working Back button.

const publicRoutes = [
  "/",
  "/signup",
  "/login",
  "/forgotpassword",
  "/coming",
  "/contact",
  "/about",
  "/airdrop",
  "/faq",
  "/pmi",
  "/fixed-etf",
];
const guardedRoutes = [
  "/dashboard",
  "/wallet",
  "/etf",
  "/transactions",
  "/news",
  "/swap",
  "/deposit",
  "/withdrawal",
  "/etfabout",
  "/etffinancials",
  "/stake",
  "/online-bank",
  "/online-bank-withdrawal",
  "/btc-withdrawal",
  "/usdt-withdrawal",
  "/online-deposit",
  "/btc-deposit",
  "/usdt-deposit",
  "/fixed-etf",
  "/buy",
];

/**
 * A client-side navigation, as a <Link> would make, to a path no link in the product points at:
 * push a history entry the way React Router's browser history does and let the router follow it.
 */
async function clientNavigate(page: Page, path: string) {
  await waitForHydration(page);
  await page.evaluate((to) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2), idx: index + 1 }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

test.describe("every seed route answers", () => {
  // Over HTTP, following redirects like a browser: 30 routes in one test. The browser-level checks
  // (axe, layout) of these pages are in a11y.spec.ts; guarded ones all land on /login for a visitor.
  test("each public and guarded route ends on a page, never a 404", async ({ request }) => {
    for (const path of new Set([...publicRoutes, ...guardedRoutes])) {
      const response = await request.get(path);
      expect(response.status(), `final status of ${path}`).toBeLessThan(400);
      expect(response.headers()["content-type"], path).toContain("text/html");

      const url = new URL(response.url());
      if (guardedRoutes.includes(path) && url.pathname === "/login") {
        // Once authentication is in place, a visitor is sent to sign in and brought back after.
        expect(url.searchParams.get("redirectTo"), `${path} comes back after sign-in`).toBe(path);
      } else {
        expect(url.pathname, `${path} is served in place`).toBe(path);
      }
      const html = await response.text();
      expect(html, `${path} renders a page heading on the server`).toMatch(/<h1[\s>]/);
      expect(html, `${path} has a main landmark`).toMatch(/<main[\s>]/);
    }
  });

  test("public routes are served to visitors without a redirect", async ({ request }) => {
    // /fixed-etf is listed as both public and guarded in the seed; it may go either way.
    for (const path of publicRoutes.filter((p) => !guardedRoutes.includes(p))) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });

  test("guarded routes load in the browser (as the page or as sign-in)", async ({ page }) => {
    for (const path of ["/dashboard", "/wallet"]) {
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBeLessThan(400);
      const url = new URL(page.url());
      if (url.pathname === "/login") expect(url.searchParams.get("redirectTo")).toBe(path);
      else expect(url.pathname).toBe(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });
});

test.describe("the friendly 404 page", () => {
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${label}: an unknown address answers 404 with a way home and no stack trace`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/this-page-does-not-exist", "/wallet/unknown/deeper", "/legal"]) {
        const response = await gotoHydrated(page, path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
        await expect(page).toHaveTitle(/We can't find that page/);
        const home = page.getByRole("link", { name: "Go to the home page" });
        await expect(home).toHaveAttribute("href", "/");

        const html = await response?.text();
        for (const leak of [/\bat .+:\d+:\d+/, /node_modules/, /Error:/, /ErrorResponseImpl/]) {
          expect(html, `404 page leaks ${leak}`).not.toMatch(leak);
        }
        await expectNoA11yViolations(page);
      }

      await page.getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "The time to invest in crypto is now.",
      );
    });
  }

  test("a client-side navigation to an unknown address shows the same page", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await clientNavigate(page, "/nowhere-at-all");
    await expect(page).toHaveURL(/\/nowhere-at-all$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
  });
});

test.describe("/coming", () => {
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${label}: Back returns to the previous page`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated(page, "/about");
      // A full page load from another page of the site (as from a server-rendered link).
      await page.evaluate(() => window.location.assign("/coming"));
      await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
      await expectNoA11yViolations(page);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/about$/);
    });
  }

  test("Back after an in-app navigation returns to the page the link was on", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    await clientNavigate(page, "/coming");
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await expect(page).toHaveURL(/\/coming$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test("Back on a directly opened /coming goes to the home page, never off the site", async ({ page }) => {
    await gotoHydrated(page, "/coming");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The time to invest in crypto is now.");
  });
});
