import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";

// The machine runs several servers at once; axe scans of long pages need more than the default.
test.describe.configure({ timeout: 120_000 });

const demo = { email: "demo@coinlens.test", password: "Coinlens-demo-2026!" };

async function signIn(page: import("@playwright/test").Page, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace(/[/?]/g, "\\$&")}$`), { timeout: 20_000 });
}

const perViewport = {
  mobile: { vote: "sample-review-2", flag: "sample-review-3" },
  desktop: { vote: "sample-review-3", flag: "sample-review-2" },
} as const;

for (const [name, viewport] of Object.entries(viewports) as [
  keyof typeof perViewport,
  (typeof viewports)["mobile"],
][]) {
  test.describe(`reviews at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("visitors see approved sample cards, can share and report, and are sent to sign in to vote", async ({
      page,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      // Headless Chromium has no share sheet; the card falls back to copying the link.
      await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
      await page.goto("/");
      const section = page.locator("#reviews");
      await expect(section.getByRole("heading", { name: "What members say" })).toBeVisible();
      const cards = section.getByRole("listitem");
      await expect(cards).toHaveCount(3);
      const first = page.locator("#review-sample-review-1");
      await expect(first.getByText("Amara Okafor")).toBeVisible();
      await expect(first.getByText("3 reviews")).toBeVisible();
      await expect(first.getByText("NG", { exact: true })).toBeVisible();
      await expect(first.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      await expect(first.getByText("6 days ago")).toBeVisible();
      await expect(first.getByText("Date of experience:")).toBeVisible();
      await expect(first.getByText("Sample", { exact: true })).toBeVisible();

      await first.getByRole("button", { name: "Share" }).click();
      await expect(page.getByText("Link copied").first()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/#review-sample-review-1$/);

      await expect(first.getByRole("link", { name: /Useful/ })).toHaveAttribute(
        "href",
        "/login?redirectTo=%2F%23review-sample-review-1",
      );

      const flagged = page.locator(`#review-${perViewport[name].flag}`);
      await flagged.getByRole("button", { name: /^Report the review/ }).click();
      await expect(flagged.getByRole("button", { name: "Reported for moderation" })).toBeDisabled();
      await expectNoA11yViolations(page);
    });

    test("a member votes Useful once, and writes a review that waits for approval", async ({ page }) => {
      test.slow();
      await signIn(page, "/");
      const card = page.locator(`#review-${perViewport[name].vote}`);
      const useful = card.getByRole("button", { name: /Useful/ });
      await expect(useful).toHaveAttribute("aria-pressed", "false");
      await useful.click();
      await expect(useful).toHaveAttribute("aria-pressed", "true");
      await expect(useful).toHaveText("Useful (1)");
      await expect(useful).toBeDisabled();
      await page.reload();
      await expect(card.getByRole("button", { name: /Useful/ })).toHaveText("Useful (1)");
      await expect(card.getByRole("button", { name: /Useful/ })).toHaveAttribute("aria-pressed", "true");

      await page.locator("#reviews").getByRole("link", { name: "Write a review" }).click();
      await expect(page).toHaveURL(/\/reviews\/new$/);
      await page.getByRole("button", { name: "Send review" }).click();
      await expect(page.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
      await expect(page.getByText("Give your review a title")).toBeVisible();
      await expectNoA11yViolations(page);

      const title = `Honest tools (${name})`;
      await page.getByLabel("4 stars").check();
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Your review").fill("The demo account let me learn swaps without risking money.");
      await page.getByLabel("Country").fill("gb");
      await page.getByLabel("Date of experience").fill("2026-01-05");
      await page.getByRole("button", { name: "Send review" }).click();
      await expect(page.getByText("Your review has been sent for approval.")).toBeVisible();
      await page.goto("/");
      await expect(page.locator("#reviews")).not.toContainText(title);

      // Only administrators moderate, checked on the server.
      const admin = await page.request.get("/admin/reviews", { failOnStatusCode: false });
      expect(admin.status()).toBe(403);
    });
  });
}
