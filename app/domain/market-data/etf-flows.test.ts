import { describe, expect, it } from "vitest";
import { dailyTotalBars, flowGrid } from "./etf-flows.ts";

const flows = [
  { symbol: "IBIT", day: "2026-11-24", netFlowUsdM: "100.1" },
  { symbol: "GBTC", day: "2026-11-24", netFlowUsdM: "-0.2" },
  { symbol: "IBIT", day: "2026-11-25", netFlowUsdM: "-50" },
  { symbol: "GBTC", day: "2026-11-25", netFlowUsdM: "-50" },
];
const days = ["2026-11-24", "2026-11-25"];

describe("ETF flows", () => {
  it("adds up per day, per fund and overall exactly, in tenths", () => {
    const grid = flowGrid(days, flows);
    expect(grid.symbols).toEqual(["IBIT", "GBTC"]);
    expect(grid.dayTotal("2026-11-24")).toBe(999n);
    expect(grid.dayTotal("2026-11-25")).toBe(-1000n);
    expect(grid.fundTotal("GBTC")).toBe(-502n);
    expect(grid.grandTotal).toBe(-1n);
  });

  it("draws inflows up and outflows down from one zero line, scaled to the whole range", () => {
    const { zeroAt, bars } = dailyTotalBars(days, flows);
    expect(zeroAt).toBeCloseTo(999 / 1999, 3);
    expect(bars.map((b) => b.total)).toEqual([999n, -1000n]);
    expect(bars[0]?.height).toBeCloseTo(999 / 1999, 3);
    expect(bars[1]?.height).toBeCloseTo(1000 / 1999, 3);
  });

  it("has no bars to speak of when nothing flowed", () => {
    const { zeroAt, bars } = dailyTotalBars(
      ["2026-11-25"],
      [{ symbol: "IBIT", day: "2026-11-25", netFlowUsdM: "0" }],
    );
    expect(zeroAt).toBe(0);
    expect(bars[0]?.height).toBe(0);
  });
});
