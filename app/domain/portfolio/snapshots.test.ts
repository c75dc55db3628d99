import { describe, expect, it } from "vitest";
import type { Asset } from "../money/assets.ts";
import type { Movement, MovementKind } from "./movements.ts";
import { buildSnapshots, type DayClose, holdingsRecord } from "./snapshots.ts";

const BTC = 100_000_000n; // 1 BTC in minor units (scale 8)
const ETH = 1_000_000_000n; // 1 ETH (scale 9)
let n = 0;
function move(
  day: string,
  kind: MovementKind,
  legs: [Asset, bigint][],
  value: bigint | null = null,
  fee = 0n,
): Movement {
  n += 1;
  return {
    id: `t:${n}`,
    at: new Date(`${day}T12:00:00Z`),
    source: kind === "buy" || kind === "sell" ? "manual" : "coinlens",
    kind,
    legs: legs.map(([asset, deltaMinor]) => ({ asset, deltaMinor })),
    valueUsdCents: value,
    feeUsdCents: fee,
    description: kind,
  };
}
const closes = (entries: Record<string, [string, string][]>) =>
  new Map<string, DayClose[]>(
    Object.entries(entries).map(([symbol, list]) => [symbol, list.map(([day, close]) => ({ day, close }))]),
  );

describe("daily snapshots from movements and closes", () => {
  it("values each day at its close, with deposits and withdrawals as flows, rewards as income and swaps as neither", () => {
    const movements = [
      move("2026-01-01", "deposit", [["BTC", BTC]]), // 1 BTC at $100 → +$100.00 in
      move("2026-01-03", "reward", [["BTC", BTC / 10n]]), // 0.1 BTC at $120 → $12.00 income
      move("2026-01-03", "deposit", [["USD", 5_000n]], 5_000n), // $50.00 in, worth itself
      move("2026-01-04", "swap", [
        ["BTC", -BTC / 2n],
        ["ETH", 10n * ETH],
      ]),
      move("2026-01-05", "withdrawal", [["BTC", -BTC / 10n]]), // 0.1 BTC at $130 → −$13.00 out
    ];
    const snapshots = buildSnapshots({
      movements,
      closes: closes({
        BTC: [
          ["2026-01-01", "100"],
          ["2026-01-02", "110"],
          ["2026-01-03", "120"],
          // no close on the 4th: the 3rd's stands
          ["2026-01-05", "130"],
        ],
        ETH: [["2026-01-04", "6"]],
      }),
      from: "2026-01-01",
      to: "2026-01-05",
    });
    expect(
      snapshots.map((s) => [
        s.day,
        s.valueUsdCents,
        s.flowUsdCents,
        s.incomeUsdCents,
        holdingsRecord(s.holdings),
      ]),
    ).toEqual([
      ["2026-01-01", 10_000n, 10_000n, 0n, { BTC: "100000000" }],
      ["2026-01-02", 11_000n, 0n, 0n, { BTC: "100000000" }],
      // 1.1 BTC × $120 = $132.00, plus $50.00 cash
      ["2026-01-03", 18_200n, 5_000n, 1_200n, { BTC: "110000000", USD: "5000" }],
      // 0.6 BTC × $120 + 10 ETH × $6 + $50 = $72 + $60 + $50
      ["2026-01-04", 18_200n, 0n, 0n, { BTC: "60000000", ETH: "10000000000", USD: "5000" }],
      // 0.5 BTC × $130 + $60 + $50
      ["2026-01-05", 17_500n, -1_300n, 0n, { BTC: "50000000", ETH: "10000000000", USD: "5000" }],
    ]);
  });

  it("a buy elsewhere brings in the price and its fee; a sale takes out what it received less its fee", () => {
    const snapshots = buildSnapshots({
      movements: [
        move("2026-02-01", "buy", [["SOL", 2n * ETH]], 20_000n, 50n), // paid $200.00 + $0.50 fee
        move("2026-02-02", "sell", [["SOL", -ETH]], 11_000n, 30n), // received $110.00 − $0.30
      ],
      closes: closes({ SOL: [["2026-02-01", "99.5"]] }),
      from: "2026-02-01",
      to: "2026-02-02",
    });
    expect(snapshots.map((s) => [s.valueUsdCents, s.flowUsdCents])).toEqual([
      [19_900n, 20_050n],
      [9_950n, -10_970n],
    ]);
  });

  it("movements before the range make its opening holdings; flows count only on their own day", () => {
    const movements = [
      move("2025-12-20", "deposit", [["ETH", ETH]]),
      move("2026-01-02", "deposit", [["ETH", ETH]]),
    ];
    const snapshots = buildSnapshots({
      movements,
      closes: closes({ ETH: [["2026-01-01", "2000"]] }),
      from: "2026-01-01",
      to: "2026-01-02",
    });
    expect(snapshots.map((s) => [s.valueUsdCents, s.flowUsdCents])).toEqual([
      [200_000n, 0n],
      [400_000n, 200_000n],
    ]);
  });

  it("before an asset's first known close its first close stands in; an asset never priced counts nothing", () => {
    const snapshots = buildSnapshots({
      movements: [
        move("2026-03-01", "deposit", [["BTC", BTC]]),
        move("2026-03-01", "deposit", [["TRX", 5_000_000n]]),
      ],
      closes: closes({ BTC: [["2026-03-02", "50"]] }),
      from: "2026-03-01",
      to: "2026-03-02",
    });
    expect(snapshots.map((s) => [s.valueUsdCents, s.flowUsdCents])).toEqual([
      [5_000n, 5_000n],
      [5_000n, 0n],
    ]);
  });

  it("a negative holding (coins sent before their purchase was recorded) is valued at nothing", () => {
    const snapshots = buildSnapshots({
      movements: [move("2026-04-01", "withdrawal", [["BTC", -BTC]])],
      closes: closes({ BTC: [["2026-04-01", "10"]] }),
      from: "2026-04-01",
      to: "2026-04-01",
    });
    expect(snapshots[0]?.valueUsdCents).toBe(0n);
    expect(snapshots[0]?.flowUsdCents).toBe(-1_000n);
  });
});
