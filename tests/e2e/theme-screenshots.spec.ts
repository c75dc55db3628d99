import path from "node:path";
import type { Page } from "@playwright/test";
import { signInAsNewStaff } from "./admin-helpers.ts";
import { test, viewports } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInNewMember } from "./member-session.ts";

// Not a test: full-page screenshots of every page at 375 and 1280 px in the light and the dark
// theme (ADR 0068; codebase guide §12), written to $SCREENSHOTS_DIR. Skipped unless that is set:
//   SCREENSHOTS_DIR=/tmp/shots npx playwright test tests/e2e/theme-screenshots.spec.ts
// Optionally SCREENSHOTS_ONLY=dashboard,settings limits it to pages whose name contains a word.

const dir = process.env.SCREENSHOTS_DIR;
const only = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);
test.skip(!dir, "set SCREENSHOTS_DIR to take the theme screenshots");
test.describe.configure({ timeout: 900_000 });

const publicPages = [
  "/",
  "/about",
  "/faq",
  "/coming",
  "/contact",
  "/airdrop",
  "/pmi",
  "/why-coinlens",
  "/crypto-trading",
  "/legal/terms",
  "/legal/privacy",
  "/signup",
  "/login",
  "/forgotpassword",
  "/no-such-page",
];
const memberPages = [
  "/dashboard",
  "/wallet",
  "/transactions",
  "/etf",
  "/etfabout?symbol=IBIT",
  "/etffinancials?symbol=IBIT",
  "/news",
  "/stake",
  "/fixed-etf",
  "/swap",
  "/buy",
  "/deposit",
  "/btc-deposit",
  "/usdt-deposit",
  "/online-deposit",
  "/withdrawal",
  "/btc-withdrawal",
  "/usdt-withdrawal",
  "/online-bank",
  "/settings",
  "/no-such-page",
];
const adminPages = [
  "/admin",
  "/admin/earn",
  "/admin/reviews",
  "/admin/deposits",
  "/admin/approvals",
  "/admin/withdrawals",
  "/admin/members",
  "/admin/audit",
];

const nameOf = (prefix: string, pathname: string) =>
  `${prefix}${pathname.replace(/[/?=]+/g, "-").replace(/^-|-$/g, "") || "home"}`;

async function shootAll(page: Page, prefix: string, paths: string[]) {
  for (const pathname of paths) {
    const name = nameOf(prefix, pathname);
    if (only && !only.some((word) => name.includes(word))) continue;
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const viewport of Object.values(viewports)) {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, pathname);
        await page.waitForTimeout(400); // charts and fonts settle
        await page.screenshot({
          path: path.join(dir ?? "", `${name}-${viewport.width}-${theme}.png`),
          fullPage: true,
        });
      }
    }
  }
}

test("public pages", async ({ page }) => {
  await shootAll(page, "public-", publicPages);
});

test("member pages, and the demo dashboard with the avatar menu open", async ({ page }) => {
  const email = await signInNewMember(page, "shots");
  for (const [asset, amount] of [
    ["USDT", "500"],
    ["BTC", "0.02"],
  ] as const) {
    await page.request.post("/api/test/trade", {
      data: { action: "credit", email, ledger: "real", asset, amount },
    });
  }
  await shootAll(page, "app-", memberPages);
  await page.request.post("/account/mode", { form: { intent: "switch", mode: "demo" } });
  if (!only || only.some((word) => "app-demo-menu".includes(word))) {
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const viewport of Object.values(viewports)) {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, "/dashboard");
        await page.getByRole("button", { name: /^Account menu for/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(dir ?? "", `app-demo-menu-${viewport.width}-${theme}.png`) });
      }
    }
  }
});

test("back-office pages", async ({ page }) => {
  await signInAsNewStaff(page, { tag: "shots-admin" });
  await shootAll(page, "", adminPages);
});
