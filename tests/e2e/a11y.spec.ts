import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

// A WCAG 2.1 AA scan of the foundation's pages and overlays at both widths and in both themes
// (the device's light or dark setting, which pages follow by default: ADR 0068), plus checks axe
// cannot make: nothing overflows the viewport sideways, and the skip link reaches the content.
// The other specs scan the states only they reach (menus at 800 and 1024 px, the Terms dialog on
// a short screen) and rely on this file for the plain pages they pass through.

const pages = [
  { name: "home", path: "/", status: 200 },
  { name: "about", path: "/about", status: 200 },
  { name: "faq", path: "/faq", status: 200 },
  { name: "coming soon", path: "/coming", status: 200 },
  { name: "airdrops", path: "/airdrop", status: 200 },
  { name: "portfolio management", path: "/pmi", status: 200 },
  { name: "contact", path: "/contact", status: 200 },
  { name: "sign-in (where guarded pages send visitors)", path: "/login", status: 200 },
  { name: "a placeholder (a legal page not written yet)", path: "/legal/privacy", status: 200 },
  { name: "the 404 page", path: "/no-such-page", status: 404 },
];

/** The page background each theme paints (app/app.css `--color-canvas`). */
const canvas = { light: "rgb(246, 248, 251)", dark: "rgb(11, 18, 32)" } as const;

for (const [label, viewport] of Object.entries(viewports)) {
  for (const theme of ["light", "dark"] as const) {
    test.describe(`${label} (${viewport.width} px), ${theme}`, () => {
      test.use({ viewport, colorScheme: theme });

      for (const target of pages) {
        test(`${target.name} passes axe and fits the width`, async ({ page }) => {
          const response = await gotoHydrated(page, target.path);
          expect(response?.status()).toBe(target.status);
          // The page really is in this theme, so the scan checks its contrast.
          await expect(page.locator("html")).toHaveCSS("background-color", canvas[theme]);
          await expectNoA11yViolations(page);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, "no horizontal scrolling").toBeLessThanOrEqual(viewport.width);
          await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        });
      }

      test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
        await gotoHydrated(page, "/about");
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: "Skip to content" });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/#main$/);
        // The next Tab lands inside the main content, past the navigation bar.
        await page.keyboard.press("Tab");
        const insideMain = await page.evaluate(() => Boolean(document.activeElement?.closest("main")));
        expect(insideMain).toBe(true);
      });

      test("the ticker: focus pauses it, and with reduced motion the still row is a keyboard-scrollable region", async ({
        page,
      }) => {
        await gotoHydrated(page, "/about");
        const viewportEl = page.getByRole("region", { name: "Prices (focus to pause)" });
        const track = viewportEl.locator(".ticker-track");
        if (viewport.width < 1536) await expect(track).toHaveCSS("animation-play-state", "running");
        await viewportEl.focus();
        await expect(track).toHaveCSS("animation-play-state", "paused");
        await page.emulateMedia({ reducedMotion: "reduce" });
        await expect(track).toHaveCSS("animation-name", "none");
        await expectNoA11yViolations(page);
      });

      test("the open navigation menu passes axe", async ({ page }) => {
        await gotoHydrated(page, "/");
        if (viewport.width <= 800) {
          await page.getByRole("button", { name: "Open menu" }).click();
          await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
        } else {
          await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Tools" }).click();
          await expect(page.locator("#nav-menu-tools")).toBeVisible();
        }
        await expectNoA11yViolations(page);
      });

      test("the open Terms dialog passes axe", async ({ page }) => {
        await gotoHydrated(page, "/faq");
        await page.getByRole("contentinfo").getByRole("button", { name: "Terms & Conditions" }).click();
        await expect(page.getByRole("dialog", { name: "Terms & Conditions" })).toBeVisible();
        await expectNoA11yViolations(page);
      });
    });
  }
}
