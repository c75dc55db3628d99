import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

// The footer of seed §1–2 with product.md §2's departures (no claimed licence when unset), and the
// Terms & Conditions dialog: 10 sections, page scroll locked, a body that scrolls past 550 px,
// and three ways to close.

const termsSectionTitles = [
  "1. User eligibility",
  "2. Account registration",
  "3. Trading activities",
  "4. Fees and charges",
  "5. Compliance with laws",
  "6. Intellectual property",
  "7. Limitation of liability",
  "8. Modification of terms",
  "9. Governing law",
  "10. Contact information",
];

const legalLinks = [
  ["Preventing money laundering", "/legal/aml"],
  ["Privacy policy", "/legal/privacy"],
  ["Risk disclosure", "/legal/risk"],
  ["Disclosure", "/legal/disclosure"],
] as const;

function footer(page: Page) {
  return page.getByRole("contentinfo");
}

async function openTerms(page: Page) {
  const trigger = footer(page).getByRole("button", { name: "Terms & Conditions" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Terms & Conditions" });
  await expect(dialog).toBeVisible();
  return { trigger, dialog };
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`footer at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`${label}: links, disclaimers and copyright; nothing claimed that the operator did not set`, async ({
      page,
    }) => {
      await gotoHydrated(page, "/");
      const foot = footer(page);
      await expect(foot.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
      for (const [name, href] of legalLinks) {
        await expect(foot.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(foot.getByRole("button", { name: "Terms & Conditions" })).toBeVisible();

      // No social URLs are configured in the test environment: no icons, no empty links.
      await expect(foot.getByRole("list", { name: "Social media" })).toHaveCount(0);
      await expect(foot.locator('a[href=""], a:not([href])')).toHaveCount(0);

      await expect(foot).toContainText("Risk warning:");
      await expect(foot).toContainText("You can lose some or all of the money you put in.");
      await expect(foot).toContainText("Not financial advice:");
      await expect(foot).toContainText("It is not financial or investment advice");
      const year = new Date().getFullYear();
      await expect(foot).toContainText(`© 2024–${year} Coinlens. All rights reserved.`);

      // Legal entity, registration and regulator are operator settings; unset means unclaimed.
      const text = (await foot.innerText()).toLowerCase();
      for (const claim of [
        "operated by",
        "regulated by",
        "registration",
        "registered",
        "seychelles",
        "licen",
        "pci dss",
      ]) {
        expect(text, `footer must not claim "${claim}"`).not.toContain(claim);
      }
      await expect(foot.locator('a[href^="mailto:"]')).toHaveCount(0);

      // Horizontal overflow would mean something does not fit the viewport.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    });

    test(`${label}: the legal links and Contact Us open their pages`, async ({ page }) => {
      test.slow(); // five navigations
      await gotoHydrated(page, "/about");
      for (const [name, href] of [["Contact Us", "/contact"] as const, ...legalLinks]) {
        await footer(page).getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
      await expectNoA11yViolations(page); // a legal page; /contact is scanned in a11y.spec.ts
    });

    test(`${label}: the Terms dialog has its 10 sections and passes axe`, async ({ page }) => {
      await gotoHydrated(page, "/");
      const { dialog } = await openTerms(page);
      await expect(dialog.getByRole("heading", { level: 3 })).toHaveText(termsSectionTitles);
      await expect(dialog).toContainText("at least 18 years old");
      // The operator has not set a governing law or contact e-mail: placeholders, nothing invented.
      await expect(dialog.getByText("governing law to be set by the operator")).toBeVisible();
      await expect(dialog.getByRole("link", { name: "our contact form" })).toHaveAttribute(
        "href",
        "/contact",
      );
      await expectNoA11yViolations(page);
    });

    // The landing page's dialog is a native <dialog> driven by its own script (ADR 0063); the
    // other pages hydrate and use Radix. Both must behave the same.
    for (const path of ["/", "/faq"]) {
      test(`${label} ${path}: the Terms dialog locks page scroll while open`, async ({ page }) => {
        await gotoHydrated(page, path);
        const { dialog } = await openTerms(page);
        // Clicking the trigger scrolled the footer into view; from here the document must stay put.
        const scrollY = await page.evaluate(() => window.scrollY);
        expect(scrollY).toBeGreaterThan(0);

        // The body's overflow is hidden (Radix's react-remove-scroll, or the landing page's script).
        await expect(page.locator("body")).toHaveCSS("overflow", "hidden");

        // Wheel over the backdrop: the document does not move.
        await page.mouse.move(5, viewport.height - 5);
        await page.mouse.wheel(0, 600);
        await page.keyboard.press("PageDown");
        await page.keyboard.press("End");
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

        await dialog.getByRole("button", { name: "Close", exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
        // Unlocked, the page is where it was, and scrolls again.
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
        await page.mouse.wheel(0, -300);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrollY);
      });

      test(`${label} ${path}: the Terms dialog closes on ×, on Close and on Escape, returning focus`, async ({
        page,
      }) => {
        await gotoHydrated(page, path);
        const ways = [
          (dialog: ReturnType<Page["getByRole"]>) =>
            dialog.getByRole("button", { name: "Close dialog" }).click(),
          (dialog: ReturnType<Page["getByRole"]>) =>
            dialog.getByRole("button", { name: "Close", exact: true }).click(),
          () => page.keyboard.press("Escape"),
        ];
        for (const close of ways) {
          const { trigger, dialog } = await openTerms(page);
          await close(dialog);
          await expect(page.getByRole("dialog")).toHaveCount(0);
          await expect(trigger).toBeFocused();
        }
      });
    }
  });
}

test.describe("the Terms dialog body", () => {
  test("is at most 550 px tall and scrolls inside itself on a small screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 640 });
    await gotoHydrated(page, "/");
    const { dialog } = await openTerms(page);
    const body = dialog.locator("[data-dialog-body]");
    await expect(body).toHaveCSS("max-height", "550px");
    await expect(body).toHaveCSS("overflow-y", "auto");
    const size = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(size.scroll).toBeGreaterThan(size.client);
    expect(size.client).toBeLessThanOrEqual(550);

    // The whole dialog, header and Close button included, fits in the viewport.
    const box = await dialog.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 640).toBe(true);
    await expect(dialog.getByRole("button", { name: "Close", exact: true })).toBeInViewport();

    // Wheel inside the body scrolls the body, not the page.
    const pageScroll = await page.evaluate(() => window.scrollY);
    await body.hover();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);

    // The last section can be reached.
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(dialog.getByRole("heading", { name: "10. Contact information" })).toBeInViewport();
    await expectNoA11yViolations(page);
  });

  test("stops at 550 px on a tall screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await gotoHydrated(page, "/");
    const { dialog } = await openTerms(page);
    const body = dialog.locator("[data-dialog-body]");
    const size = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(size.client).toBe(550);
    expect(size.scroll).toBeGreaterThan(550);
  });
});
