import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// Staff roles in the back office (issue 20, ADR 0081): an admin makes a member support staff at
// once; making them an admin waits for a second admin — the admin who asked cannot approve it.

test.describe.configure({ mode: "serial", timeout: 180_000 });

async function openMember(admin: import("@playwright/test").Page, email: string) {
  await gotoHydrated(admin, "/admin/members");
  await admin.getByLabel("Search members").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await expect(admin.getByRole("heading", { name: "Staff role" })).toBeVisible();
}

test("support at once; admin only after a second admin approves", async ({ browser }) => {
  const member = await (await browser.newContext()).newPage();
  const email = await newSignedInMember(member, { tag: "future-staff", password: PASSWORD });

  const ada = await (await browser.newContext()).newPage();
  await signInAsNewStaff(ada, { tag: "roles-ada" });
  await openMember(ada, email);
  await ada.getByLabel("New role").selectOption("support");
  await ada.getByRole("button", { name: "Change role" }).click();
  await expect(answerOf(ada)).toContainText("They are support staff now.");
  await expect(ada.getByText("Now: Support.")).toBeVisible();

  await ada.getByLabel("New role").selectOption("admin");
  await ada.getByRole("button", { name: "Change role" }).click();
  await expect(answerOf(ada)).toContainText("A second admin must approve");
  await expect(ada.getByTestId("pending-role")).toContainText("Support → Admin");
  await expect(ada.getByText("You asked for this, so another admin must decide.")).toBeVisible();
  await expect(ada.getByRole("button", { name: "Approve the change" })).toHaveCount(0);
  await expect(ada.getByText("Now: Support.")).toBeVisible();
  await expectNoA11yViolations(ada);

  const ben = await (await browser.newContext()).newPage();
  await signInAsNewStaff(ben, { tag: "roles-ben" });
  await openMember(ben, email);
  await ben.getByRole("button", { name: "Approve the change" }).click();
  await expect(answerOf(ben)).toContainText("Approved: they are an admin now.");
  await expect(ben.getByText("Now: Admin.")).toBeVisible();

  // The audit log has the request and the change, each by its own admin.
  await gotoHydrated(ben, "/admin/audit");
  await expect(ben.getByRole("cell", { name: "admin-role-requested" }).first()).toBeVisible();
  await expect(ben.getByRole("cell", { name: "admin-role-changed" }).first()).toBeVisible();
});
