import { readFile } from "node:fs/promises";
import { readZip } from "../../app/domain/account-data/zip.server.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { waitForLink } from "./mailbox.ts";
import { newMemberInOwnContext, newSignedInMember, PASSWORD } from "./member-session.ts";

// Account data (issue 20, ADR 0086): "Get help with this" on a transaction; "Download all my data"
// asked for, e-mailed, opened from the e-mail and unzipped, holding the member's own operation
// and nothing of a second member, who gets 404 for the same link; closing an account that is
// empty, after which sign-in is refused; one with money in it lists what to settle instead.

test.describe.configure({ timeout: 120_000 });

test("a transaction's help link, then the member's data: e-mailed link, ZIP with their own operation, 404 for another member", async ({
  page,
  browser,
}) => {
  const email = await newSignedInMember(page, {
    tag: "data-ann",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "25.00" }],
  });
  const ben = await newMemberInOwnContext(browser, {
    tag: "data-ben",
    password: PASSWORD,
    credits: [{ asset: "BTC", amount: "0.5" }],
  });

  // The history row's "Get help with this" opens the support form about that transaction.
  await gotoHydrated(page, "/transactions");
  await lookAt(page, "transactions-help");
  const help = page.getByRole("link", { name: /^Get help with this deposit of 25/ }).first();
  const operationId = /operation=(\d+)/.exec((await help.getAttribute("href")) ?? "")?.[1] ?? "";
  expect(operationId).toMatch(/^\d+$/);
  await help.click();
  await expect(page).toHaveURL(new RegExp(`/support/new\\?operation=${operationId}`));
  await expect(page.getByLabel("Transaction it is about (optional)")).toHaveValue(operationId);
  await expect(page.getByLabel("What is it about?")).toHaveValue("deposit");
  // Ben's page for Ann's operation chooses nothing.
  await ben.page.goto(`/support/new?operation=${operationId}`);
  await expect(ben.page.getByLabel("Transaction it is about (optional)")).toHaveValue("");

  await gotoHydrated(page, "/settings/data");
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(answerOf(page)).toContainText(`We will e-mail ${email} a link`);
  await expect(page.getByText("Being prepared")).toBeVisible();
  // Once an hour: a second click is refused and says when.
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(page.getByRole("alert")).toContainText("You can ask for another after");
  await lookAt(page, "settings-data");

  const link = await waitForLink(page, email, "/settings/data/");
  const id = /\/settings\/data\/([A-Za-z0-9_-]{22})$/.exec(link)?.[1] ?? "";
  expect(id).not.toBe("");
  await gotoHydrated(page, `/settings/data/${id}`);
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  await lookAt(page, "settings-data-file");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the ZIP file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = readZip(await readFile(await download.path()));
  const json = JSON.parse(files.find((f) => f.name === "data.json")?.data.toString("utf8") ?? "{}");
  expect(json.sections.profile[0].email).toBe(email);
  expect(json.sections.operations).toContainEqual(
    expect.objectContaining({
      id: operationId,
      type: "deposit",
      asset: "USD",
      amount: "2500",
      amount_decimal: "25",
    }),
  );
  const everything = files.map((f) => f.data.toString("utf8")).join("\n");
  expect(everything).not.toContain(ben.email);

  // The same link, page and file, for Ben: 404, as if it did not exist.
  expect((await ben.page.goto(`/settings/data/${id}`))?.status()).toBe(404);
  expect((await ben.page.request.get(`/settings/data/${id}/download`)).status()).toBe(404);
});

test("closing: money in the account lists what to settle; an empty account closes and cannot sign in", async ({
  page,
  browser,
}) => {
  const rich = await newMemberInOwnContext(browser, {
    tag: "close-rich",
    password: PASSWORD,
    credits: [{ asset: "USD", amount: "25.00" }],
  });
  await gotoHydrated(rich.page, "/settings/close");
  await expect(rich.page.getByText("You have $25.00 available.")).toBeVisible();
  await expect(rich.page.getByRole("link", { name: "Withdraw your USD" })).toHaveAttribute(
    "href",
    "/withdrawal",
  );
  await expect(rich.page.getByRole("button", { name: "Close my account" })).toHaveCount(0);
  await lookAt(rich.page, "settings-close-blocked");

  const email = await newSignedInMember(page, { tag: "close-empty", password: PASSWORD });
  await gotoHydrated(page, "/settings");
  await expect(page.getByRole("link", { name: /Download all my data/ })).toHaveAttribute(
    "href",
    "/settings/data",
  );
  await lookAt(page, "settings-overview");
  await page.getByRole("link", { name: /Close my account/ }).click();
  await expect(page).toHaveURL(/\/settings\/close$/);
  await lookAt(page, "settings-close");
  await page.getByLabel("Your password").fill("Not-my-password-1");
  await page.getByRole("button", { name: "Close my account" }).click();
  await expect(page.getByText("Your password is not correct.")).toBeVisible();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Close my account" }).click();
  await expect(page).toHaveURL(/\/login\?closed=1$/);
  await expect(answerOf(page)).toContainText("Your account is closed");
  await lookAt(page, "login-closed");
  // Signed out: the app sends the browser to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("This account is closed, so it cannot be signed in to.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The member with money is still signed in and untouched.
  await gotoHydrated(rich.page, "/settings/close");
  await expect(rich.page.getByText("You have $25.00 available.")).toBeVisible();
});
