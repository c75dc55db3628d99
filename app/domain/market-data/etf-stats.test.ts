import { describe, expect, it } from "vitest";
import { barsInRange, etfStats, rangeNote, rangePosition } from "./etf-stats.ts";
import { sampleMarkets } from "./sample.server.ts";
import { latestTradingDay, sampleEtfBars, sampleEtfFlows } from "./sample-etf.server.ts";
import type { DailyBar } from "./types.ts";

const bar = (day: string, close: string, extra: Partial<DailyBar> = {}): DailyBar => ({
  day,
  open: null,
  high: null,
  low: null,
  close,
  volume: null,
  ...extra,
});

describe("ETF statistics", () => {
  it("takes the 52-week range from the last year of bars only", () => {
    const bars = [
      bar("2022-12-15", "99"), // more than a year before the last bar: ignored
      bar("2023-06-01", "20", { low: "18", high: "21" }),
      bar("2023-12-01", "50", { low: "48", high: "52" }),
      bar("2024-01-02", "30", { open: "29", low: "28.5", high: "31", volume: "1000" }),
    ];
    expect(etfStats(bars)).toEqual({
      open: 29,
      high: 31,
      low: 28.5,
      volume: 1000,
      avgVolume30d: 1000,
      week52High: 52,
      week52Low: 18,
    });
  });

  it("says 'within their normal range' only away from both ends of the range", () => {
    expect(rangePosition(30, 18, 52)).toBe("normal");
    expect(rangePosition(50, 18, 52)).toBe("near-high");
    expect(rangePosition(19, 18, 52)).toBe("near-low");
    expect(rangePosition(30, null, 52)).toBe("unknown");
    expect(rangeNote("normal")).toContain("trading within their normal range");
  });

  it("cuts chart ranges back from the last bar", () => {
    const bars = [
      bar("2023-01-10", "1"),
      bar("2023-10-11", "2"),
      bar("2023-12-20", "3"),
      bar("2024-01-10", "4"),
    ];
    expect(barsInRange(bars, "1M").map((b) => b.day)).toEqual(["2023-12-20", "2024-01-10"]);
    expect(barsInRange(bars, "3M").map((b) => b.day)).toEqual(["2023-10-11", "2023-12-20", "2024-01-10"]);
    expect(barsInRange(bars, "1Y")).toHaveLength(3);
    expect(barsInRange(bars, "ALL")).toHaveLength(4);
  });
});

describe("sample data", () => {
  it("is deterministic and ends ETF history at the seed's price on the latest trading day", () => {
    const now = new Date("2026-11-22T12:00:00Z"); // a Sunday
    expect(latestTradingDay(now)).toBe("2026-11-20");
    const a = sampleEtfBars("DEFI", "2026-11-20", 300);
    expect(a).toEqual(sampleEtfBars("DEFI", "2026-11-20", 300));
    expect(a.at(-1)?.close).toBe("79.05");
    expect(a.every((b) => Number(b.low) <= Number(b.close) && Number(b.close) <= Number(b.high))).toBe(true);
    expect(sampleEtfFlows(["IBIT", "GBTC"], "2026-11-20", 10)).toHaveLength(20);
    const markets = sampleMarkets(now);
    expect(markets.map((m) => m.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(markets[0]).toMatchObject({ symbol: "BTC", priceUsd: "31000" });
    expect(sampleMarkets(now)).toEqual(markets);
  });
});
