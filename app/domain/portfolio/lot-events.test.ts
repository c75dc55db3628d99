import { describe, expect, it } from "vitest";
import { gainsReport } from "./gains.ts";
import { lotEventsOf, type PriceOn } from "./lot-events.ts";
import type { Movement } from "./movements.ts";

const BTC = 100_000_000n; // scale 8
const ETH = 1_000_000_000n; // scale 9
const SOL = 1_000_000_000n; // scale 9

function movement(partial: Partial<Movement> & Pick<Movement, "id" | "kind" | "legs">): Movement {
  return {
    at: new Date("2026-03-01T12:00:00Z"),
    source: "coinlens",
    valueUsdCents: null,
    feeUsdCents: 0n,
    description: "",
    ...partial,
  };
}

// Closes we "have": BTC 30,000 on 1 March, 40,000 on 1 April; ETH 2,000 on 1 April; SOL 20 on
// 1 May. Anything else is today's quote (estimated) when one exists.
const CLOSES: Record<string, string> = {
  "BTC 2026-03-01": "30000",
  "BTC 2026-04-01": "40000",
  "ETH 2026-04-01": "2000",
  "SOL 2026-05-01": "20",
};
const QUOTES: Record<string, string> = { BTC: "50000", ETH: "2500", SOL: "25" };
const priceOn: PriceOn = (asset, day) => {
  const close = CLOSES[`${asset} ${day}`];
  if (close) return { priceUsd: close, estimated: false };
  const quote = QUOTES[asset];
  return quote ? { priceUsd: quote, estimated: true } : null;
};

