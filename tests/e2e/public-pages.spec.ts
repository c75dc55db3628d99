import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";

// The machine runs several servers at once; axe scans of long pages need more than the default.
test.describe.configure({ timeout: 120_000 });

const marketingPages = [
  { path: "/pmi", heading: "Manage your crypto portfolio with clear numbers" },
  { path: "/why-coinlens", heading: "Invest with research, not rumours" },
  { path: "/crypto-trading", heading: "Trade crypto with no swap fees" },
];

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`public pages at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    for (const { path, heading } of marketingPages) {
      test(`${path} carries Register and Try Free Demo`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        const main = page.getByRole("main");
        await expect(main.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/signup");
        await expect(main.getByRole("link", { name: "Try Free Demo" })).toHaveAttribute(
          "href",
          "/signup?demo=1",
        );
        await expect(main).toContainText("you can lose");
        await expectNoA11yViolations(page);
      });
    }

    test("/airdrop lists the sample airdrops, labelled as samples", async ({ page }) => {
      await page.goto("/airdrop");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Airdrops worth your time");
      // The three samples of a new installation (airdrops.spec may have added a real one beside them).
      const cards = page.getByRole("main").getByRole("listitem");
      await expect(cards.filter({ hasText: "(sample)" })).toHaveCount(3);
      await expect(cards.first()).toContainText("Active");
      await expect(cards.first()).toContainText("Sample");
      for (const label of ["Reward", "Requirements", "Deadline"]) {
        await expect(cards.first().getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByText("Entries marked Sample are fictional examples")).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}
