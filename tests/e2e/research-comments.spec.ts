import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// Comments on research (issue 20, ADR 0083) on the sample research the server seeds: a new member
// is refused a link beside the box, posts, a second member replies, the author edits, a moderator
// hides it with a reason, and the second member reads the reason in its place (never the words).
// Forged forms change nothing; a premium piece shows a free member no comments at all.

test.describe.configure({ timeout: 150_000 });

const FREE_REPORT = "/research/sample-solana-and-bnb-altcoin-activity";
const PREMIUM_REPORT = "/research/sample-ether-fee-burn-and-staking";

test("post, reply, edit; a moderator hides with a reason a second member then reads", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const words = `Solana fees look cheap this week ${stamp}`;
  await newSignedInMember(page, { tag: "comments-ann", password: PASSWORD });
  await gotoHydrated(page, FREE_REPORT);
  const box = page.getByLabel("Add a comment");

  // A new account (younger than 7 days) cannot post a link: said beside the box, text kept.
  await box.fill(`More at https://pump.example/${stamp}`);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Links are allowed once your account is 7 days old.")).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toHaveValue(`More at https://pump.example/${stamp}`);

  await page.getByLabel("Add a comment").fill(words);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Your comment is posted.")).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toHaveValue("");
  const annComment = page.getByTestId("comment").filter({ hasText: words });
  await expect(annComment.getByTestId("comment-body")).toHaveText(words);
  const commentId = await annComment.locator('input[name="commentId"]').first().getAttribute("value");

  // A second member replies under it.
  const ben = await (await browser.newContext()).newPage();
  await newSignedInMember(ben, { tag: "comments-ben", password: PASSWORD });
  await gotoHydrated(ben, FREE_REPORT);
  const onBen = ben.getByTestId("comment").filter({ hasText: words }).first();
  await onBen.getByText("Reply", { exact: true }).click();
  await onBen.getByLabel("Your reply").fill(`Agreed, and volumes are up ${stamp}`);
  await onBen.getByRole("button", { name: "Post reply" }).click();
  await expect(ben.getByText("Your reply is posted.")).toBeVisible();
  await expect(
    ben
      .getByRole("list", { name: /Replies to/ })
      .getByTestId("comment-body")
      .filter({ hasText: `Agreed, and volumes are up ${stamp}` }),
  ).toBeVisible();
  // Ben has no Edit on Ann's comment, and a forged edit or hide changes nothing.
  await expect(onBen.locator("article").first().getByText("Edit", { exact: true })).toHaveCount(0);
  const forged: Record<string, string>[] = [
    { intent: "edit", commentId: commentId as string, body: "Ben wrote this" },
    { intent: "hide", commentId: commentId as string, reason: "Ben says so" },
  ];
  for (const form of forged) {
    // The action runs (200, the page again) and refuses: Ann's words and state stay hers.
    expect((await ben.request.post(FREE_REPORT, { form })).status()).toBe(200);
  }

  // Ann edits hers (within 15 minutes).
  await gotoHydrated(page, FREE_REPORT);
  const mine = page.getByTestId("comment").filter({ hasText: words }).first();
  await mine.getByText("Edit", { exact: true }).first().click();
  await mine.getByLabel("Edit your comment").fill(`${words} (fees, not price)`);
  await mine.getByRole("button", { name: "Save edit" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(
    page.getByTestId("comment-body").filter({ hasText: `${words} (fees, not price)` }),
  ).toBeVisible();
  await expect(page.getByText("Ben wrote this")).toHaveCount(0);
  await lookAt(page, "research-comments");

  // Ben reports it; a moderator (support) finds it in the queue and hides it with a reason.
  await gotoHydrated(ben, FREE_REPORT);
  const reported = ben.getByTestId("comment").filter({ hasText: words }).first().locator("article").first();
  await reported.getByText("Report", { exact: true }).click();
  await reported.getByLabel("Why?").selectOption("spam");
  await reported.getByRole("button", { name: "Send report" }).click();
  await expect(ben.getByText("Thank you: a moderator will look at it.")).toBeVisible();
  await expect(reported.getByText("You reported this.")).toBeVisible();

  const mod = await (await browser.newContext()).newPage();
  await signInAsNewStaff(mod, { role: "support", tag: "comments-mod" });
  await gotoHydrated(mod, "/admin/comments");
  await expect(mod.getByRole("heading", { level: 1, name: "Reported comments" })).toBeVisible();
  const queued = mod.getByRole("listitem").filter({ hasText: `${words} (fees, not price)` });
  await expect(queued).toContainText("1 report: Spam or advertising");
  await lookAt(mod, "admin-comments");
  await queued.getByLabel("Reason readers will see").fill("Off-topic price talk");
  await queued.getByRole("button", { name: "Hide comment" }).click();
  await expect(mod.getByText("Hidden. Readers see your reason in its place.")).toBeVisible();
  await expect(mod.getByText(`${words} (fees, not price)`)).toHaveCount(0);

  // The second member reads the reason in its place, never the words; the reply stays.
  await gotoHydrated(ben, FREE_REPORT);
  await expect(ben.getByText(words)).toHaveCount(0);
  await expect(ben.getByText("Hidden by a moderator: Off-topic price talk")).toBeVisible();
  await expect(
    ben.getByTestId("comment-body").filter({ hasText: `Agreed, and volumes are up ${stamp}` }),
  ).toBeVisible();
  await expect(ben.getByText("Ben says so")).toHaveCount(0);

  // A premium piece shows a member without Premium no comments at all.
  await gotoHydrated(ben, PREMIUM_REPORT);
  await expect(ben.getByTestId("paywall")).toBeVisible();
  await expect(ben.getByRole("heading", { name: /^Comments/ })).toHaveCount(0);
});