describe("movements as FIFO lot events", () => {
  it("a deposit of coins is a receipt at the day's close, not income", () => {
    // 0.5 BTC arrives on 1 March: 0.5 × 30,000 = $15,000 = 1,500,000¢.
    const [btc] = lotEventsOf(
      [movement({ id: "op:1", kind: "deposit", legs: [{ asset: "BTC", deltaMinor: BTC / 2n }] })],
      priceOn,
    );
    expect(btc?.events).toEqual([
      { kind: "receive", id: "op:1:BTC", quantityMinor: BTC / 2n, valueUsdCents: 1_500_000n, income: false },
    ]);
    expect(btc?.estimated.size).toBe(0);
  });

  it("cash deposits open no lots: dollars have no price gain", () => {
    const events = lotEventsOf(
      [
        movement({
          id: "op:1",
          kind: "deposit",
          legs: [{ asset: "USD", deltaMinor: 10_000n }],
          valueUsdCents: 10_000n,
        }),
      ],
      priceOn,
    );
    expect(events).toEqual([]);
  });

  it("a coin-to-coin swap sells what was sent and buys what was received at the sent coin's close", () => {
    // 1 April: 0.1 BTC → 1.9 ETH. Value = 0.1 × 40,000 = $4,000 = 400,000¢ on both sides.
    const result = lotEventsOf(
      [
        movement({
          id: "op:2",
          kind: "swap",
          at: new Date("2026-04-01T09:00:00Z"),
          legs: [
            { asset: "BTC", deltaMinor: -BTC / 10n },
            { asset: "ETH", deltaMinor: (ETH * 19n) / 10n },
          ],
        }),
      ],
      priceOn,
    );
    expect(result.map((r) => [r.asset, r.events])).toEqual([
      ["BTC", [{ kind: "sell", id: "op:2:sell", quantityMinor: BTC / 10n, proceedsUsdCents: 400_000n }]],
      ["ETH", [{ kind: "buy", id: "op:2:buy", quantityMinor: (ETH * 19n) / 10n, costUsdCents: 400_000n }]],
    ]);
  });

  it("a swap with dollars on one side takes the dollars as its exact value", () => {
    // $1,234.56 → 0.03 BTC: cost 123,456¢ whatever the close says.
    const [btc] = lotEventsOf(
      [
        movement({
          id: "op:3",
          kind: "swap",
          legs: [
            { asset: "USD", deltaMinor: -123_456n },
            { asset: "BTC", deltaMinor: 3_000_000n },
          ],
        }),
      ],
      priceOn,
    );
    expect(btc?.events).toEqual([
      { kind: "buy", id: "op:3:buy", quantityMinor: 3_000_000n, costUsdCents: 123_456n },
    ]);
  });

  it("a reward is income at its value; a missing close falls back to the quote and is marked", () => {
    // 1 May: 2 SOL × 20 = $40 = 4,000¢ (close). 2 May: 1 SOL, no close → quote 25 = 2,500¢, estimated.
    const [sol] = lotEventsOf(
      [
        movement({
          id: "op:4",
          kind: "reward",
          at: new Date("2026-05-01T00:00:00Z"),
          legs: [{ asset: "SOL", deltaMinor: 2n * SOL }],
        }),
        movement({
          id: "op:5",
          kind: "reward",
          at: new Date("2026-05-02T00:00:00Z"),
          legs: [{ asset: "SOL", deltaMinor: SOL }],
        }),
      ],
      priceOn,
    );
    expect(sol?.events).toEqual([
      { kind: "receive", id: "op:4:SOL", quantityMinor: 2n * SOL, valueUsdCents: 4_000n, income: true },
      { kind: "receive", id: "op:5:SOL", quantityMinor: SOL, valueUsdCents: 2_500n, income: true },
    ]);
    expect([...(sol?.estimated ?? [])]).toEqual(["op:5:SOL"]);
  });

  it("outside buys and sells keep the member's own value and fee; a send is a transfer", () => {
    const [btc] = lotEventsOf(
      [
        movement({
          id: "tx:1",
          kind: "buy",
          source: "manual",
          legs: [{ asset: "BTC", deltaMinor: BTC }],
          valueUsdCents: 2_000_000n,
          feeUsdCents: 1_000n,
        }),
        movement({
          id: "tx:2",
          kind: "sell",
          source: "manual",
          legs: [{ asset: "BTC", deltaMinor: -BTC / 4n }],
          valueUsdCents: 900_000n,
          feeUsdCents: 500n,
        }),
        movement({ id: "op:6", kind: "withdrawal", legs: [{ asset: "BTC", deltaMinor: -BTC / 4n }] }),
      ],
      priceOn,
    );
    expect(btc?.events).toEqual([
      { kind: "buy", id: "tx:1:BTC", quantityMinor: BTC, costUsdCents: 2_000_000n, feeUsdCents: 1_000n },
      {
        kind: "sell",
        id: "tx:2:BTC",
        quantityMinor: BTC / 4n,
        proceedsUsdCents: 900_000n,
        feeUsdCents: 500n,
      },
      { kind: "send", id: "op:6:BTC", quantityMinor: BTC / 4n },
    ]);
  });
});

