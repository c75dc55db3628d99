import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { signInNewMember } from "./member-session.ts";

// The signed-in layout: the avatar menu (name, e-mail, Settings, Sign out) by keyboard and
// by mouse on a desktop, and the bottom navigation Dashboard, Wallet, ETF, Transaction, News on a
// phone, each item navigating and marking the current page. Each test has its own member
// (POST /api/test/trade, APP_ENV=test only).

// Generous: several page loads each, on a machine that other test runs share.
test.describe.configure({ timeout: 180_000 });

const pages = [
  { label: "Dashboard", path: "/dashboard", heading: "Dashboard" },
  { label: "Wallet", path: "/wallet", heading: /^Wallet/ },
  { label: "ETF", path: "/etf", heading: "Invest" },
  { label: "Transaction", path: "/transactions", heading: "Transactions" },
  { label: "News", path: "/news", heading: "News" },
] as const;

/** The avatar menu's pages in order: its Invest, Research and Community sections, then Settings. */
const MENU_SECTIONS = {
  Invest: ["Portfolio", "Watchlists", "Price alerts", "Recurring buys"],
  Research: [
    "Research",
    "Market direction",
    "Picks track record",
    "Trading setups",
    "Smart money",
    "Live events",
  ],
  Community: ["Leaderboard", "Referrals", "Airdrops"],
} as const;
const MENU_PAGES = [...Object.values(MENU_SECTIONS).flat(), "Settings"];

test.describe("desktop (1280 px): the avatar menu", () => {
  test.use({ viewport: viewports.desktop });

  test("opens by keyboard, moves with the arrow keys, closes on Escape and opens Settings with Enter", async ({
    page,
  }) => {
    const email = await signInNewMember(page, "shell");
    // On a desktop the app navigation sits in the header; the phone's bottom bar is hidden.
    await expect(page.getByRole("navigation", { name: "Bottom" })).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Dashboard" }),
    ).toHaveAttribute("aria-current", "page");

    const trigger = page.getByRole("button", { name: "Account menu for Test Member" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByText("Test Member")).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText([...MENU_PAGES, "Sign out"]);
    // Each section is a group named by its heading, for screen readers too.
    for (const [section, items] of Object.entries(MENU_SECTIONS)) {
      await expect(menu.getByRole("group", { name: section }).getByRole("menuitem")).toHaveText([...items]);
    }
    await expect(menu.getByRole("menuitem", { name: "Portfolio" })).toBeFocused();
    for (const item of MENU_PAGES.slice(1)) {
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: item })).toBeFocused();
    }
    // Then the theme for this device (ADR 0068): System, Light, Dark.
    for (const choice of ["System", "Light", "Dark"]) {
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitemradio", { name: choice })).toBeFocused();
    }
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    for (const choice of ["Dark", "Light", "System"]) {
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitemradio", { name: choice })).toBeFocused();
    }
    for (const item of [...MENU_PAGES].reverse()) {
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitem", { name: item })).toBeFocused();
    }
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath("shell-desktop-avatar-menu.png") });

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    // Space opens it too; End and Up reach Settings (above the theme and Sign out); Enter follows it.
    await page.keyboard.press(" ");
    await expect(menu.getByRole("menuitem", { name: "Portfolio" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    // One key at a time, each waited for: Radix moves focus in a timer after the key, so keys
    // pressed back to back on a busy machine can land on the same item.
    for (const choice of ["Dark", "Light", "System"]) {
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("menuitemradio", { name: choice })).toBeFocused();
    }
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(menu).toBeHidden();

    // Sign out by keyboard: the session ends and the signed-in pages send you to sign in.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Portfolio" })).toBeFocused();
    for (const item of MENU_PAGES.slice(1)) {
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: item })).toBeFocused();
    }
    for (const choice of ["System", "Light", "Dark"]) {
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitemradio", { name: choice })).toBeFocused();
    }
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("toggles open and closed with the mouse, closes on an outside click, and its links work", async ({
    page,
  }) => {
    await signInNewMember(page, "shell");
    const trigger = page.getByRole("button", { name: "Account menu for Test Member" });
    const menu = page.getByRole("menu");

    await trigger.click();
    await expect(menu).toBeVisible();
    await trigger.click();
    await expect(menu).toBeHidden();

    await trigger.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).click();
    await expect(menu).toBeHidden();

    await trigger.click();
    await menu.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(menu).toBeHidden();

    await trigger.click();
    await menu.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: /^Account menu for/ })).toHaveCount(0);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  });
});

test.describe("phone (375 px): the bottom navigation", () => {
  test.use({ viewport: viewports.mobile });

  test("shows the five main screens; each item navigates and marks the current page", async ({ page }) => {
    test.slow(); // five pages, each with an axe scan
    await signInNewMember(page, "shell");
    const bottom = page.getByRole("navigation", { name: "Bottom" });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole("navigation", { name: "App" })).toBeHidden();
    await expect(bottom.getByRole("link")).toHaveText(pages.map((p) => p.label));

    // The bar is fixed to the bottom edge of the screen, across its whole width.
    const box = await bottom.boundingBox();
    expect(box?.width).toBe(viewports.mobile.width);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewports.mobile.height);

    // From the last item back to the first, so every click is a real navigation.
    for (const target of [...pages.slice(1), pages[0]]) {
      await bottom.getByRole("link", { name: target.label }).click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      // The URL changes just before the new page renders: wait for the page itself.
      await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible({
        timeout: 20_000,
      });
      await expect(bottom.getByRole("link", { name: target.label })).toHaveAttribute("aria-current", "page");
      for (const other of pages.filter((p) => p.label !== target.label)) {
        await expect(bottom.getByRole("link", { name: other.label })).not.toHaveAttribute("aria-current");
      }
      await expectNoA11yViolations(page);
    }

    // A page outside the five (Settings) marks none of them.
    await page.getByRole("button", { name: "Account menu for Test Member" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(bottom.locator("[aria-current]")).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("shell-phone-settings.png") });
  });
});
