import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

// The public navigation bar of seed §2: logo, Tools and Products menus, Contact Us, About Us and
// Sign In; click-to-open menus on wide screens, a full-screen slide-in menu at 800 px or less.

/** Guarded pages may answer with the sign-in page once authentication is in place. */
function expectArrivedAt(page: Page, path: string) {
  const url = new URL(page.url());
  if (url.pathname === "/login" && path !== "/login") {
    expect(url.searchParams.get("redirectTo"), `redirect back to ${path}`).toBe(path);
  } else {
    expect(url.pathname).toBe(path);
  }
}

function menuTrigger(page: Page, name: "Tools" | "Products") {
  return page.getByRole("navigation", { name: "Main" }).getByRole("button", { name, exact: true });
}

test.describe("desktop navigation (1280 px)", () => {
  test.use({ viewport: viewports.desktop });

  // /about: a light page, so the menus are tested rather than the home page's media.
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/about");
  });

  test("Tools and Products open by click, and opening one closes the other", async ({ page }) => {
    const tools = menuTrigger(page, "Tools");
    const products = menuTrigger(page, "Products");
    const toolsMenu = page.locator("#nav-menu-tools");
    const productsMenu = page.locator("#nav-menu-products");

    await expect(toolsMenu).toBeHidden();
    await expect(productsMenu).toBeHidden();
    await expect(tools).toHaveAttribute("aria-expanded", "false");

    await tools.click();
    await expect(toolsMenu).toBeVisible();
    await expect(tools).toHaveAttribute("aria-expanded", "true");
    await expect(toolsMenu.getByRole("link", { name: "ETF Tracker" })).toHaveAttribute("href", "/etf");
    await expect(toolsMenu.getByRole("link", { name: "Airdrops" })).toHaveAttribute("href", "/airdrop");
    // The open Tools menu is scanned in a11y.spec.ts; the open Products menu here.

    await products.click();
    await expect(productsMenu).toBeVisible();
    await expect(toolsMenu).toBeHidden();
    await expect(tools).toHaveAttribute("aria-expanded", "false");
    await expect(products).toHaveAttribute("aria-expanded", "true");
    await expect(productsMenu.getByRole("link", { name: "Portfolio Management" })).toHaveAttribute(
      "href",
      "/pmi",
    );
    await expectNoA11yViolations(page);

    await tools.click();
    await expect(toolsMenu).toBeVisible();
    await expect(productsMenu).toBeHidden();

    // A second click on the open menu's trigger closes it.
    await tools.click();
    await expect(toolsMenu).toBeHidden();
    await expect(tools).toHaveAttribute("aria-expanded", "false");
  });

  test("an outside click closes the open menu", async ({ page }) => {
    for (const name of ["Tools", "Products"] as const) {
      await menuTrigger(page, name).click();
      const menu = page.locator(`#nav-menu-${name.toLowerCase()}`);
      await expect(menu).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(menu).toBeHidden();
      await expect(menuTrigger(page, name)).toHaveAttribute("aria-expanded", "false");
    }
  });

  test("Escape closes the open menu and returns focus to its trigger", async ({ page }) => {
    for (const name of ["Tools", "Products"] as const) {
      const trigger = menuTrigger(page, name);
      const menu = page.locator(`#nav-menu-${name.toLowerCase()}`);
      await trigger.click();
      await expect(menu).toBeVisible();
      // Move focus into the menu first: Escape from a menu link must still land on the trigger.
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(trigger).toBeFocused();
    }
  });

  test("the menus work from the keyboard and close when focus leaves them", async ({ page }) => {
    const tools = menuTrigger(page, "Tools");
    const toolsMenu = page.locator("#nav-menu-tools");
    await tools.focus();
    await page.keyboard.press("Enter");
    await expect(toolsMenu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(toolsMenu.getByRole("link", { name: "ETF Tracker" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toolsMenu.getByRole("link", { name: "Airdrops" })).toBeFocused();
    // Tabbing past the last item moves on to Products and closes Tools behind it.
    await page.keyboard.press("Tab");
    await expect(menuTrigger(page, "Products")).toBeFocused();
    await expect(toolsMenu).toBeHidden();

    await page.keyboard.press("Space");
    await expect(page.locator("#nav-menu-products")).toBeVisible();
  });

  test("menu links lead to their pages and the open menu closes on arrival", async ({ page }) => {
    test.slow(); // three navigations
    const targets = [
      { menu: "Tools", link: "ETF Tracker", path: "/etf" },
      { menu: "Tools", link: "Airdrops", path: "/airdrop" },
      { menu: "Products", link: "Portfolio Management", path: "/pmi" },
    ] as const;
    for (const target of targets) {
      await gotoHydrated(page, "/about");
      await menuTrigger(page, target.menu).click();
      await page.getByRole("link", { name: target.link }).click();
      await expect(page).not.toHaveURL(/\/about$/);
      expectArrivedAt(page, target.path);
      if (new URL(page.url()).pathname === target.path) {
        await expect(page.locator(`#nav-menu-${target.menu.toLowerCase()}`)).toBeHidden();
      }
      // These pages get their axe scan in a11y.spec.ts.
    }
  });

  test("logo, Contact Us, About Us and Sign In point where the seed says", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("button", { name: "Open menu" })).toBeHidden();

    await nav.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/contact$/);

    const logo = nav.getByRole("link", { name: /home/ });
    await expect(logo).toHaveAttribute("href", "/");
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The time to invest in crypto is now.");

    await nav.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("mobile navigation (375 px)", () => {
  test.use({ viewport: viewports.mobile });

  test("the desktop menus are hidden and the hamburger opens a full-screen menu with the same entries", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await expect(menuTrigger(page, "Tools")).toBeHidden();
    await expect(menuTrigger(page, "Products")).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Contact Us" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeHidden();

    const hamburger = page.getByRole("button", { name: "Open menu" });
    await expect(hamburger).toBeVisible();
    await hamburger.click();

    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    // Full screen: the panel covers the whole viewport once its slide-in has finished.
    await expect
      .poll(async () => menu.boundingBox())
      .toEqual({ x: 0, y: 0, width: viewports.mobile.width, height: viewports.mobile.height });

    await expect(menu.getByRole("heading", { name: "Tools" })).toBeVisible();
    await expect(menu.getByRole("heading", { name: "Products" })).toBeVisible();
    const entries = [
      ["ETF Tracker", "/etf"],
      ["Airdrops", "/airdrop"],
      ["Portfolio Management", "/pmi"],
      ["Contact Us", "/contact"],
      ["About Us", "/about"],
      ["Sign In", "/login"],
    ] as const;
    for (const [name, href] of entries) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expectNoA11yViolations(page);

    // The page behind the menu cannot be scrolled.
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");

    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(hamburger).toBeFocused();
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
  });

  test("a link in the slide-in menu navigates and closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("research and analysis firm");
  });

  test("Escape also closes the slide-in menu", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const hamburger = page.getByRole("button", { name: "Open menu" });
    await hamburger.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(hamburger).toBeFocused();
  });

  test("the slide-in menu closes when the window grows past 800 px", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();

    await page.setViewportSize({ width: 1024, height: 768 });
    // Closed for real, not merely hidden by CSS: the dialog is gone and the page scrolls again.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
    await expect(menuTrigger(page, "Tools")).toBeVisible();
    await expectNoA11yViolations(page);

    // Shrinking again shows the hamburger, with the menu still closed.
    await page.setViewportSize(viewports.mobile);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the breakpoint: 800 px is mobile, 801 px is desktop", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(menuTrigger(page, "Tools")).toBeHidden();
    await expectNoA11yViolations(page);

    // Opened at exactly 800 px, the menu stays open (800 is not wider than 800).
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();

    await page.setViewportSize({ width: 801, height: 800 });
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(menuTrigger(page, "Tools")).toBeVisible();
    await expect(menuTrigger(page, "Products")).toBeVisible();
  });
});
