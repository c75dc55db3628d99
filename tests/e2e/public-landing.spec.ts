import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";

// The machine runs several servers at once; axe scans of long pages need more than the default.
test.describe.configure({ timeout: 120_000 });

const featureTitles = [
  "Premium Research",
  "Altcoin opportunities",
  "Smart Money",
  "Picks",
  "Airdrops Tool",
  "Community",
  "Market Updates",
  "Portfolio Tracker",
  "Market Direction",
  "ETF Tracker",
];

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`landing page at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("banner, calls to action, snapshot slot and video in the seed's order", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "The time to invest in crypto is now.",
      );
      await expect(page.getByText("Seize the moment before the giants do")).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Become a Winner", exact: true })).toHaveAttribute(
        "href",
        "/login",
      );
      await expect(main.getByRole("link", { name: "Register" }).first()).toHaveAttribute("href", "/signup");
      await expect(main.getByRole("link", { name: "Try Free Demo" }).first()).toHaveAttribute(
        "href",
        "/signup?demo=1",
      );
      await expect(page.getByRole("heading", { name: "Market snapshot" })).toBeVisible();
      // Prices come from the market data cache and always say where they come from and how old they are.
      const snapshot = page.locator("[data-slot=market-snapshot]");
      await expect(snapshot.getByText("BTC", { exact: true })).toBeVisible();
      await expect(snapshot).toContainText("Source: sample prices (not live), as of");

      const video = page.locator("video");
      await expect(video).toHaveAttribute("preload", "none");
      await expect(video).toHaveAttribute("poster", "/media/intro-poster.webp");
      await expect(video.locator("track[kind=captions]")).toHaveAttribute("src", "/media/intro.en.vtt");
      const captions = await page.request.get("/media/intro.en.vtt");
      expect(captions.ok()).toBe(true);
      expect(await captions.text()).toContain("WEBVTT");

      const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
      const order = [
        "Market snapshot",
        "Research, analysis, community and tools in one membership",
        "Ride the crypto wave to a multi-million dollar portfolio",
        "Escape the financial rat race & earn generational wealth in the 2024 bull run",
        "Unlock instant access to crypto's hottest opportunities",
        "Frequently asked questions",
      ];
      expect(headings.filter((h) => order.includes(h))).toEqual(order);
      await expect(main.getByRole("link", { name: "Become a winner", exact: true })).toHaveAttribute(
        "href",
        "/signup",
      );
      await expectNoA11yViolations(page);
    });

    test("the ten feature panels are disclosure buttons with Learn More", async ({ page }) => {
      await page.goto("/");
      for (const title of featureTitles) {
        const button = page.getByRole("button", { name: title, exact: true });
        await expect(button).toHaveAttribute("aria-expanded", "false");
      }
      const research = page.getByRole("button", { name: "Premium Research", exact: true });
      await research.click();
      await expect(research).toHaveAttribute("aria-expanded", "true");
      const learnMore = page.getByRole("link", { name: "Learn More about Premium Research" });
      await expect(learnMore).toBeVisible();
      // A visitor learns what the feature is from its public preview (issue 18), not a sign-in form.
      await expect(learnMore).toHaveAttribute("href", "/preview/research");
      await research.click();
      await expect(research).toHaveAttribute("aria-expanded", "false");
      await expect(learnMore).toBeHidden();

      // Keyboard: Enter toggles a focused panel.
      const etf = page.getByRole("button", { name: "ETF Tracker", exact: true });
      await etf.focus();
      await page.keyboard.press("Enter");
      await expect(etf).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("link", { name: "Learn More about ETF Tracker" })).toHaveAttribute(
        "href",
        "/login",
      );
      await expectNoA11yViolations(page);
    });

    test("the crypto-wave pictures load lazily with alt text beside their panels", async ({ page }) => {
      await page.goto("/");
      const images = page.locator('section[aria-labelledby="wave-heading"] img');
      await expect(images).toHaveCount(4);
      for (const img of await images.all()) {
        await expect(img).toHaveAttribute("loading", "lazy");
        expect((await img.getAttribute("alt"))?.length ?? 0).toBeGreaterThan(10);
      }
      const plan = page.getByRole("button", { name: "Plan every trade" });
      await plan.click();
      await expect(plan).toHaveAttribute("aria-expanded", "true");
    });

    test("pricing: Monthly by default, Yearly toggles, payment switch shows methods", async ({ page }) => {
      await page.goto("/");
      const pricing = page.locator("#pricing");
      const monthly = pricing.getByRole("button", { name: "Monthly" });
      const yearly = pricing.getByRole("button", { name: "Yearly" });
      await expect(monthly).toHaveAttribute("aria-pressed", "true");
      await expect(yearly).toHaveAttribute("aria-pressed", "false");
      await expect(pricing.getByTestId("membership-price")).toHaveText("$250.00");
      await expect(pricing).toContainText("per month");
      await expect(pricing).toContainText("Membership price");
      await expect(pricing).not.toContainText("Minimum Investment");
      for (const feature of ["Research:", "Analysis:", "Community:", "Tools:"]) {
        await expect(pricing.getByText(feature)).toBeVisible();
      }
      await yearly.click();
      await expect(yearly).toHaveAttribute("aria-pressed", "true");
      await expect(monthly).toHaveAttribute("aria-pressed", "false");
      await expect(pricing.getByTestId("membership-price")).toHaveText("$3,000.00");
      await expect(pricing).toContainText("per year");
      // Subscribe carries the choices, through sign-up, to the checkout.
      const subscribe = pricing.getByRole("link", { name: "Subscribe" });
      await expect(subscribe).toHaveAttribute(
        "href",
        `/signup?redirectTo=${encodeURIComponent("/billing/checkout?plan=premium&period=yearly&method=card")}`,
      );

      const card = pricing.getByRole("button", { name: "Pay with Card" });
      const crypto = pricing.getByRole("button", { name: "Pay with Crypto" });
      await expect(card).toHaveAttribute("aria-pressed", "true");
      await expect(pricing.getByTestId("payment-methods")).toContainText("Visa");
      await crypto.click();
      await expect(crypto).toHaveAttribute("aria-pressed", "true");
      await expect(card).toHaveAttribute("aria-pressed", "false");
      await expect(pricing.getByTestId("payment-methods")).toContainText("Tether (USDT, TRC20)");
      await expect(pricing.getByTestId("payment-methods")).not.toContainText("Visa");
      await expect(subscribe).toHaveAttribute("href", /method%3Dcrypto/);
      await expectNoA11yViolations(page);
    });

    test("FAQ: six questions, the first open, each toggles", async ({ page }) => {
      await page.goto("/");
      const faq = page.locator('section[aria-labelledby="faq-heading"]');
      const questions = faq.locator("button[aria-expanded]");
      await expect(questions).toHaveCount(6);
      await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
      for (let i = 1; i < 6; i++) await expect(questions.nth(i)).toHaveAttribute("aria-expanded", "false");
      await questions.nth(4).click();
      await expect(questions.nth(4)).toHaveAttribute("aria-expanded", "true");
      await expect(faq.getByText("free demo account with virtual funds")).toBeVisible();
      await questions.nth(0).click();
      await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    });
  });
}
