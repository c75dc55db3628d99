import path from "node:path";
import type { Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { answerOf } from "./form-answer";
import { gotoHydrated } from "./hydration.ts";
import { waitForLink, waitForMail } from "./mailbox.ts";
import { signInNewMember } from "./member-session.ts";
import { ownServerUrl, startOwnServer } from "./server-process.ts";

// The research studio (issue 18, ADR 0073): an analyst writes a pick with a live preview and
// sends it for review; the author cannot approve it; a second analyst approves it and it
// publishes with the price feed's price at that moment (a price set by hand at /dev/market, so
// the sample refresher cannot move it mid-test). A member without the role is refused.

test.describe.configure({ mode: "serial", timeout: 180_000 });

// A server of its own: publishing a real pick takes the sample picks off the shared server's
// track record, and the hand-set SOL prices would move the sample setups other specs look at.
test.use({ baseURL: ownServerUrl(18) });
startOwnServer(test, 18, "studio");

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function setSamplePrice(page: Page, symbol: string, price: string) {
  await gotoHydrated(page, "/dev/market");
  const row = page.getByTestId(`dev-coin-${symbol}`);
  await row.getByLabel(`New ${symbol} price (USD)`).fill(price);
  await row.getByRole("button", { name: "Set", exact: true }).click();
  await expect(row.getByText("Set by hand")).toBeVisible();
}

async function clearSamplePrice(page: Page, symbol: string) {
  await gotoHydrated(page, "/dev/market");
  const row = page.getByTestId(`dev-coin-${symbol}`);
  await row.getByRole("button", { name: `Clear ${symbol}` }).click();
  await expect(row.getByText("Set by hand")).toHaveCount(0);
}

test("an analyst writes a pick, a second analyst approves it, and it publishes at the feed's price", async ({
  browser,
}) => {
  const title = `Solana into the upgrade ${Date.now()}`;
  const maya = await (await browser.newContext()).newPage();
  await signInAsNewStaff(maya, { role: "analyst", tag: "maya" });
  await gotoHydrated(maya, "/studio");
  await expect(maya.getByRole("heading", { level: 1, name: "Research studio" })).toBeVisible();
  await maya.getByRole("button", { name: "New pick" }).click();
  await expect(maya).toHaveURL(/\/studio\/[0-9a-f-]{36}$/);

  // Sending it unfinished names what is missing, beside each field.
  await maya.getByRole("button", { name: "Send for review" }).click();
  await expect(maya.getByText("Give the piece a title")).toBeVisible();
  await expect(maya.getByText("Choose the asset this pick is about")).toBeVisible();
  await expect(
    maya.getByText("Say which of the mentioned assets you hold, or that you hold none"),
  ).toBeVisible();

  await maya.getByLabel("Title", { exact: true }).fill(title);
  await maya.getByLabel("Summary", { exact: true }).fill("Throughput and fees keep users arriving.");
  await maya.getByLabel("Asset", { exact: true }).selectOption("SOL");
  await maya.getByLabel("Risk", { exact: true }).selectOption("high");
  await maya.getByLabel("Horizon", { exact: true }).selectOption("medium");
  await maya
    .getByLabel("Text (Markdown)")
    .fill("## Why now\n\nThe upgrade lands soon.\n\n<script>alert(1)</script>");
  // The live preview renders the Markdown as readers will see it; HTML shows as text.
  const preview = maya.getByLabel("Preview of the text");
  await expect(preview.getByRole("heading", { name: "Why now" })).toBeVisible();
  await expect(preview).toContainText("<script>alert(1)</script>");
  await maya.getByRole("group", { name: "Assets it is about" }).getByLabel("SOL").check();
  await maya.getByLabel("I hold none of the assets mentioned").check();
  await maya.getByLabel(/^Premium/).check();
  await maya.getByRole("button", { name: "Send for review" }).click();
  await expect(maya).toHaveURL(/\/studio$/);
  const mine = maya.getByRole("region", { name: "Your pieces" });
  await expect(mine.getByRole("row", { name: new RegExp(title) })).toContainText("In review");

  // The author cannot approve it.
  await mine.getByRole("link", { name: title }).click();
  await expect(maya.getByText("Waiting for review by another analyst or an admin.")).toBeVisible();
  await expect(maya.getByRole("button", { name: "Approve and publish now" })).toHaveCount(0);

  // A reader follows SOL from an article; a second member follows nothing.
  const reader = await (await browser.newContext()).newPage();
  const readerEmail = await signInNewMember(reader, "follower");
  await gotoHydrated(reader, "/research/sample-setup-solana-fading-the-range-top");
  await reader.getByRole("button", { name: "Follow SOL" }).click();
  await expect(reader.getByRole("button", { name: "Following SOL" })).toHaveAttribute("aria-pressed", "true");
  const bystander = await (await browser.newContext()).newPage();
  const bystanderEmail = await signInNewMember(bystander, "not-following");

  const ravi = await (await browser.newContext()).newPage();
  await signInAsNewStaff(ravi, { role: "analyst", tag: "ravi" });
  await setSamplePrice(ravi, "SOL", "123.45");
  try {
    await gotoHydrated(ravi, "/studio");
    const queue = ravi.getByRole("region", { name: "Waiting for your review" });
    await queue.getByRole("link", { name: title }).click();
    await expect(ravi.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(ravi.getByText("The author holds none of the assets mentioned.")).toBeVisible();
    await expectNoA11yViolations(ravi);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) {
      await ravi.screenshot({ path: path.join(dir, "studio-review-1280.png"), fullPage: true });
      await ravi.setViewportSize({ width: 375, height: 800 });
      await ravi.screenshot({ path: path.join(dir, "studio-review-375.png"), fullPage: true });
      await ravi.setViewportSize({ width: 1280, height: 800 });
    }
    await ravi.getByRole("button", { name: "Approve and publish now" }).click();
    await expect(ravi).toHaveURL(/\/studio$/);

    // On the track record, at the price the feed had when it was approved.
    await gotoHydrated(ravi, "/picks");
    const row = ravi.getByRole("row", { name: new RegExp(title) });
    await expect(row).toContainText("$123.45");
    await expect(ravi.getByTestId("stat-count")).toHaveText(/^\d+$/);

    // The author corrects it in public, then closes it at the feed's price of that moment.
    await setSamplePrice(ravi, "SOL", "150");
    await gotoHydrated(maya, "/studio");
    await maya.getByRole("region", { name: "Your pieces" }).getByRole("link", { name: title }).click();
    await maya.getByLabel("Text (Markdown)").fill("## Why now\n\nThe upgrade lands in January.");
    await maya.getByLabel("What changed").fill("The upgrade moved to January");
    await maya.getByRole("button", { name: "Publish the correction" }).click();
    await expect(maya.getByText("Published as version 2.")).toBeVisible();
    await maya.getByRole("button", { name: "Close the pick at the current price" }).click();
    await expect(maya.getByText("Entered at $123.45, closed at $150.00.")).toBeVisible();
    await maya.getByRole("link", { name: "Read it as a member" }).click();
    await expect(maya.getByTestId("corrections")).toContainText("The upgrade moved to January");
    await expect(maya.getByTestId("pick-record")).toContainText("entered at $123.45");
    await expect(maya.getByTestId("pick-record")).toContainText("closed at $150.00");
  } finally {
    await clearSamplePrice(ravi, "SOL");
  }
  // The follower hears about it once, with a one-click way out; the other member hears nothing.
  const mails = await waitForMail(reader, readerEmail, `Coinlens research — New pick: ${title}`);
  await expect(mails).toHaveCount(1);
  await expect(mails.first()).toContainText("you follow SOL");
  const unsubscribe = await waitForLink(reader, readerEmail, "/research/unsubscribe");
  await reader.goto(unsubscribe);
  await expect(reader.getByText("Stop research e-mails about SOL?")).toBeVisible();
  await reader.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(answerOf(reader)).toContainText("you will not get research e-mails about SOL any more");
  await gotoHydrated(reader, "/research/sample-setup-solana-fading-the-range-top");
  await expect(reader.getByRole("button", { name: "Follow SOL" })).toHaveAttribute("aria-pressed", "false");
  await bystander.goto(`/dev/outbox?to=${encodeURIComponent(bystanderEmail)}`);
  await expect(bystander.getByText(title)).toHaveCount(0);

  await expect(async () => {
    await gotoHydrated(maya, "/studio");
    await expect(
      maya.getByRole("region", { name: "Your pieces" }).getByRole("row", { name: new RegExp(title) }),
    ).toContainText("Published");
  }).toPass({ timeout: 20_000 });
});

test("an admin makes a member an analyst; the studio then asks them for two-factor sign-in", async ({
  browser,
}) => {
  const member = await (await browser.newContext()).newPage();
  const email = await signInNewMember(member, "future-analyst");
  await member.goto("/studio");
  await expect(member.getByText("The research studio is for analysts and admins.")).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInAsNewStaff(admin, { tag: "analyst-admin" });
  await gotoHydrated(admin, "/admin/members");
  await admin.getByLabel("Search members").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("row").filter({ hasText: email }).getByRole("link").first().click();
  await admin.getByLabel("New role").selectOption("analyst");
  await admin.getByRole("button", { name: "Change role" }).click();
  await expect(answerOf(admin)).toContainText("They are an analyst now");
  await expect(admin.getByText("Now: Analyst.")).toBeVisible();

  // The role is there; the studio still wants two-factor sign-in, and says so.
  await member.goto("/studio");
  await expect(
    member.getByText("Turn on two-factor sign-in in Settings before using the research studio."),
  ).toBeVisible();
  await expect(member.getByRole("link", { name: "Turn on two-factor sign-in" })).toBeVisible();
});

test("an analyst sets the desk's short-term stance; members see it as current and on the timeline", async ({
  page,
}) => {
  const rationale = `Funding turned negative and ETF outflows continued for a third week (${Date.now()}).`;
  await signInAsNewStaff(page, { role: "analyst", tag: "stance" });
  await gotoHydrated(page, "/studio");
  await page.getByRole("link", { name: "Set the market direction" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Market direction" })).toBeVisible();
  await page.getByRole("button", { name: "Publish the stance" }).click();
  await expect(page.getByText("Choose a horizon")).toBeVisible();
  await expect(page.getByText("Choose bullish, neutral or bearish")).toBeVisible();
  await page.getByLabel("Horizon").selectOption("short");
  await page.getByLabel("bearish").check();
  await page.getByLabel("Rationale").fill(rationale);
  await expectNoA11yViolations(page);
  const dir = process.env.SCREENSHOTS_DIR;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (dir) await page.screenshot({ path: path.join(dir, `studio-direction-${width}.png`), fullPage: true });
  }
  await page.getByRole("button", { name: "Publish the stance" }).click();
  await expect(answerOf(page)).toHaveText("The desk's stance is updated.");

  await page.getByRole("link", { name: "Market direction", exact: true }).click();
  await expect(page).toHaveURL(/\/market-direction$/);
  await expect(page.getByTestId("stance-short")).toContainText("Bearish");
  await expect(page.getByText(rationale).first()).toBeVisible();
});

test("a member without the analyst role is refused the studio", async ({ page }) => {
  await signInNewMember(page, "studio-member");
  await page.goto("/studio");
  await expect(page.getByRole("heading", { level: 1, name: "Access refused" })).toBeVisible();
  await expect(page.getByText("The research studio is for analysts and admins.")).toBeVisible();
});

for (const [label, viewport] of Object.entries(viewports)) {
  test(`${label}: the studio and the editor, with axe`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsNewStaff(page, { role: "analyst", tag: `studio-${label}` });
    await gotoHydrated(page, "/studio");
    await expectNoA11yViolations(page);
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({
        path: path.join(process.env.SCREENSHOTS_DIR, `studio-home-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await page.getByRole("button", { name: "New report" }).click();
    await expect(page).toHaveURL(/\/studio\/[0-9a-f-]{36}$/);
    await page.getByLabel("Title", { exact: true }).fill("Bitcoin after the halving");
    await page
      .getByLabel("Text (Markdown)")
      .fill("## Supply\n\n| Year | Reward |\n| --- | --- |\n| 2024 | 3.125 |");
    await expect(page.getByLabel("Preview of the text").getByRole("table")).toBeVisible();
    // An image goes into the database and its Markdown into the text; the preview shows it.
    await page
      .getByLabel("Add an image")
      .setInputFiles({ name: "halving chart.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByLabel("Text (Markdown)")).toHaveValue(
      /!\[halving chart\]\(\/research\/images\/[0-9a-f]{64}\.png\)/,
    );
    const image = page.getByLabel("Preview of the text").getByRole("img", { name: "halving chart" });
    await expect(image).toBeVisible();
    const served = await page.request.get((await image.getAttribute("src")) ?? "");
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["cache-control"]).toContain("immutable");
    // Not an image (an SVG with a script, named .png): refused with a message, nothing inserted.
    await page.getByLabel("Add an image").setInputFiles({
      name: "x.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg onload=alert(1)></svg>"),
    });
    await expect(page.getByText("Upload a PNG, JPEG, WebP or GIF image.")).toBeVisible();
    await expectNoA11yViolations(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "no sideways scrolling").toBeLessThanOrEqual(viewport.width);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir)
      await page.screenshot({ path: path.join(dir, `studio-editor-${viewport.width}.png`), fullPage: true });
  });
}
