import { readFileSync } from "node:fs";
import path from "node:path";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { waitForMail } from "./mailbox.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// Support tickets (issue 20, ADR 0080), as the "Done when" puts it: a member opens a ticket
// with an image from the Help button, support replies (with a canned reply), the member is e-mailed
// and answers, the ticket resolves and is rated. A second member cannot read the ticket or its
// file by id; a polyglot attachment is refused beside the field and opens nothing.

test.describe.configure({ mode: "serial", timeout: 180_000 });

const PNG = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "support", "receipt.png"));

test("a ticket with an image: support answers, the member is e-mailed, replies, resolves and rates", async ({
  page,
  browser,
}) => {
  const email = await newSignedInMember(page, { tag: "support-ann", password: PASSWORD });

  // The Help button on any page opens a request that remembers the page.
  await gotoHydrated(page, "/wallet");
  await page.getByRole("link", { name: "Help and support" }).click();
  await expect(page).toHaveURL(/\/support\/new\?from=%2Fwallet/);
  await expect(page.getByRole("heading", { level: 1, name: "New support request" })).toBeVisible();
  await lookAt(page, "support-new");

  // Nothing filled in: a message beside each field, nothing opened.
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByLabel("What is it about?")).toBeFocused();
  await page.getByLabel("What is it about?").selectOption("deposit");
  await page.getByLabel("Subject").fill("My deposit is late");
  await page
    .getByLabel("Message", { exact: true })
    .fill("I sent USDT an hour ago and it is not in my wallet.");

  // A PNG with a web page after it is refused beside the file field.
  const polyglot = Buffer.concat([PNG, Buffer.from("<html><script>alert(1)</script></html>")]);
  await page
    .getByLabel("Attachments")
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: polyglot });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("holds more than an image or a PDF")).toBeVisible();
  await expect(page).toHaveURL(/\/support\/new/);

  await page.getByLabel("What is it about?").selectOption("deposit");
  await page.getByLabel("Subject").fill("My deposit is late");
  await page
    .getByLabel("Message", { exact: true })
    .fill("I sent USDT an hour ago and it is not in my wallet.");
  await page
    .getByLabel("Attachments")
    .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/support\/\d+\?opened=1/);
  const ticketId = /\/support\/(\d+)/.exec(page.url())?.[1] as string;
  await expect(page.getByText(`We have your request #${ticketId}`)).toBeVisible();
  const fileLink = page.getByRole("link", { name: /receipt\.png/ });
  const fileHref = (await fileLink.getAttribute("href")) as string;
  const own = await page.request.get(fileHref);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await own.body()).equals(PNG)).toBe(true);
  await lookAt(page, "support-ticket");
  const mail = await page.context().newPage();
  await waitForMail(mail, email, `we have your request #${ticketId}`);

  // A second member reads nothing of it: not the ticket, not the file, not in their list.
  const ben = await (await browser.newContext()).newPage();
  await newSignedInMember(ben, { tag: "support-ben", password: PASSWORD });
  expect((await ben.request.get(`/support/${ticketId}`)).status()).toBe(404);
  expect((await ben.request.get(fileHref)).status()).toBe(404);
  await gotoHydrated(ben, "/support");
  await expect(ben.getByText("No requests yet")).toBeVisible();

  // Support: a canned reply, then the answer from the ticket.
  const staffPage = await (await browser.newContext()).newPage();
  const desk = await signInAsNewStaff(staffPage, { role: "support", tag: "support-desk" });
  await gotoHydrated(staffPage, "/admin/support/canned");
  await staffPage.getByLabel("Title").fill("Deposit on its way");
  await staffPage.getByLabel("Reply").fill("Deposits are credited after the network confirms them.");
  await staffPage.getByRole("button", { name: "Save" }).click();
  await expect(staffPage.getByText("Canned reply saved.")).toBeVisible();

  await gotoHydrated(staffPage, "/admin/support");
  await staffPage.getByRole("link", { name: new RegExp(`#${ticketId} My deposit is late`) }).click();
  await expect(staffPage.getByText("opened from /wallet")).toBeVisible();
  expect((await staffPage.request.get(fileHref)).status()).toBe(200);
  await staffPage.getByLabel("Insert a canned reply").selectOption({ label: "Deposit on its way" });
  await expect(staffPage.getByLabel("Message")).toHaveValue(
    "Deposits are credited after the network confirms them.",
  );
  await staffPage.getByRole("button", { name: "Add internal note" }).click();
  await expect(staffPage.getByText("Note added (staff only).")).toBeVisible();
  await staffPage.getByLabel("Message").fill("Your deposit is confirmed and credited now.");
  await staffPage.getByRole("button", { name: "Send reply to member" }).click();
  await expect(staffPage.getByText("Reply sent and e-mailed.")).toBeVisible();
  // The box is empty again, and the ticket is now the one who answered it.
  await expect(staffPage.getByLabel("Message")).toHaveValue("");
  await expect(staffPage.getByLabel("Assigned to").locator("option:checked")).toContainText(desk.email);
  await lookAt(staffPage, "admin-support-ticket");

  // The member is e-mailed, reads the reply (never the internal note) and answers.
  await waitForMail(mail, email, `support replied to #${ticketId}`);
  await gotoHydrated(page, `/support/${ticketId}`);
  await expect(page.getByText("Your deposit is confirmed and credited now.")).toBeVisible();
  await expect(page.getByText("Deposits are credited after the network confirms them.")).toHaveCount(0);
  await expect(page.getByText("Waiting on you")).toBeVisible();
  await page.getByLabel("Your reply").fill("Yes, I see it now. Thank you!");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Your reply is sent.")).toBeVisible();

  // Support resolves it; the member rates it once.
  await gotoHydrated(staffPage, `/admin/support/${ticketId}`);
  await staffPage.getByRole("button", { name: "Mark resolved" }).click();
  await expect(staffPage.getByText("Resolved.", { exact: true })).toBeVisible();
  await gotoHydrated(page, `/support/${ticketId}`);
  await page.getByLabel("5", { exact: true }).check();
  await page.getByRole("button", { name: "Send rating" }).click();
  await expect(page.getByText("You rated our help 5 out of 5.")).toBeVisible();
  await gotoHydrated(staffPage, "/admin/support?status=resolved");
  await expect(staffPage.getByText(/\d\.\d \/ 5 \(\d+\)/)).toBeVisible();
  await lookAt(staffPage, "admin-support-queue");
});
