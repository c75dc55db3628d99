import type { APIRequestContext, Page } from "@playwright/test";
import { expect, lookAt, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";
import { createMember, memberEmail, newMemberInOwnContext, testApi } from "./member-session.ts";

// The demo-trading leaderboard (issue 20, ADR 0084). Three demo members trade BCH at a hand-set
// sample price of 400 through the real swap code (/api/test/leaderboard), BCH goes to 800, one of
// them resets his demo balance and another tops hers up: by balance the order would be Bob (15,000),
// Ann, Cat (10,000); by time-weighted return it is Cat, Ann, Bob. Ann reaches the page from the
// dashboard card and joins through its form (a company name is refused beside the field); Dan, who
// never joined, sees the table and how to join, and is not listed. Other runs' members may share
// the database, so ranks are read from the page, not assumed to start at 1.

test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Leaderboard-2026!";
const lb = (request: APIRequestContext, body: unknown) => testApi(request, "/api/test/leaderboard", body);

/** Half-up division of non-negative bigints. */
const halfUp = (num: bigint, den: bigint) => (num * 2n + den) / (2n * den);

/** "+12.34%" from a value in cents against 10,000.00 USD (the page's TWR of one sub-period). */
function percentOf(valueCents: bigint) {
  const bps = halfUp(valueCents - 1_000_000n, 100n);
  return `+${bps / 100n}.${String(bps % 100n).padStart(2, "0")}%`;
}

/** The cents of `minor` BCH (8 decimals) at 800 USD, rounded half up as the ledger's valuation does. */
const bchAt800 = (minor: bigint) => halfUp(minor * 80_000n, 100_000_000n);

async function rowOf(page: Page, name: string) {
  const row = page.getByTestId("standings").getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test("ranks three demo members by time-weighted return, not by balance; the member sees their own rank; who did not join is not listed", async ({
  browser,
}) => {
  const suffix = Date.now().toString(36).slice(-5);
  const names = { ann: `Ann ${suffix}`, bob: `Bob ${suffix}`, cat: `Cat ${suffix}` };
  const ann = await newMemberInOwnContext(browser, { tag: "lb-ann", password: PASSWORD });
  const request = ann.page.request;
  const bob = await createMember(request, { email: memberEmail("lb-bob"), password: PASSWORD });
  const cat = await createMember(request, { email: memberEmail("lb-cat"), password: PASSWORD });
  await lb(request, { action: "join", email: bob, displayName: names.bob });
  await lb(request, { action: "join", email: cat, displayName: names.cat });

  let annPercent = "";
  let catPercent = "";
  try {
    await lb(request, { action: "price", symbol: "BCH", priceUsd: "400" });
    const swapped = async (email: string, amount: string) => {
      const answer = await lb(request, { action: "swap", email, from: "USD", to: "BCH", amount });
      return BigInt(((await answer.json()) as { received: string }).received);
    };
    const annBch = await swapped(ann.email, "5000");
    const catBch = await swapped(cat, "10000");
    await lb(request, { action: "price", symbol: "BCH", priceUsd: "800" });
    // Cat's gain is his before the reset takes him back to 10,000; Bob adds 5,000 of virtual money.
    await lb(request, { action: "reset", email: cat });
    await testApi(request, "/api/test/trade", {
      action: "credit",
      email: bob,
      ledger: "demo",
      asset: "USD",
      amount: "5000",
    });
    annPercent = percentOf(500_000n + bchAt800(annBch));
    catPercent = percentOf(bchAt800(catBch));

    // Ann comes from the dashboard card, joins (a company name is refused first), then the job runs.
    await ann.page.getByRole("link", { name: "See the leaderboard" }).click();
    await expect(ann.page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
    await expect(ann.page.getByTestId("own-rank")).toContainText("You are not on the leaderboard");
    const nameField = ann.page.getByLabel("Display name");
    await nameField.fill("Coinlens Official");
    await ann.page.getByRole("button", { name: "Join the leaderboard" }).click();
    await expect(ann.page.getByText("This name could be mistaken for our staff or company.")).toBeVisible();
    await expect(nameField).toHaveAttribute("aria-invalid", "true");
    await nameField.fill(names.ann);
    await ann.page.getByRole("button", { name: "Join the leaderboard" }).click();
    await expect(
      ann.page.getByRole("status").filter({ hasText: "You are on the leaderboard." }),
    ).toBeVisible();
    await lb(request, { action: "recompute" });
  } finally {
    await lb(request, { action: "clear-price", symbol: "BCH" });
  }

  for (const period of ["This week", "All time"]) {
    await gotoHydrated(ann.page, period === "All time" ? "/leaderboard?period=all" : "/leaderboard");
    const page = ann.page;
    await expect(page.getByRole("link", { name: period })).toHaveAttribute("aria-current", "page");
    const [catRow, annRow, bobRow] = [
      await rowOf(page, names.cat),
      await rowOf(page, names.ann),
      await rowOf(page, names.bob),
    ];
    await expect(catRow).toContainText(catPercent);
    await expect(annRow).toContainText(annPercent);
    await expect(bobRow).toContainText("0.00%");
    await expect(annRow).toContainText("You");
    const rank = async (row: typeof annRow) =>
      Number((await row.getByRole("cell").first().innerText()).replace("#", ""));
    const [c, a, b] = [await rank(catRow), await rank(annRow), await rank(bobRow)];
    expect(c).toBeLessThan(a);
    expect(a).toBeLessThan(b);
    await expect(page.getByTestId("own-rank")).toContainText(`You are #${a} of`);
    await expect(page.getByTestId("own-rank")).toContainText(`as ${names.ann}, ${annPercent}`);
  }
  await expect(ann.page.getByTestId("sample-note")).toBeVisible();
  await lookAt(ann.page, "leaderboard");

  // Dan never joined: he sees the others and how to join, and no line of his own.
  const dan = await newMemberInOwnContext(browser, { tag: "lb-dan", password: PASSWORD });
  await gotoHydrated(dan.page, "/leaderboard?period=all");
  await expect(dan.page.getByTestId("own-rank")).toContainText("You are not on the leaderboard");
  await rowOf(dan.page, names.cat);
  await expect(dan.page.getByTestId("standings").getByText("You", { exact: true })).toHaveCount(0);
  await lookAt(dan.page, "leaderboard-not-joined");

  // Ann leaves: she is unlisted at once, before any recompute.
  await ann.page.getByRole("button", { name: "Leave the leaderboard" }).click();
  await expect(
    ann.page.getByRole("status").filter({ hasText: "You have left the leaderboard." }),
  ).toBeVisible();
  await gotoHydrated(dan.page, "/leaderboard?period=all");
  await expect(dan.page.getByTestId("standings").getByRole("row").filter({ hasText: names.ann })).toHaveCount(
    0,
  );
});
