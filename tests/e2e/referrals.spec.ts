import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newMemberInOwnContext } from "./member-session.ts";

// Referrals (issue 20, ADR 0084): the member's page shows their own link with its code, a QR code
// drawn on the server, and counts only; with no funded reward none is mentioned. The link opens
// sign-up with the code in the form, so the new member is recorded as referred (the recording and
// the reward are referrals.db.test.ts's). axe and both widths via lookAt.

test("the referral page shows the member's own link, QR code and counts; the link carries the code into sign-up", async ({
  browser,
}) => {
  const ann = await newMemberInOwnContext(browser, { tag: "ref-ann", password: "Referrals-2026!" });
  await gotoHydrated(ann.page, "/referrals");
  await expect(ann.page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
  const link = (await ann.page.getByTestId("referral-link").innerText()).trim();
  const code = new URL(link).searchParams.get("ref") ?? "";
  expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
  await expect(ann.page.getByText(`Referral code ${code}`)).toBeVisible();
  const qr = ann.page.getByRole("img", { name: new RegExp(`QR code of your referral link, code ${code}`) });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await expect(ann.page.getByTestId("referrals-joined")).toHaveText("0");
  await expect(ann.page.getByTestId("referrals-deposited")).toHaveText("0");
  await lookAt(ann.page, "referrals");

  // Another member sees their own code, not Ann's.
  const bob = await newMemberInOwnContext(browser, { tag: "ref-bob", password: "Referrals-2026!" });
  await gotoHydrated(bob.page, "/referrals");
  await expect(bob.page.getByTestId("referral-link")).not.toHaveText(link);

  // A visitor following the link gets the sign-up form with the code in it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.locator('input[type="hidden"][name="ref"]')).toHaveValue(code);
});
