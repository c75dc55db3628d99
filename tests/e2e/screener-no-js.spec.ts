import { expect, test } from "./fixtures.ts";
import { signInNewMember } from "./member-session.ts";

// The dashboard's screener renders 12 of its 100 coins on the server and the rest near the screen
// (ADR 0095). Without JavaScript nothing renders the rest, so a plain link asks the server for all.
test("without JavaScript the screener shows 12 coins and a link that shows all 100", async ({
  page,
  browser,
}) => {
  await signInNewMember(page, "screener-nojs");
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const noJs = await plain.newPage();
    await noJs.goto("/dashboard");
    const rows = noJs.locator("table tbody tr");
    // 12 coins and the row holding the link.
    await expect(rows).toHaveCount(13);
    await expect(noJs.getByRole("cell", { name: /Ethereum Name Service/ })).toHaveCount(0);
    await noJs.getByRole("link", { name: "Show all 100 coins" }).click();
    await expect(noJs).toHaveURL(/\/dashboard\?coins=all/);
    await expect(rows).toHaveCount(100);
    await expect(noJs.getByRole("cell", { name: /Ethereum Name Service/ })).toHaveCount(1);
    await expect(noJs.getByRole("link", { name: /Show all/ })).toHaveCount(0);
  } finally {
    await plain.close();
  }
});
