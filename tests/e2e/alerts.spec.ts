import type { Page } from "@playwright/test";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// Price alerts, watchlists and the notification bell (issue 19, ADR 0075). A member sets "BTC
// above" a little over the sample price; BTC is moved through it by hand on /dev/market in another
// tab, and the bell in the header counts the notification without a reload; marking it read clears
// the count; another member's bell stays empty. Watchlists: a list with two assets and their
// prices, which another member never sees. SCREENSHOTS_DIR saves the pages at both widths.

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function setBtcPrice(devPage: Page, price: string, shown: string) {
  const row = devPage.getByTestId("dev-coin-BTC");
  await row.getByLabel("New BTC price (USD)").fill(price);
  await row.getByRole("button", { name: "Set" }).click();
  await expect(devPage.getByTestId("dev-price-BTC")).toHaveText(shown);
}

test("a BTC alert fires into the header bell live, is marked read, and another member gets nothing", async ({
  page,
  browser,
}) => {
  await signInNewMember(page, "alerts");
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInNewMember(other, "alerts-other");

  // From the account menu.
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Price alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Price alerts" })).toBeVisible();
  await gotoHydrated(page, "/alerts");
  await expect(page.locator("html")).toHaveAttribute("data-account-stream", "open");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // The form's errors beside the field.
  await page.getByLabel("Asset").selectOption("BTC");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByText("Enter a price in USD, like 65000 or 0.25.")).toBeVisible();
  await expect(page.getByLabel("Price (USD)")).toHaveAttribute("aria-invalid", "true");

  const devPage = await page.context().newPage();
  await gotoHydrated(devPage, "/dev/market");
  try {
    // A known starting point, then the alert a little above it.
    await setBtcPrice(devPage, "31000", "$31,000.00");
    await page.getByLabel("Price (USD)").fill("31500");
    await page.getByRole("button", { name: "Create alert" }).click();
    await expect(page.getByText("Alert created.")).toBeVisible();
    const alerts = page.getByRole("list", { name: "Your alerts" });
    await expect(alerts.getByRole("listitem")).toHaveCount(1);
    await expect(alerts).toContainText("BTC above $31,500.00");
    await expect(alerts).toContainText("Watching");
    await lookAt(page, "alerts");

    await setBtcPrice(devPage, "31600", "$31,600.00");
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 20_000 });
    await expect(bell).toHaveText("1");
    await expect(alerts).toContainText("Fired", { timeout: 10_000 });
    // The list moved to "Fired" by a live revalidation; the form's answer is still there.
    await expect(page.getByText("Alert created.")).toBeVisible();

    await bell.click();
    const menu = page.getByRole("menu", { name: "Notifications" });
    await expect(menu).toBeVisible();
    const item = menu.getByRole("menuitem", { name: /BTC is above \$31,500\.00: now \$31,600\.00/ });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("href", "/alerts");
    await expect(menu).toContainText("Sample data");
    await lookAt(page, "alerts-bell-open");

    const marked = page.waitForResponse(
      (r) => r.url().includes("/notifications/read") && r.request().method() === "POST",
    );
    await menu.getByRole("menuitem", { name: "Mark all read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications, none unread");
    expect((await marked).ok()).toBe(true);
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");

    // The other member: no notification, no alert.
    await gotoHydrated(other, "/alerts");
    await expect(other.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");
    await expect(other.getByText("No alerts yet")).toBeVisible();
    await other.getByTestId("notification-bell").click();
    await expect(other.getByRole("menu", { name: "Notifications" })).toContainText("Nothing yet.");
  } finally {
    await devPage.getByRole("button", { name: "Clear all hand-set prices" }).click();
    await expect(devPage.getByTestId("dev-price-BTC")).toHaveText("$31,000.00");
    await otherContext.close();
  }
});

test("a member's watchlist shows its assets with prices; another member sees none of it", async ({
  page,
  browser,
}) => {
  await signInNewMember(page, "watchlists");
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Watchlists" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Watchlists" })).toBeVisible();
  await gotoHydrated(page, "/watchlists");
  await expect(page.getByText("No watchlists yet")).toBeVisible();

  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByText("Name the list (1 to 40 characters).")).toBeVisible();
  await page.getByLabel("List name").fill("Majors");
  await page.getByRole("button", { name: "Create list" }).click();
  const list = page.getByTestId("watchlist");
  await expect(page.getByRole("heading", { level: 2, name: "Majors" })).toBeVisible();
  for (const symbol of ["BTC", "ETH"]) {
    await list.getByLabel("Add an asset to Majors").selectOption(symbol);
    await list.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText(`${symbol} added.`)).toBeVisible();
  }
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("row", { name: /BTC Bitcoin \$[\d,]+\.\d{2}/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /ETH Ethereum \$[\d,]+\.\d{2}/ })).toBeVisible();
  // A second list of the same name is refused beside the field.
  await page.getByLabel("List name").fill("majors");
  await page.getByRole("button", { name: "Create list" }).click();
  await expect(page.getByText("You already have a list with that name.")).toBeVisible();
  await lookAt(page, "watchlists");

  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signInNewMember(other, "watchlists-other");
    await gotoHydrated(other, "/watchlists");
    await expect(other.getByText("No watchlists yet")).toBeVisible();
    await expect(other.getByText("Majors")).toHaveCount(0);
  } finally {
    await otherContext.close();
  }

  // A row's bell opens the alert form on that asset.
  await page.getByRole("link", { name: "Set a price alert on ETH" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Price alerts" })).toBeVisible();
  await expect(page.getByLabel("Asset")).toHaveValue("ETH");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Watchlists" })).toBeVisible();

  // Remove one, then delete the list.
  await page.getByRole("button", { name: "Remove ETH from Majors" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Delete Majors" }).click();
  await expect(page.getByText("No watchlists yet")).toBeVisible();
});
