import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { waitForMail } from "./mailbox.ts";

// The machine runs several servers at once; axe scans of long pages need more than the default.
test.describe.configure({ timeout: 120_000 });

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`contact at ${viewport.width} px (${name})`, () => {
    test.use({ viewport });

    test("every field is required, with a message next to it", async ({ page }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Enter your e-mail address")).toBeVisible();
      await expect(page.getByText("Enter a subject")).toBeVisible();
      await expect(page.getByText("Enter your message")).toBeVisible();
      await expect(page.getByLabel("Email")).toBeFocused();
      await page.getByLabel("Email").fill("not-an-address");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test("Send message stores it, e-mails support and shows 'Message Sent'", async ({ page }) => {
      const subject = `Question from the ${name} test ${Date.now()}`;
      await page.goto("/contact");
      await page.getByLabel("Email").fill(`visitor-${name}@example.com`);
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message").fill("Can I switch from monthly to yearly billing later?");
      await page.getByRole("button", { name: "Send message" }).click();
      const dialog = page.getByRole("dialog", { name: "Message Sent" });
      await expect(dialog).toBeVisible();
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel("Subject")).toHaveValue("");

      const mail = await waitForMail(page, "support@coinlens.invalid", `[Coinlens contact] ${subject}`);
      await expect(mail).toHaveCount(1);
      await expect(mail).toContainText(`From: visitor-${name}@example.com`);
    });
  });
}

test("the server validates too and the spam trap is hidden from people", async ({ page, request }) => {
  const response = await request.post("/contact", {
    form: { email: "", subject: "", message: "" },
    failOnStatusCode: false,
  });
  expect(response.status()).toBe(400);
  await page.goto("/contact");
  await expect(page.locator('input[name="website"]')).not.toBeInViewport();
  await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
});
