import { expect, expectNoA11yViolations, test } from "./fixtures.ts";

test("the home page renders on the server with the seed's headline and passes axe", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The time to invest in crypto is now.");
  await expect(page.getByText("Seize the moment before the giants do")).toBeVisible();
  await expect(page.getByRole("link", { name: "Become a Winner", exact: true })).toHaveAttribute(
    "href",
    "/login",
  );
  await expectNoA11yViolations(page);
});
