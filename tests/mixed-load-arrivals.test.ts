import { describe, expect, it } from "vitest";
import { connectionStarts } from "../bench/mixed-load/arrivals.ts";

// The mixed-load bench (ADR 0093) must not send every connection's request in the same
// millisecond of each second: that burst, not the routes, set its reads p99.
describe("connectionStarts", () => {
  it("gives each of 40 connections its own phase of the second, evenly spread", () => {
    const starts = connectionStarts(40, 60);
    const phases = starts.map((s) => Math.round((s % 1) * 1000)).sort((a, b) => a - b);
    expect(phases).toEqual(Array.from({ length: 40 }, (_, i) => i * 25));
  });

  it("keeps the ramp: a quarter of the connections joins at 0, 15, 30 and 45 s", () => {
    const joined = connectionStarts(40, 60).map((s) => Math.floor(s));
    for (const second of [0, 15, 30, 45]) {
      expect(joined.filter((s) => s === second)).toHaveLength(10);
    }
  });

  it("spreads the first step's connections over the whole second, not a quarter of it", () => {
    const first = connectionStarts(40, 60).filter((s) => s < 1);
    expect(first).toHaveLength(10);
    expect(Math.max(...first) - Math.min(...first)).toBeGreaterThan(0.85);
  });

  it("returns the starts in order, for the bench's loop that waits for each", () => {
    const starts = connectionStarts(7, 10);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("starts a single connection at once and never before the run", () => {
    expect(connectionStarts(1, 60)).toEqual([0]);
    expect(Math.min(...connectionStarts(10, 15))).toBe(0);
    expect(connectionStarts(10, 0).every((s) => s < 1)).toBe(true);
  });
});
