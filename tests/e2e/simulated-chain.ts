import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

/**
 * Mines `blocks` on the dev-only simulated chain (/dev/chain, which scans deposits after each
 * step) and waits until the page shows the new tip: only then has the action, and the deposit
 * scan it runs, finished. (Waiting for text that was already on the page let a test navigate away
 * while the scan was still running, and find the deposit still Detected.)
 */
export async function mineOnSimulatedChain(page: Page, asset: "BTC" | "USDT", blocks: number) {
  if (!page.url().endsWith("/dev/chain")) await gotoHydrated(page, "/dev/chain");
  const tips = page.getByText(/^Tips: Bitcoin \d+, TRON \d+\./);
  const tip = async () => {
    const [, bitcoin, tron] = /Tips: Bitcoin (\d+), TRON (\d+)/.exec((await tips.textContent()) ?? "") ?? [];
    return Number(asset === "BTC" ? bitcoin : tron);
  };
  // At least this high: other tests may mine the same chain at the same time.
  const target = (await tip()) + blocks;
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Mine blocks" }) });
  await form.getByLabel("Chain").selectOption(asset);
  await form.getByLabel("Blocks").fill(String(blocks));
  await form.getByRole("button", { name: "Mine blocks" }).click();
  await expect.poll(tip, { timeout: 20_000 }).toBeGreaterThanOrEqual(target);
}
