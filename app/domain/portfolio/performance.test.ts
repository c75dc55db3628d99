import { describe, expect, it } from "vitest";
import { addDays } from "./days.ts";
import { btcBenchmarkUsdCents, type DayPoint, downsample, performanceOf } from "./performance.ts";
import { parseRange, rangeMessages } from "./performance-range.ts";

const point = (day: string, value: bigint, flow: bigint, btc: string, perUsd = "1"): DayPoint => ({
  day,
  valueUsdCents: value,
  flowUsdCents: flow,
  incomeUsdCents: 0n,
  btcCloseUsd: btc,
  perUsd,
});

// $100 at the start; +20 % growth; $50 paid in at the end of the 3rd day; then −10 %.
const points = [
  point("2026-01-01", 10_000n, 10_000n, "100"),
  point("2026-01-02", 11_000n, 0n, "110"),
  point("2026-01-03", 17_000n, 5_000n, "120"),
  point("2026-01-04", 15_300n, 0n, "102"),
];

describe("a range's performance", () => {
  it("time-weighted return chains the growth between flows: 1.2 × 0.9 − 1 = +8 %", () => {
    const p = performanceOf(points);
    expect(p?.twrBps).toBe(800);
    expect([p?.startCents, p?.endCents, p?.netFlowCents, p?.incomeCents, p?.priceGainCents]).toEqual([
      10_000n,
      15_300n,
      5_000n,
      0n,
      300n,
    ]);
  });

  it("money-weighted return is lower when money arrived just before a fall (+2.57 %: 100·x³ + 50·x = 153)", () => {
    expect(performanceOf(points)?.mwrBps).toBe(257);
  });

  it("the BTC line buys the start value and each payment at the day's close", () => {
    // 1 BTC at $100; ×110; +0.41666666 BTC at $120 (rounded down to the satoshi); ×102.
    expect(btcBenchmarkUsdCents(points)).toEqual([10_000n, 11_000n, 17_000n, 14_450n]);
    // A withdrawal sells from it, never more than it holds.
    const out = [point("2026-01-01", 10_000n, 0n, "100"), point("2026-01-02", 0n, -50_000n, "100")];
    expect(btcBenchmarkUsdCents(out)).toEqual([10_000n, 0n]);
    // Without a BTC close on some day there is no line at all.
    expect(btcBenchmarkUsdCents([{ ...point("2026-01-01", 1n, 0n, "1"), btcCloseUsd: null }])).toEqual([
      null,
    ]);
  });

  it("in another currency each day converts at its own rate; a steady rate leaves returns unchanged", () => {
    const eur = performanceOf(points.map((p) => ({ ...p, perUsd: "0.5" })));
    expect(eur?.twrBps).toBe(800);
    expect(eur?.endCents).toBe(7_650n);
    const moving = performanceOf([
      point("2026-01-01", 10_000n, 0n, "1", "0.8"),
      point("2026-01-02", 10_000n, 0n, "1", "0.9"),
    ]);
    // Same dollars, but a dollar buys more at the end: +12.5 % in the display currency.
    expect([moving?.startCents, moving?.endCents, moving?.twrBps]).toEqual([8_000n, 9_000n, 1_250]);
  });

  it("a history that grows from nothing without a flow has no return, said as null", () => {
    const p = performanceOf([
      point("2026-01-01", 0n, 0n, "1"),
      { ...point("2026-01-02", 500n, 0n, "1"), incomeUsdCents: 500n },
    ]);
    expect(p?.twrBps).toBeNull();
    expect(p?.incomeCents).toBe(500n);
    expect(performanceOf([])).toBeNull();
  });

  it("downsampling keeps the first and the last point and at most the limit", () => {
    const many = Array.from({ length: 1_826 }, (_, i) => i);
    const thin = downsample(many, 180);
    expect(thin).toHaveLength(180);
    expect([thin[0], thin.at(-1)]).toEqual([0, 1_825]);
    expect(downsample([1, 2, 3], 180)).toEqual([1, 2, 3]);
  });
});

describe("the range in the URL", () => {
  const today = "2026-11-26";
  const first = "2025-06-01";
  const q = (s: string) => new URLSearchParams(s);

  it("presets end today and start that many days back, never before the first movement", () => {
    expect(parseRange(q(""), today, first).range).toEqual({
      key: "30d",
      from: addDays(today, -30),
      to: today,
    });
    expect(parseRange(q("range=7d"), today, first).range.from).toBe("2026-11-19");
    expect(parseRange(q("range=1y"), today, first).range.from).toBe("2025-11-26");
    expect(parseRange(q("range=all"), today, first).range.from).toBe(first);
    expect(parseRange(q("range=90d"), today, "2026-10-01").range.from).toBe("2026-10-01");
    expect(parseRange(q("range=nonsense"), today, first).range.key).toBe("30d");
  });

  it("a custom range is used as given when valid", () => {
    const a = parseRange(q("from=2026-01-01&to=2026-03-01"), today, first);
    expect(a.range).toEqual({ key: "custom", from: "2026-01-01", to: "2026-03-01" });
    expect(a.errors).toEqual({});
  });

  it("a wrong custom range says why beside the field and shows the default range", () => {
    const future = parseRange(q("from=2026-01-01&to=2026-12-01"), today, first);
    expect(future.errors).toEqual({ to: rangeMessages.future });
    expect(future.range.key).toBe("30d");
    expect(future.custom).toEqual({ from: "2026-01-01", to: "2026-12-01" });
    expect(parseRange(q("from=2026-03-01&to=2026-01-01"), today, first).errors).toEqual({
      from: rangeMessages.order,
    });
    expect(parseRange(q("from=2026-03-01&to=2026-03-01"), today, first).errors).toEqual({
      from: rangeMessages.order,
    });
    expect(parseRange(q("from=2024-01-01&to=2026-01-01"), today, first).errors).toEqual({
      from: "Your history starts on 1 Jun 2025: choose that day or later.",
    });
    expect(parseRange(q("from=2026-02-30&to="), today, first).errors).toEqual({
      from: rangeMessages.fromMissing,
      to: rangeMessages.toMissing,
    });
    expect(parseRange(q("from=2026-01-01&to=2026-02-01"), today, null).errors).toEqual({
      from: rangeMessages.noHistory,
    });
  });
});
