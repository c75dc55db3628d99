import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { newSignedInMember, PASSWORD } from "./member-session.ts";

// The airdrops tool (issue 20, ADR 0085): an analyst curates an airdrop in the back office (an http
// link is refused beside its field), a member ticks tasks off their checklist on /airdrop, and a
// second member — ticking without JavaScript — sees none of the first one's ticks.

test.describe.configure({ mode: "serial", timeout: 150_000 });

const project = `Lumen Bridge ${Date.now()}`;

test("an analyst creates an airdrop; an http task link is refused beside its field", async ({ page }) => {
  await signInAsNewStaff(page, { role: "analyst", tag: "airdrop-analyst" });
  await gotoHydrated(page, "/admin/airdrops");
  await expect(page.getByRole("heading", { level: 1, name: "Airdrops" })).toBeVisible();
  await page.getByRole("link", { name: "New airdrop" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New airdrop" })).toBeVisible();
  await page.getByLabel("Project", { exact: true }).fill(project);
  await page.getByLabel("Chain", { exact: true }).fill("Base");
  await page.getByLabel("Status", { exact: true }).selectOption("active");
  await page.getByLabel("Deadline (UTC)").fill("2099-12-10T18:00");
  await page.getByLabel("Official source").fill("https://lumen.example.org/airdrop");
  await page.getByLabel("Reward as the project states it").fill("Share of 1,000,000 LUM");
  await page.getByLabel("Eligibility").fill("Wallets that bridged before 1 Nov 2026.");
  await page.getByLabel("Task 1", { exact: true }).fill("Bridge once");
  await page.getByLabel("Task 1 link (optional)").fill("http://lumen.example.org/bridge");
  await page.getByLabel("Task 2", { exact: true }).fill("Follow the announcement channel");
  await page.getByRole("button", { name: "Save airdrop" }).click();
  await expect(page.getByText("Enter a full https:// address.")).toBeVisible();
  await expect(page.getByLabel("Task 1 link (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/airdrops\/new$/);
  await lookAt(page, "admin-airdrop-new");

  await page.getByLabel("Task 1 link (optional)").fill("https://lumen.example.org/bridge");
  await page.getByRole("button", { name: "Save airdrop" }).click();
  await expect(page).toHaveURL(/\/admin\/airdrops\/[0-9a-f-]{36}\?saved=1$/);
  await expect(page.getByRole("heading", { level: 1, name: project })).toBeVisible();
  await expect(page.getByText("Saved.")).toBeVisible();
  await gotoHydrated(page, "/admin/airdrops");
  await expect(page.getByRole("link", { name: project })).toBeVisible();
  await lookAt(page, "admin-airdrops");
});

test("a member ticks tasks on /airdrop; a second member (no JavaScript) sees none of them", async ({
  page,
  browser,
}) => {
  await newSignedInMember(page, { tag: "airdrop-ann", password: PASSWORD });
  await gotoHydrated(page, "/airdrop");
  await expect(page).toHaveURL(/\/airdrops$/);
  await expect(page.getByRole("heading", { level: 1, name: "Airdrops" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: project }) });
  await expect(card.getByText("Unknown", { exact: true })).toBeVisible();
  await expect(card.getByText("We will never ask for your seed phrase")).toBeVisible();
  const source = card.getByRole("link", { name: /lumen\.example\.org/ });
  await expect(source).toHaveAttribute("href", "https://lumen.example.org/airdrop");
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(card.getByRole("link", { name: /Open link/ })).toHaveAttribute(
    "href",
    "https://lumen.example.org/bridge",
  );
  const bridge = card.getByRole("button", { name: /Bridge once/ });
  await expect(bridge).toHaveAttribute("aria-pressed", "false");
  await bridge.click();
  await expect(bridge).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByText("1 of 2 done")).toBeVisible();
  // Samples are labelled as such.
  await expect(page.getByText("Entries marked Sample are fictional examples")).toBeVisible();
  await lookAt(page, "airdrops-member");

  // Ben, in his own context and without JavaScript: Ann's tick is not on his screen, and his own
  // tick (a plain form post) is his alone.
  const benContext = await browser.newContext({ javaScriptEnabled: false });
  const ben = await benContext.newPage();
  await newSignedInMember(ben, { tag: "airdrop-ben", password: PASSWORD });
  await ben.goto("/airdrops");
  const benCard = ben.getByRole("listitem").filter({ has: ben.getByRole("heading", { name: project }) });
  await expect(benCard.getByText("0 of 2 done")).toBeVisible();
  await expect(benCard.getByRole("button", { name: /Bridge once/ })).toHaveAttribute("aria-pressed", "false");
  await benCard.getByRole("button", { name: /Follow the announcement channel/ }).click();
  await expect(benCard.getByRole("button", { name: /Follow the announcement channel/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(benCard.getByText("1 of 2 done")).toBeVisible();
  // A forged task id is a 404, and changes nothing.
  const forged = await ben.request.post("/airdrops", {
    form: { intent: "tick", taskId: "999999999", done: "1" },
    headers: { origin: new URL(ben.url()).origin },
  });
  expect(forged.status()).toBe(404);

  await page.reload();
  await expect(card.getByText("1 of 2 done")).toBeVisible();
  await expect(card.getByRole("button", { name: /Follow the announcement channel/ })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});