describe("gains report", () => {
  it("deposit, swap and reward: realised, unrealised and income apart, per year", () => {
    // 1 Mar: 1 BTC deposited at 30,000 → lot 3,000,000¢.
    // 1 Apr: 0.1 BTC → 1.9 ETH at 40,000: proceeds 400,000¢, cost 300,000¢ → realised 100,000¢.
    // 1 May: 2 SOL reward at 20 → income 4,000¢ (its lot costs 4,000¢).
    // Now: 0.9 BTC × 50,000 = 4,500,000¢ vs cost 2,700,000¢ → +1,800,000¢.
    //      1.9 ETH × 2,500 = 475,000¢ vs 400,000¢ → +75,000¢. 2 SOL × 25 = 5,000¢ vs 4,000¢ → +1,000¢.
    const perAsset = lotEventsOf(
      [
        movement({ id: "op:1", kind: "deposit", legs: [{ asset: "BTC", deltaMinor: BTC }] }),
        movement({
          id: "op:2",
          kind: "swap",
          at: new Date("2026-04-01T09:00:00Z"),
          legs: [
            { asset: "BTC", deltaMinor: -BTC / 10n },
            { asset: "ETH", deltaMinor: (ETH * 19n) / 10n },
          ],
        }),
        movement({
          id: "op:3",
          kind: "reward",
          at: new Date("2026-05-01T00:00:00Z"),
          legs: [{ asset: "SOL", deltaMinor: 2n * SOL }],
        }),
      ],
      priceOn,
    );
    const report = gainsReport(perAsset, QUOTES as Record<"BTC" | "ETH" | "SOL", string>);
    expect(
      report.assets.map((a) => [
        a.asset,
        a.costUsdCents,
        a.unrealisedUsdCents,
        a.realisedUsdCents,
        a.incomeUsdCents,
      ]),
    ).toEqual([
      ["BTC", 2_700_000n, 1_800_000n, 100_000n, 0n],
      ["ETH", 400_000n, 75_000n, 0n, 0n],
      ["SOL", 4_000n, 1_000n, 0n, 4_000n],
    ]);
    expect(report.totals).toEqual({
      costUsdCents: 3_104_000n,
      valueUsdCents: 4_980_000n,
      unrealisedUsdCents: 1_876_000n,
      realisedUsdCents: 100_000n,
      incomeUsdCents: 4_000n,
    });
    expect(report.years).toEqual([{ year: 2026, realisedUsdCents: 100_000n, incomeUsdCents: 4_000n }]);
  });

  it("movements that sell more than came in are reported, not thrown, and left out of the totals", () => {
    const perAsset = lotEventsOf(
      [
        movement({ id: "op:1", kind: "deposit", legs: [{ asset: "BTC", deltaMinor: BTC }] }),
        movement({
          id: "tx:9",
          kind: "sell",
          source: "manual",
          legs: [{ asset: "BTC", deltaMinor: -2n * BTC }],
          valueUsdCents: 100n,
        }),
      ],
      priceOn,
    );
    const report = gainsReport(perAsset, { BTC: "50000" });
    expect(report.assets[0]?.inconsistent).toEqual({
      eventId: "tx:9:BTC",
      heldMinor: BTC,
      wantedMinor: 2n * BTC,
    });
    expect(report.totals.valueUsdCents).toBe(0n);
  });
});

describe("gains in the display currency", () => {
  it("each movement at its own day's rate, what is held now at today's", () => {
    // EUR per USD: 0.90 on 1 March, 0.80 on 1 April; today 0.95.
    const rates: Record<string, number> = { "2026-03-01": 90, "2026-04-01": 80 };
    const toEur = (cents: bigint, day: string) => (cents * BigInt(rates[day] ?? 95)) / 100n;
    const movements = [
      // Buy 1 BTC with $30,000 on 1 March: €27,000 cost.
      movement({
        id: "op:1",
        kind: "swap",
        legs: [
          { asset: "USD", deltaMinor: -3_000_000n },
          { asset: "BTC", deltaMinor: BTC },
        ],
      }),
      // Sell 0.5 BTC for $20,000 on 1 April: €16,000 proceeds against €13,500 cost → €2,500 realised.
      movement({
        id: "op:2",
        at: new Date("2026-04-01T09:00:00Z"),
        kind: "swap",
        legs: [
          { asset: "BTC", deltaMinor: -BTC / 2n },
          { asset: "USD", deltaMinor: 2_000_000n },
        ],
      }),
    ];
    const report = gainsReport(
      lotEventsOf(movements, priceOn, toEur),
      QUOTES,
      (cents) => (cents * 95n) / 100n,
    );
    const [btc] = report.assets;
    expect(btc?.realisedUsdCents).toBe(250_000n);
    // 0.5 BTC now at $50,000 = $25,000 = €23,750, against €13,500 cost → €10,250 unrealised.
    expect(btc?.costUsdCents).toBe(1_350_000n);
    expect(btc?.valueUsdCents).toBe(2_375_000n);
    expect(btc?.unrealisedUsdCents).toBe(1_025_000n);
    // In dollars the same history is a $5,000 realised gain: the currency changes the answer.
    expect(gainsReport(lotEventsOf(movements, priceOn), QUOTES).assets[0]?.realisedUsdCents).toBe(500_000n);
  });
});
