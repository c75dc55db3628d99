import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// What a new member runs into on a first visit, at 375 and 1280 px: a wrong address keeps the
// app's navigation; the sign-up form links the terms and the privacy policy, and the terms are a
// page and a PDF; the header, the market table and /fixed-etf work on a phone; dates read one way;
// the ETF flows have a chart and every fund in them a card.

const DATE = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

async function mainText(page: Page) {
  return page.getByRole("main").innerText();
}

/** "25 Nov 2026, 18:19 UTC" */
const DATE_TIME = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2} UTC\b/;

test("the sign-up form links the terms and the privacy policy, opening in a new tab", async ({ page }) => {
  await gotoHydrated(page, "/signup");
  for (const [name, href] of [
    ["terms", "/legal/terms"],
    ["privacy policy", "/legal/privacy"],
  ] as const) {
    const link = page.getByRole("link", { name: `${name} (opens in a new tab)`, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  const [terms] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "terms (opens in a new tab)" }).click(),
  ]);
  await terms.waitForLoadState();
  await expect(terms.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
});

test("/legal/terms is a page and a PDF like the other legal documents", async ({ page, request }) => {
  const response = await gotoHydrated(page, "/legal/terms");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms & Conditions");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
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
  ]);
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", "/legal/terms/pdf");
  await expectNoA11yViolations(page);
  const pdf = await request.get("/legal/terms/pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = (await pdf.body()).toString("latin1");
  expect(bytes.startsWith("%PDF-1.4")).toBe(true);
  expect(bytes).toContain("User eligibility");
  expect(await (await request.get("/sitemap.xml")).text()).toContain("/legal/terms</loc>");
});

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("a wrong address, signed in, is a 404 inside the app: its navigation stays", async ({ page }) => {
      await signInNewMember(page, "look-404");
      const response = await gotoHydrated(page, "/no-such-page-here");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      const nav = page.getByRole("navigation", { name: viewport.width > 800 ? "App" : "Bottom" });
      await expect(nav.getByRole("link", { name: "Wallet" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
      await nav.getByRole("link", { name: "Wallet" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test("the demo header fits the width: nothing overflows, the avatar is whole", async ({ page }) => {
      await signInNewMember(page, "look-header");
      const switched = await page.request.post("/account/mode", { form: { intent: "switch", mode: "demo" } });
      expect(switched.ok()).toBe(true);
      await gotoHydrated(page, "/dashboard");
      await expect(page.getByTestId("account-badge")).toHaveText("Demo · Standard");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, "no horizontal scrolling").toBeLessThanOrEqual(viewport.width);
      const avatar = await page.getByRole("button", { name: /^Account menu for/ }).boundingBox();
      expect(avatar && avatar.x >= 0 && avatar.x + avatar.width <= viewport.width).toBe(true);
      // The brand still names the link home for screen readers when its text is tucked away.
      await expect(page.getByRole("link", { name: "Coinlens home" })).toBeVisible();
    });

    test("no price in the market table is cut at the table's edge", async ({ page }) => {
      await signInNewMember(page, "look-prices");
      const region = page.getByRole("region", { name: "Crypto assets table" });
      // The server renders the first rows; the rest when the table comes near the screen (ADR 0095).
      await region.scrollIntoViewIfNeeded();
      await expect(page.getByTestId("screener-row")).toHaveCount(100);
      const cut = await region.evaluate((el) => {
        const edge = el.getBoundingClientRect();
        const cells = [...el.querySelectorAll<HTMLElement>("[data-testid=screener-price]")];
        return cells
          .filter((cell) => {
            const box = cell.getBoundingClientRect();
            return (
              box.left < edge.left - 0.5 ||
              box.right > edge.right + 0.5 ||
              cell.scrollWidth > cell.clientWidth
            );
          })
          .map((cell) => cell.innerText);
      });
      expect(cut, "prices cut by the edge of the table").toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      // The table scrolls inside its 550 px box: nothing in it (screen-reader text included)
      // makes the page longer than the same page with no rows.
      const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
      const withRows = await pageHeight();
      await page.getByLabel("Search coins").fill("no such coin");
      await expect(page.getByText("No coin matches")).toBeVisible();
      expect(withRows).toBe(await pageHeight());
    });

    test("/fixed-etf: choosing a coin shows its form", async ({ page }) => {
      await signInNewMember(page, "look-fixed");
      await gotoHydrated(page, "/fixed-etf");
      await page.getByRole("link", { name: /Bitcoin\s+BTC/ }).click();
      const heading = page.getByRole("heading", { name: "Bitcoin (BTC)" });
      await expect(heading).toBeVisible();
      await expect(heading).toBeInViewport();
      await expect(page.getByLabel(/Amount/).first()).toBeInViewport();
      if (viewport.width < 1024) await expect(heading).toBeFocused();
      await page.getByRole("link", { name: /Ethereum\s+ETH/ }).scrollIntoViewIfNeeded();
      await page.getByRole("link", { name: /Ethereum\s+ETH/ }).click();
      await expect(page.getByRole("heading", { name: "Ethereum (ETH)" })).toBeInViewport();
    });

    test("ETF flows: a bar chart of the daily totals, the table kept, and a card for every fund in it", async ({
      page,
    }) => {
      await signInNewMember(page, "look-etf");
      await gotoHydrated(page, "/etf");
      const table = page.getByRole("region", { name: "Daily net flows table" });
      const dayRows = table.locator("tbody tr");
      const days = await dayRows.count();
      expect(days).toBeGreaterThan(0);
      const chart = page.getByTestId("etf-flows-chart");
      await expect(chart).toBeVisible();
      await expect(chart.getByText("Total net flow per day")).toBeVisible();
      await expect(chart.locator("[aria-hidden=true]")).toHaveCount(1);
      await expect(chart.locator("[data-flow-day]")).toHaveCount(days);
      const box = await chart.boundingBox();
      expect(box && box.x + box.width <= viewport.width).toBe(true);

      const symbols = (await table.locator("thead th").allInnerTexts())
        .map((text) => text.trim())
        .filter((text) => !/^(date|total)$/i.test(text));
      expect(symbols.length).toBeGreaterThan(10);
      for (const symbol of symbols) {
        await expect(
          page.locator(`main a[href="/etfabout?symbol=${symbol}"]`),
          `a card for ${symbol}`,
        ).toHaveCount(1);
      }
      // The days in the table read like every other date.
      for (const day of await table.locator("tbody th").allInnerTexts()) expect(day.trim()).toMatch(DATE);
      await expectNoA11yViolations(page);
    });
  });
}

test("one date format: no page shows ISO or numeric dates", async ({ page }) => {
  test.setTimeout(180_000); // nine pages
  const email = await signInNewMember(page, "look-dates");
  const credit = await page.request.post("/api/test/trade", {
    data: { action: "credit", email, ledger: "real", asset: "USDT", amount: "150" },
  });
  expect(credit.ok(), await credit.text()).toBe(true);
  const pages = [
    "/dashboard",
    "/wallet",
    "/transactions",
    "/etf",
    "/etfabout?symbol=IBIT",
    "/fixed-etf",
    "/airdrop",
  ];
  for (const path of pages) {
    await gotoHydrated(page, path);
    const text = await mainText(page);
    expect(text, `${path}: an ISO date`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text, `${path}: a numeric date`).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/);
    expect(text, `${path}: a month written out`).not.toMatch(
      /\b(January|February|March|April|June|July|August|September|October|November|December)\b/,
    );
  }
  await gotoHydrated(page, "/etfabout?symbol=IBIT");
  await expect(page.getByText("11 Jan 2024", { exact: true })).toBeVisible(); // the inception date
  await gotoHydrated(page, "/transactions");
  expect(await mainText(page)).toMatch(DATE_TIME);
  await gotoHydrated(page, "/dashboard");
  expect(await mainText(page)).toMatch(new RegExp(`Prices as of ${DATE_TIME.source}`));
});
