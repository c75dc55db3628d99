import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";
import { mineOnSimulatedChain } from "./simulated-chain.ts";

// Money in flight is visible live (ADR 0069): a deposit seen on the simulated chain appears on the
// member's open deposit page, its confirmations count up as blocks are mined and it is credited —
// all without a reload, with a toast — while a second member's open page receives nothing.
test.describe.configure({ timeout: 150_000 });

const answer = { timeout: 20_000 };

/** Marks the page; a reload (or a full navigation) would lose the mark. */
async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
}

async function openLive(page: Page, path: string) {
  await gotoHydrated(page, path);
  // The account stream is open before anything is sent, so nothing is missed by the test.
  await expect(page.locator("html[data-account-stream=open]")).toHaveCount(1, answer);
  await markNoReload(page);
}

async function sendPayment(chain: Page, asset: "BTC" | "USDT", address: string, amount: string) {
  await gotoHydrated(chain, "/dev/chain");
  const send = chain.locator("form").filter({ has: chain.getByRole("button", { name: "Send payment" }) });
  await send.getByLabel("Asset").selectOption(asset);
  await send.getByLabel("Deposit address").fill(address);
  await send.getByLabel("Amount").fill(amount);
  await send.getByRole("button", { name: "Send payment" }).click();
  await expect(chain.getByText(`${address} `).first()).toBeVisible(answer);
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`${name}: a deposit is seen, counts its confirmations and is credited with no reload; another member sees nothing`, async ({
    browser,
  }) => {
    const memberContext = await browser.newContext({ viewport });
    const member = await memberContext.newPage();
    await signInNewMember(member, `live-${name}`);
    const dashboard = await memberContext.newPage();

    const otherContext = await browser.newContext({ viewport });
    const other = await otherContext.newPage();
    await signInNewMember(other, `live-other-${name}`);

    await openLive(member, "/btc-deposit");
    const address = ((await member.getByTestId("deposit-address").textContent()) ?? "").trim();
    await expect(member.getByTestId("deposit-row")).toHaveCount(0);
    await openLive(dashboard, "/dashboard");
    const totalBefore = await dashboard.getByTestId("total-balance").textContent();
    await openLive(other, "/btc-deposit");

    const chain = await (await browser.newContext()).newPage();
    await sendPayment(chain, "BTC", address, "0.02");

    // Seen on the network: a row, a counter at 0 of 3, a toast — on the member's page only.
    const row = member.getByTestId("deposit-row");
    await expect(row).toHaveCount(1, answer);
    await expect(row.getByText("Detected", { exact: true })).toBeVisible();
    await expect(row.getByTestId("confirmations")).toHaveText("0 of 3 confirmations");
    await expect(member.getByText(/Deposit of 0\.02 BTC seen on the network/).first()).toBeVisible(answer);

    await mineOnSimulatedChain(chain, "BTC", 1);
    await expect(row.getByTestId("confirmations")).toHaveText("1 of 3 confirmations", answer);
    await expect(row.getByRole("progressbar", { name: "Confirmations" })).toHaveAttribute(
      "aria-valuenow",
      "1",
    );
    await expectNoA11yViolations(member);
    await member.screenshot({ path: test.info().outputPath(`live-deposit-${name}.png`), fullPage: true });

    await mineOnSimulatedChain(chain, "BTC", 2);
    await expect(row.getByText("Completed", { exact: true })).toBeVisible(answer);
    await expect(row.getByTestId("confirmations")).toHaveCount(0);
    await expect(member.getByText("Deposit of 0.02 BTC credited to your wallet.").first()).toBeVisible(
      answer,
    );
    await expectNoReload(member);

    // The dashboard open in another tab moved too, without a reload.
    await expect(dashboard.getByTestId("total-balance")).not.toHaveText(totalBefore ?? "", answer);
    await expectNoReload(dashboard);

    // The other member's open page got nothing: no row, no toast.
    await expect(other.getByTestId("deposit-row")).toHaveCount(0);
    await expect(other.getByText(/Deposit of 0\.02 BTC/)).toHaveCount(0);
    await expectNoReload(other);

    await Promise.all([memberContext.close(), otherContext.close()]);
  });
}

test("the account stream needs a session and carries nothing without one", async ({ request }) => {
  const response = await request.get("/api/stream/account");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/json");
});
