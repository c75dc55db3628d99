import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { createMember, signInNewMember } from "./member-session.ts";

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
      // The three sample cards; reviews other tests approve may join them.
      for (const id of [1, 2, 3]) await expect(page.locator(`#review-sample-review-${id}`)).toBeVisible();
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

    test("a member's review shows on the landing page once an admin approves it", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.slow();
      const email = `reviewer-${name}-${Date.now()}@coinlens.test`;
      const password = "Honest-reviews-2026!";
      await createMember(page.request, { email, password });
      await page.goto("/login?redirectTo=%2Freviews%2Fnew");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/reviews\/new$/, { timeout: 20_000 });
      const title = `Clear research, calm community (${name} ${Date.now()})`;
      await page.getByLabel("5 stars").check();
      await page.getByLabel("Title").fill(title);
      await page
        .getByLabel("Your review")
        .fill("Every pick comes with its reasoning, and the risk notes are honest.");
      await page.getByLabel("Country").fill("ie");
      await page.getByLabel("Date of experience").fill("2026-02-10");
      await page.getByRole("button", { name: "Send review" }).click();
      await expect(page.getByText("Your review has been sent for approval.")).toBeVisible();

      const adminContext = await browser.newContext({ baseURL, viewport });
      try {
        const admin = await adminContext.newPage();
        await signInAsNewStaff(admin, { tag: `reviews-${name}` });
        await admin.goto("/admin/reviews");
        await expect(admin.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
        const pending = admin.getByRole("listitem").filter({ hasText: title });
        await expect(pending).toContainText("pending");
        await expect(pending).toContainText("Test Member · IE · 5/5");
        await expectNoA11yViolations(admin);
        await pending.getByRole("button", { name: `Approve “${title}”` }).click();
        await expect(answerOf(admin)).toHaveText(`Approved “${title}”. It now shows on the home page.`);
        await expect(admin.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
      } finally {
        await adminContext.close();
      }

      await page.goto("/");
      const card = page.locator("#reviews").getByRole("listitem").filter({ hasText: title });
      await expect(card).toBeVisible();
      await expect(card.getByText("Test Member")).toBeVisible();
      await expect(card.getByText("IE", { exact: true })).toBeVisible();
      await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
      await expect(card.getByText("Sample", { exact: true })).toHaveCount(0);
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

test("without JavaScript, Useful and report bring a member back to the card, shown in its new state", async ({
  page,
  browser,
}) => {
  test.slow();
  // Sign in with JavaScript, then browse the landing page in a context that runs none: the
  // forms are submitted by the browser itself, as for a visitor with scripts off.
  await signInNewMember(page, "nojs-review");
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: viewports.mobile,
  });
  try {
    const noJs = await context.newPage();
    await noJs.goto("/");
    // sample-review-1 is one no other test votes on or reports.
    const card = noJs.locator("#review-sample-review-1");
    const useful = card.getByRole("button", { name: /Useful/ });
    await expect(useful).toHaveAttribute("aria-pressed", "false");
    await useful.click();
    await expect(noJs).toHaveURL(/\/#review-sample-review-1$/);
    await expect(useful).toHaveAttribute("aria-pressed", "true");
    await expect(useful).toHaveText("Useful (1)");
    await expect(useful).toBeDisabled();

    await card.getByRole("button", { name: /^Report the review/ }).click();
    await expect(noJs).toHaveURL(/\/#review-sample-review-1$/);
    await expect(card.getByRole("button", { name: "Reported for moderation" })).toBeDisabled();
    await expect(card.getByText("Reported", { exact: true })).toBeVisible();

    // The report is this member's alone: another visitor still sees the card unreported.
    await page.context().clearCookies();
    await page.goto("/");
    await expect(
      page.locator("#review-sample-review-1").getByRole("button", { name: /^Report the review/ }),
    ).toBeEnabled();
  } finally {
    await context.close();
  }

  // A visitor without JavaScript: their report is keyed by their address, which others share,
  // so the card shows it on the page they come back to (?reported=) and nowhere else.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.mobile });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto("/");
    const card = visitor.locator("#review-sample-review-1");
    await card.getByRole("button", { name: /^Report the review/ }).click();
    await expect(visitor).toHaveURL(/\/\?reported=sample-review-1#review-sample-review-1$/);
    await expect(card.getByRole("button", { name: "Reported for moderation" })).toBeDisabled();
    // Useful is a sign-in link for visitors, back to this card afterwards.
    await expect(card.getByRole("link", { name: /Useful/ })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2F%23review-sample-review-1",
    );
    await visitor.goto("/");
    await expect(card.getByRole("button", { name: /^Report the review/ })).toBeEnabled();
  } finally {
    await visitorContext.close();
  }
});
