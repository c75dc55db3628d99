import { signUpViaForm, strongPassword, uniqueEmail } from "./auth-helpers.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { waitForLink } from "./mailbox.ts";
import { signInNewMember } from "./member-session.ts";

// The dashboard guides a new member: a reminder to confirm the e-mail (with a way to send a new
// link, dismissible) and a first-run checklist ticked from real state, dismissible for good.
test.describe.configure({ timeout: 120_000 });

for (const [name, viewport] of Object.entries(viewports)) {
  test(`${name}: a new member's checklist and reminder follow what they really did, and only theirs`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`first-run-${name}`);
    await signUpViaForm(page, { email, password: strongPassword });
    await waitForHydration(page);

    const reminder = page.getByRole("status").filter({ hasText: "Confirm your e-mail address first" });
    await expect(reminder).toBeVisible();
    const checklist = page.getByRole("region", { name: "Get started" });
    await expect(checklist.getByText("0 of 4 done")).toBeVisible();
    await expect(checklist.getByRole("progressbar", { name: "Steps done" })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );
    await expectNoA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`first-run-${name}.png`), fullPage: true });

    // "Send a new link" sends one on the spot (the sign-up sent the first).
    await reminder.getByRole("button", { name: "Send a new link" }).click();
    await expect(reminder.getByText("We sent a new link.")).toBeVisible();
    const link = await waitForLink(page, email, "/verify-email", { count: 2 });

    // A second member, already further on, sees their own state, untouched by the first.
    const other = await browser.newPage({ viewport });
    await signInNewMember(other, `first-run-other-${name}`);
    const theirs = other.getByRole("region", { name: "Get started" });
    await expect(theirs.getByText("2 of 4 done")).toBeVisible();
    await expect(other.getByText("Confirm your e-mail address first")).toHaveCount(0);

    // Confirming the address ticks the first step and ends the reminder.
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect(checklist.getByText("1 of 4 done")).toBeVisible();
    await expect(
      checklist.getByRole("listitem").filter({ hasText: "Confirm your e-mail (done)" }),
    ).toBeVisible();
    await expect(page.getByText("Confirm your e-mail address first")).toHaveCount(0);

    // Dismissed for good: gone at once and after a reload; the other member still has theirs.
    await checklist.getByRole("button", { name: "Dismiss the checklist" }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Get started" })).toHaveCount(0);
    await other.reload();
    await expect(other.getByRole("region", { name: "Get started" })).toBeVisible();
    await other.close();
  });
}

test("the reminder to confirm can be put away, and the checklist survives it", async ({ page }) => {
  const email = uniqueEmail("first-run-snooze");
  await signUpViaForm(page, { email, password: strongPassword });
  await waitForHydration(page);
  const reminder = page.getByRole("status").filter({ hasText: "Confirm your e-mail address first" });
  await reminder.getByRole("button", { name: "Dismiss the reminder" }).click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Confirm your e-mail address first")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Get started" })).toBeVisible();
});
