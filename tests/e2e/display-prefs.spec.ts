import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember, testApi } from "./member-session.ts";

// One member's display choices must never reach another member's screen. The
// server used to hand out its shared default prefs to every request without the cl_display
// cookie, and POST /account/display changed that object in place: after one member without the
// cookie hid their balances, every member without it saw theirs hidden until the server
// restarted. Two members in separate browser contexts, neither with the cookie (ADR 0064).

test.describe.configure({ timeout: 120_000 });

async function memberWithBitcoin(browser: Browser, tag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signInNewMember(page, tag);
  await testApi(page.request, "/api/test/trade", {
    action: "credit",
    email,
    ledger: "real",
    asset: "BTC",
    amount: "0.5",
  });
  expect((await context.cookies()).some((c) => c.name === "cl_display")).toBe(false);
  return { context, page };
}

async function expectUsdAndShown(page: Page) {
  await gotoHydrated(page, "/wallet");
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expect(page.getByRole("button", { name: "Hide balances" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("wallet-BTC")).toContainText("0.50000000");
  await expect(page.getByTestId("wallet-BTC-value")).toHaveText(/^\$\d/);
  await expect(page.getByText("••••••")).toHaveCount(0);

  await gotoHydrated(page, "/dashboard");
  await expect(page.getByTestId("total-balance")).toHaveText(/^\$\d/);
  await expect(page.getByRole("button", { name: "Hide balances" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("••••••")).toHaveCount(0);
}

test("one member hides balances and picks EUR; another member's wallet and dashboard stay in USD, shown", async ({
  browser,
}) => {
  const a = await memberWithBitcoin(browser, "prefs-a");
  const b = await memberWithBitcoin(browser, "prefs-b");

  // Member A, without the cookie: hide first (the request that used to change the shared
  // default), then EUR.
  await gotoHydrated(a.page, "/wallet");
  await a.page.getByRole("button", { name: "Hide balances" }).click();
  await expect
    .poll(async () => (await a.context.cookies()).find((c) => c.name === "cl_display")?.value)
    .toBe("USD.h");
  await a.page.getByLabel("Currency").selectOption("EUR");
  await expect
    .poll(async () => (await a.context.cookies()).find((c) => c.name === "cl_display")?.value)
    .toBe("EUR.h");
  await a.page.reload();
  await expect(a.page.getByLabel("Currency")).toHaveValue("EUR");
  await expect(a.page.getByTestId("wallet-BTC")).toContainText("••••••");

  // Member B, still without the cookie, sees the defaults rendered by the server.
  await expectUsdAndShown(b.page);
  expect((await b.context.cookies()).some((c) => c.name === "cl_display")).toBe(false);

  // And A's choices are still A's.
  await a.page.goto("/dashboard");
  await expect(a.page.getByTestId("total-balance")).toContainText("••••••");

  await a.context.close();
  await b.context.close();
});
