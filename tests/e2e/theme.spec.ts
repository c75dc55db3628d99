import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// Dark mode (ADR 0068): pages follow the device's setting; the avatar menu and Settings choose
// System, Light or Dark for this device (a cookie the server reads, so the first paint is right);
// the signed-in pages pass axe in the dark theme (the public ones: a11y.spec.ts, both themes).

const canvas = { light: "rgb(246, 248, 251)", dark: "rgb(11, 18, 32)" } as const;

async function expectTheme(page: Page, theme: "light" | "dark") {
  await expect(page.locator("html")).toHaveCSS("background-color", canvas[theme]);
}

async function chooseInAvatarMenu(page: Page, choice: "System" | "Light" | "Dark") {
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitemradio", { name: choice }).click();
}

test("the server renders the theme from the cookie: the first byte of the page is already right", async ({
  request,
}) => {
  const plain = await (await request.get("/about")).text();
  expect(plain).toMatch(/<html lang="en" data-theme="system"/);
  const dark = await (await request.get("/about", { headers: { cookie: "cl_theme=dark" } })).text();
  expect(dark).toMatch(/<html lang="en" data-theme="dark"/);
  const odd = await (await request.get("/about", { headers: { cookie: "cl_theme=<x>" } })).text();
  expect(odd).toMatch(/<html lang="en" data-theme="system"/);
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("pages follow the device's setting until a theme is chosen in the avatar menu, kept on reload", async ({
      page,
    }) => {
      test.slow(); // sign-in and several reloads
      await page.emulateMedia({ colorScheme: "dark" });
      await signInNewMember(page, "theme-menu");
      await expectTheme(page, "dark");
      await page.emulateMedia({ colorScheme: "light" });
      await expectTheme(page, "light");

      await chooseInAvatarMenu(page, "Dark");
      await expectTheme(page, "dark");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      // Saved for this device: a reload (and the landing page, sent without React) stays dark.
      await expect
        .poll(async () => (await page.context().cookies()).find((c) => c.name === "cl_theme")?.value)
        .toBe("dark");
      await page.reload();
      await expectTheme(page, "dark");
      await page.goto("/");
      await expectTheme(page, "dark");

      await gotoHydrated(page, "/dashboard");
      await page.getByRole("button", { name: /^Account menu for/ }).click();
      await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
      await expectNoA11yViolations(page); // the open menu, in the dark theme
      await page.getByRole("menuitemradio", { name: "System" }).click();
      await expectTheme(page, "light");
      await expect
        .poll(async () => (await page.context().cookies()).some((c) => c.name === "cl_theme"))
        .toBe(false);
    });

    test("Settings → Appearance has System, Light and Dark as toggle buttons", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await signInNewMember(page, "theme-settings");
      await gotoHydrated(page, "/settings");
      const group = page.getByRole("group", { name: "Theme" });
      await expect(group.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");
      await group.getByRole("button", { name: "Light" }).click();
      await expect(group.getByRole("button", { name: "Light" })).toHaveAttribute("aria-pressed", "true");
      await expect(group.getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "false");
      await expectTheme(page, "light");
      // The page turns light at once; the choice is saved when the request lands. Reload after that.
      await expect
        .poll(async () => (await page.context().cookies()).find((c) => c.name === "cl_theme")?.value)
        .toBe("light");
      await page.reload();
      await expectTheme(page, "light");
      await expect(
        page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Light" }),
      ).toHaveAttribute("aria-pressed", "true");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "light" });

  test("the Settings toggle posts the form and comes back to Settings in the chosen theme", async ({
    page,
    browser,
  }) => {
    // Sign in with JavaScript (the sign-in form's own behaviour is not under test), then reuse the session.
    const signed = await browser.newContext({ javaScriptEnabled: true });
    const signedPage = await signed.newPage();
    await signInNewMember(signedPage, "theme-nojs");
    await page.context().addCookies(await signed.cookies());
    await signed.close();

    await page.goto("/settings");
    await expectTheme(page, "light");
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expectTheme(page, "dark");
  });
});

// Every signed-in page a member reaches from the navigation, scanned in the dark theme (their
// light-theme scans are in the specs of each area).
const signedInPages = [
  "/dashboard",
  "/wallet",
  "/transactions",
  "/etf",
  "/etfabout?symbol=IBIT",
  "/news",
  "/picks",
  "/setups",
  "/stake",
  "/fixed-etf",
  "/swap",
  "/buy",
  "/deposit",
  "/btc-deposit",
  "/online-deposit",
  "/withdrawal",
  "/btc-withdrawal",
  "/online-bank",
  "/settings",
  "/no-such-page",
];

for (const [label, viewport] of Object.entries(viewports)) {
  test(`${label} (${viewport.width} px): every signed-in page passes axe in the dark theme`, async ({
    page,
  }) => {
    test.setTimeout(300_000); // nineteen pages, nineteen scans
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: "dark" });
    await signInNewMember(page, "theme-axe");
    for (const path of signedInPages) {
      await test.step(path, async () => {
        await gotoHydrated(page, path);
        await expectTheme(page, "dark");
        await expectNoA11yViolations(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path}: no horizontal scrolling`).toBeLessThanOrEqual(viewport.width);
      });
    }
  });
}
