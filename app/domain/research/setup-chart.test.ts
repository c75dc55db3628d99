import { describe, expect, it } from "vitest";
import { SETUP_CHART_HEIGHT, setupChart } from "./setup-chart.ts";

// The board's chart geometry: higher prices higher up (smaller y), every level inside the frame,
// events at their time, clamped to the window.
const hour = 3_600_000;
const base = {
  from: 0,
  to: 10 * hour,
  side: "long" as const,
  entryLow: 95,
  entryHigh: 97,
  stop: 90,
  targets: [105, 110],
};

describe("setupChart", () => {
  it("places the levels in price order and inside the frame, and the events where they happened", () => {
    const points = Array.from({ length: 11 }, (_, i) => ({ at: i * hour, price: 100 + (i % 3) }));
    const chart = setupChart({
      ...base,
      points,
      events: [
        { at: -5 * hour, price: 100, status: "waiting" },
        { at: 4 * hour, price: 96, status: "triggered" },
      ],
    });
    if (!chart) throw new Error("expected a chart");
    const [t1, t2] = chart.targets;
    expect(t2?.y).toBeLessThan(t1?.y ?? 0);
    expect(t1?.y).toBeLessThan(chart.zone.y);
    expect(chart.zone.y + chart.zone.height).toBeLessThan(chart.stopY);
    for (const y of [t2?.y ?? -1, chart.stopY]) {
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(SETUP_CHART_HEIGHT);
    }
    expect(chart.targets.map((t) => t.label)).toEqual(["T1", "T2"]);
    // Before the window: drawn at its left edge; 4 h of 10: 40 % of the plot across.
    expect(chart.events[0]?.x).toBe(4);
    expect(chart.events[1]?.x).toBeCloseTo(4 + 0.4 * (320 - 34 - 4), 0);
    expect(chart.line.startsWith("M4,")).toBe(true);
    expect(chart.line.match(/L/g)).toHaveLength(10);
  });

  it("has nothing to draw with fewer than two prices in the window", () => {
    expect(setupChart({ ...base, points: [{ at: hour, price: 100 }], events: [] })).toBeNull();
    expect(
      setupChart({
        ...base,
        points: [
          { at: -hour, price: 1 },
          { at: -2 * hour, price: 2 },
        ],
        events: [],
      }),
    ).toBeNull();
  });
});
