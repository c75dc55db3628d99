import { beforeAll, describe, expect, it } from "vitest";
import {
  fxDailyRates,
  fxRates,
  portfolioSnapshots,
  portfolioTransactions,
  users,
} from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import { postEntry } from "../ledger/ledger.server.ts";
import type { LedgerCode } from "../ledger/types.ts";
import { saveDailyBars, saveQuotes } from "../market-data/cache-writes.server.ts";
import { sampleMarkets } from "../market-data/sample.server.ts";
import { parseAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import { createSwapQuote, executeSwapQuote } from "../swap/swap.server.ts";
import { gainsPage } from "./gains.server.ts";
import { insightsPage } from "./insights.server.ts";
import { listTargets, targetsAction } from "./targets.server.ts";
import { targetMessages } from "./targets.ts";

// Ann's history goes through the real ledger (as the tax export's test builds it): 1 BTC deposited,
// 0.1 BTC swapped to dollars, 0.5 SOL of staking reward. Bob has his own rows, never read for Ann.
const t = setupTestDatabase();
const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
let n = 0;

function move(input: {
  userId: string;
  code: LedgerCode;
  system: "deposits" | "rewards_pool";
  asset: Asset;
  amount: string;
  type: "deposit" | "reward";
}) {
  const minor = parseAmount(input.amount, input.asset);
  return postEntry(t.db, {
    idempotencyKey: `gains-${++n}`,
    code: input.code,
    ledger: "real",
    postings: [
      { account: { system: input.system, asset: input.asset }, amount: -minor },
      { account: { userId: input.userId, kind: "available", asset: input.asset }, amount: minor },
    ],
    operation: {
      create: {
        userId: input.userId,
        asset: input.asset,
        amount: minor,
        type: input.type,
        status: "completed",
      },
    },
  });
}

const bar = (day: string, close: string) => ({ day, open: null, high: null, low: null, close, volume: null });
const daysBefore = (k: number) => new Date(NOW.getTime() - k * 86_400_000).toISOString().slice(0, 10);

let received: bigint;

beforeAll(async () => {
  for (const id of ["ann", "bob", "cy", "dee"])
    await t.db.insert(users).values({ id, name: `Member ${id}`, email: `${id}@example.com` });
  // Quotes now: BTC 31,000, SOL 90 (the sample). Today's closes: BTC 30,000, SOL 80.
  await saveQuotes(t.db, sampleMarkets(NOW), NOW);
  await saveDailyBars(
    t.db,
    "coin",
    [
      { symbol: "BTC", bars: [bar(TODAY, "30000")] },
      { symbol: "SOL", bars: [bar(TODAY, "80")] },
    ],
    "sample",
  );
  await fundSystemAccount(t.db, {
    account: "rewards-pool",
    ledger: "real",
    asset: "SOL",
    amountMinor: parseAmount("10", "SOL"),
    idempotencyKey: "gains-pool",
  });
  await fundSystemAccount(t.db, {
    account: "treasury",
    ledger: "real",
    asset: "USD",
    amountMinor: parseAmount("100000", "USD"),
    idempotencyKey: "gains-treasury",
  });
  const deposit = { code: "deposit" as const, system: "deposits" as const, type: "deposit" as const };
  await move({ ...deposit, userId: "ann", asset: "BTC", amount: "1" });
  const quote = await createSwapQuote(t.db, {
    ledger: "real",
    userId: "ann",
    from: "BTC",
    to: "USD",
    fromAmountMinor: parseAmount("0.1", "BTC"),
    now: NOW,
    validSeconds: 30,
    feeBps: 0,
    staleSeconds: 600,
  });
  if (!quote.ok) throw new Error(quote.message);
  received = quote.quote.toAmountMinor - quote.quote.feeMinor;
  const executed = await executeSwapQuote(t.db, {
    ledger: "real",
    userId: "ann",
    quoteId: quote.quote.id,
    now: NOW,
  });
  if (!executed.ok) throw new Error("swap not executed");
  await move({
    userId: "ann",
    code: "stake.reward",
    system: "rewards_pool",
    asset: "SOL",
    amount: "0.5",
    type: "reward",
  });
  await move({ ...deposit, userId: "bob", asset: "SOL", amount: "3" });
});

describe("gains of a member", () => {
  it("deposit, swap and reward: realised, unrealised and staking income apart, FIFO", async () => {
    // Swap 0.1 BTC → USD at 31,000 less the default 0.5 % spread, no fee: 3,100 × 0.995 = $3,084.50.
    expect(received).toBe(308_450n);
    const page = await gainsPage(t.db, "ann", { staleSeconds: 600, now: NOW });
    // BTC: deposited at today's close 30,000 → lot 3,000,000¢. The swap sells 0.1 BTC for 308,450¢
    // (the dollars received, exact) against 300,000¢ of cost → realised 8,450¢. 0.9 BTC left costing
    // 2,700,000¢, worth 0.9 × 31,000 = 2,790,000¢ → unrealised 90,000¢.
    // SOL: 0.5 reward at today's close 80 → income 4,000¢, its cost; worth 0.5 × 90 = 4,500¢ → +500¢.
    expect(
      page.assets.map((a) => [
        a.asset,
        a.quantityMinor,
        a.costUsdCents,
        a.valueUsdCents,
        a.unrealisedUsdCents,
        a.realisedUsdCents,
        a.incomeUsdCents,
        a.estimated,
      ]),
    ).toEqual([
      ["BTC", "90000000", "2700000", "2790000", "90000", "8450", "0", false],
      ["SOL", "500000000", "4000", "4500", "500", "0", "4000", false],
    ]);
    expect(page.totals).toEqual({
      costUsdCents: "2704000",
      valueUsdCents: "2794500",
      unrealisedUsdCents: "90500",
      realisedUsdCents: "8450",
      incomeUsdCents: "4000",
    });
    expect(page.years).toEqual([
      { year: NOW.getUTCFullYear(), realisedUsdCents: "8450", incomeUsdCents: "4000" },
    ]);
  });

  it("in euros: every amount at its day's rate, and a second member's currency is their own", async () => {
    // 0.5 EUR per USD, today and as today's fixing, so each figure is exactly half the dollar one.
    await t.db.insert(fxRates).values({ currency: "EUR", perUsd: "0.5", asOf: NOW, source: "sample" });
    await t.db.insert(fxDailyRates).values({ currency: "EUR", day: TODAY, perUsd: "0.5", source: "sample" });
    const page = await gainsPage(t.db, "ann", { staleSeconds: 600, currency: "EUR", now: NOW });
    expect(page.currency).toBe("EUR");
    // Proceeds 308,450¢ → €1,542.25 against €1,500.00 of cost: €42.25 realised.
    expect(page.totals).toMatchObject({ realisedUsdCents: "4225", incomeUsdCents: "2000" });
    const btc = page.assets.find((a) => a.asset === "BTC");
    expect([btc?.costUsdCents, btc?.valueUsdCents, btc?.unrealisedUsdCents]).toEqual([
      "1350000",
      "1395000",
      "45000",
    ]);
    // GBP has no rate here: the page stays in dollars rather than inventing one.
    const gbp = await gainsPage(t.db, "ann", { staleSeconds: 600, currency: "GBP", now: NOW });
    expect([gbp.currency, gbp.totals.realisedUsdCents]).toEqual(["USD", "8450"]);
    const bob = await gainsPage(t.db, "bob", { staleSeconds: 600, now: NOW });
    expect(bob.currency).toBe("USD");
  });

  it("a member with nothing has no rows, and Bob's page holds only his own deposit", async () => {
    const empty = await gainsPage(t.db, "cy", { staleSeconds: 600, now: NOW });
    expect(empty.movements).toBe(0);
    expect(empty.assets).toEqual([]);
    const bob = await gainsPage(t.db, "bob", { staleSeconds: 600, now: NOW });
    // 3 SOL at today's close 80 = 24,000¢; worth 3 × 90 = 27,000¢.
    expect(bob.assets.map((a) => [a.asset, a.costUsdCents, a.unrealisedUsdCents, a.incomeUsdCents])).toEqual([
      ["SOL", "24000", "3000", "0"],
    ]);
  });
});

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe("target allocation", () => {
  it("saves valid targets, refuses a total other than 100 % without changing anything, clears", async () => {
    expect(await targetsAction(t.db, "bob", form({ intent: "save", target_SOL: "100" }))).toMatchObject({
      ok: true,
    });
    const saved = await targetsAction(
      t.db,
      "ann",
      form({ intent: "save", target_BTC: "50", target_USD: "50" }),
    );
    expect(saved).toEqual({ ok: true, intent: "save", message: targetMessages.saved });
    expect(await listTargets(t.db, "ann")).toEqual({ BTC: 5_000, USD: 5_000 });

    const bad = await targetsAction(
      t.db,
      "ann",
      form({ intent: "save", target_BTC: "60", target_SOL: "30" }),
    );
    expect(bad).toMatchObject({ ok: false, errors: { total: targetMessages.sum(9_000) } });
    expect(await listTargets(t.db, "ann")).toEqual({ BTC: 5_000, USD: 5_000 });

    // A new set replaces the old one: USD is no longer targeted, so its row goes.
    await targetsAction(t.db, "ann", form({ intent: "save", target_BTC: "40", target_SOL: "60" }));
    expect(await listTargets(t.db, "ann")).toEqual({ BTC: 4_000, SOL: 6_000 });
    // Bob's own row is untouched by all of Ann's changes.
    expect(await listTargets(t.db, "bob")).toEqual({ SOL: 10_000 });

    await targetsAction(t.db, "ann", form({ intent: "clear" }));
    expect(await listTargets(t.db, "ann")).toEqual({});
    expect(await listTargets(t.db, "bob")).toEqual({ SOL: 10_000 });
  });
});

describe("insights", () => {
  it("figures from Ann's own snapshots and closes; the rebalancing trades at the swap's spread", async () => {
    // 40 days of Ann's snapshots: 10,000¢ rising 1 % a day for 20 days, then one day −20 %, then flat.
    // Bob's snapshots (a crash) must never be read for Ann.
    let value = 10_000;
    const annRows = [];
    for (let k = 39; k >= 0; k--) {
      const i = 39 - k;
      if (i > 0 && i <= 20) value = Math.round(value * 1.01);
      if (i === 21) value = Math.round(value * 0.8);
      annRows.push({
        userId: "ann",
        day: daysBefore(k),
        valueUsdCents: BigInt(value),
        holdings: {},
        source: "backfill" as const,
      });
    }
    await t.db.insert(portfolioSnapshots).values(annRows);
    await t.db.insert(portfolioSnapshots).values(
      [0, 1, 2].map((k) => ({
        userId: "bob",
        day: daysBefore(k),
        valueUsdCents: BigInt(k === 0 ? 1 : 1_000_000),
        holdings: {},
        source: "backfill" as const,
      })),
    );
    await targetsAction(t.db, "ann", form({ intent: "save", target_BTC: "50", target_USD: "50" }));

    const view = await insightsPage(t.db, "ann", { staleSeconds: 600, feeBps: 20, now: NOW });
    expect(view.portfolio.days).toBe(40);
    expect(view.portfolio.drawdown?.fraction).toBeCloseTo(0.2, 3);
    expect(view.portfolio.drawdown?.troughDay).toBe(daysBefore(18));
    expect(view.portfolio.volatility).not.toBeNull();
    // Holdings now: 0.9 BTC = 2,790,000¢, cash 308,450¢, 0.5 SOL = 4,500¢ → total 3,102,950¢.
    expect(view.totalUsdCents).toBe("3102950");
    expect(view.holdings.map((h) => h.asset)).toEqual(["BTC", "USD", "SOL"]);
    expect(view.concentration?.largest).toBe("BTC");
    expect(view.concentration?.share).toBeCloseTo(2_790_000 / 3_102_950, 12);
    // One close per coin so far: not enough for a coin's volatility or a correlation.
    expect(view.coins).toEqual([
      { asset: "BTC", days: 1, volatility: null },
      { asset: "SOL", days: 1, volatility: null },
    ]);
    expect(view.correlation).toEqual({
      assets: ["BTC", "SOL"],
      days: 1,
      matrix: [
        [null, null],
        [null, null],
      ],
    });
    // Target 50 % BTC / 50 % cash of 3,102,950¢ → 1,551,475¢ each. BTC: sell 2,790,000 − 1,551,475 =
    // 1,238,525¢ = 1,238,525 ÷ 3,100,000 BTC → 0.39952419 BTC (down). SOL (0 %): sell all 0.5 SOL, 4,500¢.
    // Cost 50 bp spread + 20 bp fee: 70 bp of 1,238,525 = 8,669.675 → 8,670¢; of 4,500 = 31.5 → 32¢.
    expect(view.rebalance?.trades).toEqual([
      {
        side: "sell",
        asset: "BTC",
        valueUsdCents: "1238525",
        quantityMinor: "39952419",
        costUsdCents: "8670",
        outsideMinor: "0",
      },
      {
        side: "sell",
        asset: "SOL",
        valueUsdCents: "4500",
        quantityMinor: "500000000",
        costUsdCents: "32",
        outsideMinor: "0",
      },
    ]);
    expect(view.rebalance?.totalCostUsdCents).toBe("8702");
    expect(view.rebalance).toMatchObject({ spreadBps: 50, feeBps: 20, problem: null });
  });

  it("a member with nothing sees no figures and no plan", async () => {
    const view = await insightsPage(t.db, "cy", { staleSeconds: 600, feeBps: 0, now: NOW });
    expect(view).toMatchObject({
      totalUsdCents: "0",
      holdings: [],
      concentration: null,
      correlation: null,
      rebalance: null,
    });
    expect(view.portfolio).toEqual({ days: 0, volatility: null, drawdown: null });
  });
});

describe("holdings kept elsewhere", () => {
  it("coins moving together, trades outside Coinlens marked, and records that don't add up reported", async () => {
    // Dee bought 1 ETH ($1,500) and 2 BNB ($700) elsewhere, received 100 TRX and sent 150 TRX away.
    const outside = (
      kind: "buy" | "receive" | "send",
      asset: Asset,
      quantity: string,
      value: bigint | null,
      k: number,
    ) => ({
      userId: "dee",
      source: "manual" as const,
      kind,
      asset,
      quantityMinor: parseAmount(quantity, asset),
      valueUsdCents: value,
      occurredAt: new Date(`${daysBefore(50 - k)}T12:00:00Z`),
      dedupeKey: `dee-${k}`,
    });
    await t.db
      .insert(portfolioTransactions)
      .values([
        outside("buy", "ETH", "1", 150_000n, 0),
        outside("buy", "BNB", "2", 70_000n, 1),
        outside("receive", "TRX", "100", 1_000n, 2),
        outside("send", "TRX", "150", null, 3),
      ]);
    // 40 days of closes, ETH and BNB alternating in opposite directions (ETH 1,700 ↔ 1,870, BNB 400 ↔
    // 360), then today's close (the sample quote: 1,700 and 400) carries on the pattern: correlation −1.
    const days = Array.from({ length: 40 }, (_, i) => daysBefore(40 - i));
    await saveDailyBars(
      t.db,
      "coin",
      [
        { symbol: "ETH", bars: days.map((d, i) => bar(d, i % 2 ? "1870" : "1700")) },
        { symbol: "BNB", bars: days.map((d, i) => bar(d, i % 2 ? "360" : "400")) },
      ],
      "sample",
    );

    const gains = await gainsPage(t.db, "dee", { staleSeconds: 600, now: NOW });
    // ETH: cost $1,500, worth 1 × 1,700 → +$200. BNB: cost $700, worth 2 × 400 = $800 → +$100.
    expect(gains.assets.map((a) => [a.asset, a.costUsdCents, a.unrealisedUsdCents])).toEqual([
      ["ETH", "150000", "20000"],
      ["BNB", "70000", "10000"],
      ["TRX", "0", null],
    ]);
    // 150 TRX sent with only 100 in: reported, left out of the totals, no crash.
    expect(gains.assets[2]?.inconsistent).toMatchObject({ heldMinor: "100000000", wantedMinor: "150000000" });
    expect(gains.totals.unrealisedUsdCents).toBe("30000");

    await targetsAction(t.db, "dee", form({ intent: "save", target_ETH: "100" }));
    const view = await insightsPage(t.db, "dee", { staleSeconds: 600, feeBps: 0, now: NOW });
    expect(view.coins.map((c) => [c.asset, c.days, c.volatility !== null])).toEqual([
      ["ETH", 41, true],
      ["BNB", 41, true],
    ]);
    expect(view.correlation?.assets).toEqual(["ETH", "BNB"]);
    expect(view.correlation?.days).toBe(41);
    expect(view.correlation?.matrix[0]?.[0]).toBe(1);
    expect(view.correlation?.matrix[0]?.[1]).toBeCloseTo(-1, 9);
    // 100 % ETH: sell both BNB ($800, all of it held elsewhere) and buy $800 of ETH = 0.470588235 ETH
    // (down); each costs the 0.5 % spread: 400¢.
    expect(view.rebalance?.trades).toEqual([
      {
        side: "sell",
        asset: "BNB",
        valueUsdCents: "80000",
        quantityMinor: "200000000",
        costUsdCents: "400",
        outsideMinor: "200000000",
      },
      {
        side: "buy",
        asset: "ETH",
        valueUsdCents: "80000",
        quantityMinor: "470588235",
        costUsdCents: "400",
        outsideMinor: "0",
      },
    ]);
  });
});
