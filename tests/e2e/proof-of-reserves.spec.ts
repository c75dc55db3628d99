import { readFileSync, writeFileSync } from "node:fs";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, lookAt, test } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD, testApi } from "./member-session.ts";

// /proof-of-reserves (issue 21, ADR 0087): a member downloads the proof that their balance is in
// the day's Merkle sum tree and checks it in the browser against the published root; a changed
// proof fails; each member gets only their own. Bank reserves count once a second admin approves.

// The server took today's snapshot when it started; the test commits to a later day so the
// members it makes are in the tree (the job's own pass, through the test endpoint).
const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test("a member's proof verifies in the browser, a changed one does not, and another member gets only their own", async ({
  page,
  browser,
}, testInfo) => {
  await newSignedInMember(page, {
    tag: "por-ann",
    password: PASSWORD,
    credits: [
      { asset: "USD", amount: "1234.56" },
      { asset: "BTC", amount: "0.5" },
    ],
  });
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  const bobEmail = await newSignedInMember(bob, {
    tag: "por-bob",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "7" }],
  });
  await testApi(page.request, "/api/test/reserves", { day });

  await gotoHydrated(page, "/proof-of-reserves");
  await expect(page.getByRole("heading", { name: `Latest commitment: ${day}` })).toBeVisible();
  await expect(page.getByText("the simulated chain (sample data: no real coins)")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download my proof (${day})` }).click();
  const file = await (await download).path();
  const proof = JSON.parse(readFileSync(file, "utf8"));
  expect(proof.leaf.balances).toMatchObject({ USD: "123456", BTC: "50000000" });

  const verifier = page.getByLabel("Check a proof file in this browser");
  await verifier.setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toHaveText(
    `Verified: your balances are included in the ${day} commitment.`,
  );
  const tampered = testInfo.outputPath("tampered.json");
  writeFileSync(
    tampered,
    JSON.stringify({ ...proof, leaf: { ...proof.leaf, balances: { ...proof.leaf.balances, USD: "1" } } }),
  );
  await verifier.setInputFiles(tampered);
  await expect(page.getByRole("status").filter({ hasText: "Not verified" })).toHaveText(
    "Not verified. The recomputed root does not match the published root.",
  );
  await expectNoA11yViolations(page);
  await lookAt(page, "proof-of-reserves-member");

  // Bob's download is Bob's: his balance, his salt, never Ann's leaf.
  await bob.goto("/proof-of-reserves");
  const bobDownload = bob.waitForEvent("download");
  await bob.getByRole("link", { name: `Download my proof (${day})` }).click();
  const bobProof = JSON.parse(readFileSync(await (await bobDownload).path(), "utf8"));
  expect(bobProof.leaf.balances.USD).toBe("700");
  expect(bobProof.leaf.userId).not.toBe(proof.leaf.userId);
  expect(JSON.stringify(bobProof)).not.toContain(proof.leaf.salt);
  expect(bobEmail).toContain("por-bob");

  // A member who joined after the snapshot has no proof in it: told so, and the file is a 404.
  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  await newSignedInMember(late, { tag: "por-late", password: PASSWORD });
  await late.goto("/proof-of-reserves");
  await expect(
    late.getByText(`You had no account balance when the ${day} commitment was taken.`),
  ).toBeVisible();
  const response = await late.request.get(`/proof-of-reserves/proof?snapshot=${proof.snapshotId}`);
  expect(response.status()).toBe(404);

  // A visitor sees the figures and is asked to sign in for a proof; the file is not theirs to get.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/proof-of-reserves");
  await expect(
    visitor.getByText("to download the proof that your balance is in today's commitment."),
  ).toBeVisible();
  const anonymous = await visitor.request.get(`/proof-of-reserves/proof?snapshot=${proof.snapshotId}`, {
    maxRedirects: 0,
  });
  expect(anonymous.status()).toBe(302);
  await visitor.setViewportSize({ width: 375, height: 812 });
  await lookAt(visitor, "proof-of-reserves-visitor-375");
});

test("a bank balance entered by one admin counts only once a second admin approves it", async ({
  page,
  browser,
}) => {
  await signInAsNewStaff(page, { tag: "por-admin-a" });
  await gotoHydrated(page, "/admin/reserves");
  await page.getByLabel("Amount").fill("250000");
  await page.getByLabel("Bank").fill("E2E Reserve Bank");
  await page.getByLabel("Statement date").fill(new Date().toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Enter for approval" }).click();
  await expect(answerOf(page)).toHaveText("Entered. It counts once another admin approves it.");
  const mine = page.getByRole("listitem").filter({ hasText: "at E2E Reserve Bank" });
  await expect(mine).toContainText("Waiting for a second admin");
  await expect(mine).toContainText("Another admin must approve it.");
  await expect(mine.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await lookAt(page, "admin-reserves");

  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signInAsNewStaff(second, { tag: "por-admin-b" });
  await gotoHydrated(second, "/admin/reserves");
  const row = second.getByRole("listitem").filter({ hasText: "at E2E Reserve Bank" });
  await row.getByRole("button", { name: "Approve E2E Reserve Bank USD" }).click();
  await expect(answerOf(second)).toHaveText("Approved: the balance counts from the next snapshot.");
  await expect(row).toContainText("Approved");

  // Support staff do not reach the page.
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await signInAsNewStaff(support, { role: "support", tag: "por-support" });
  const refused = await support.goto("/admin/reserves");
  expect(refused?.status()).toBe(403);
});
