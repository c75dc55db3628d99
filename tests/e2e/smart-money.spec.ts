import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// Smart money (issue 20, ADR 0085). Offline, the browser tests' server watches the sample
// addresses on the sample chain: the feed and an address page say so. A member reads the feed
// and cannot annotate (no form, and a forged post is refused); an analyst's note shows for all.

test.describe.configure({ mode: "serial", timeout: 150_000 });

test("a member reads the sample feed and an address page; an annotation post is refused", async ({
  page,
}) => {
  await newSignedInMember(page, { tag: "smart-ann", password: PASSWORD });
  await gotoHydrated(page, "/smart-money");
  await expect(page.getByRole("heading", { level: 1, name: "Smart money" })).toBeVisible();
  await expect(page.getByText("Sample data.")).toBeVisible();
  const transfers = page.getByRole("list", { name: "Large transfers" }).locator(":scope > li");
  await expect(transfers.first()).toBeVisible({ timeout: 20_000 });
  await expect(transfers.first().getByText("Sample", { exact: true })).toBeVisible();
  await expect(transfers.first()).toContainText(/at that day's close|USD value unknown/);
  await expect(transfers.first()).toContainText(/To an exchange|From an exchange|Wallet to wallet/);
  await expect(page.getByRole("textbox", { name: "Analyst's note" })).toHaveCount(0);
  await lookAt(page, "smart-money-feed");

  const forged = await page.request.post("/smart-money", {
    form: { transferId: "1", body: "Buy now" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(forged.status()).toBe(403);

  await page.getByRole("link", { name: "Fund B treasury (sample)" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Fund B treasury (sample)" })).toBeVisible();
  await expect(page.getByText("Sample data.")).toBeVisible();
  await expect(page.getByTestId("balance-chart")).toHaveAttribute("data-points", /^(30|31)$/);
  await page.getByText("Show the chart's figures as a table").click();
  await expect(page.getByRole("table", { name: "Balance by day" }).getByRole("row")).toHaveCount(
    Number(await page.getByTestId("balance-chart").getAttribute("data-points")) + 1,
  );
  await lookAt(page, "smart-money-address");
  expect((await page.request.get("/smart-money/no-such-address")).status()).toBe(404);
});

test("an analyst watches a new address and annotates a transfer; the note shows to members", async ({
  page,
  browser,
}) => {
  await signInAsNewStaff(page, { role: "analyst", tag: "smart-analyst" });
  await gotoHydrated(page, "/admin/smart-money");
  await page.getByLabel("Belongs to").selectOption("fund");
  await page.getByLabel("Address", { exact: true }).fill("bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g");
  await page.getByLabel("Label", { exact: true }).fill("Fund N treasury");
  await page.getByLabel("Source of the label").fill("http://source.example.org/fund-n");
  await page.getByRole("button", { name: "Watch address" }).click();
  await expect(page.getByText("Enter the https:// source that attributes this address.")).toBeVisible();
  await page.getByLabel("Source of the label").fill("https://source.example.org/fund-n");
  await page.getByRole("button", { name: "Watch address" }).click();
  await expect(page.getByText("Address added")).toBeVisible();
  await expect(page.getByText("Fund N treasury", { exact: true })).toBeVisible();
  await lookAt(page, "admin-smart-money");

  await gotoHydrated(page, "/smart-money");
  await expect(page.getByRole("link", { name: "Fund N treasury", exact: true })).toBeVisible();
  const first = page.getByRole("list", { name: "Large transfers" }).locator(":scope > li").first();
  await first.getByRole("textbox", { name: "Analyst's note" }).fill("Moved to cold storage, not a sale.");
  await first.getByRole("button", { name: "Add note" }).click();
  await expect(first.getByText("Moved to cold storage, not a sale.")).toBeVisible();

  const member = await (await browser.newContext()).newPage();
  await newSignedInMember(member, { tag: "smart-ben", password: PASSWORD });
  await member.goto("/smart-money");
  await expect(member.getByText("Moved to cold storage, not a sale.")).toBeVisible();
});
