import { describe, expect, it } from "vitest";
import { demoReturnBps } from "./returns.ts";
import { displayNameSchema, formatReturnBps, isReservedName, nameKey, rankReturns } from "./rules.ts";

describe("leaderboard rules", () => {
  it("folds names for comparison and refuses staff and company look-alikes", () => {
    expect(nameKey(" Moon.Boy-1 ")).toBe(nameKey("moonboyl"));
    for (const name of ["Coinlens", "C0INLENS fan", "Admin", "adm1n", "Support_Team", "The Official One"])
      expect(isReservedName(name), name).toBe(true);
    expect(isReservedName("Acme trader", ["Acme"])).toBe(true);
    for (const name of ["Moon Boy", "Satoshi Fan", "Ada"]) expect(isReservedName(name), name).toBe(false);
    expect(displayNameSchema.safeParse({ displayName: "  Moon Boy  " }).data).toEqual({
      displayName: "Moon Boy",
    });
    expect(displayNameSchema.safeParse({ displayName: "-dash" }).success).toBe(false);
    expect(displayNameSchema.safeParse({ displayName: "a".repeat(25) }).success).toBe(false);
  });

  it("formats returns with a real minus sign and ranks ties together", () => {
    expect([formatReturnBps(1234), formatReturnBps(-500), formatReturnBps(0), formatReturnBps(-7)]).toEqual([
      "+12.34%",
      "−5.00%",
      "0.00%",
      "−0.07%",
    ]);
    const at = (ms: number) => new Date(ms);
    const ranked = rankReturns([
      { userId: "a", returnBps: 10, joinedAt: at(2) },
      { userId: "b", returnBps: 30, joinedAt: at(1) },
      { userId: "c", returnBps: 10, joinedAt: at(1) },
      { userId: "d", returnBps: -5, joinedAt: at(0) },
    ]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([
      ["b", 1],
      ["c", 2],
      ["a", 2],
      ["d", 4],
    ]);
  });

  it("a demo account's TWR chains the growth between flows: a withdrawal of half after a doubling keeps +100 %", () => {
    const t0 = new Date("2026-11-01T10:00:00Z");
    const t1 = new Date("2026-11-02T10:00:00Z");
    const t2 = new Date("2026-11-03T10:00:00Z");
    const t3 = new Date("2026-11-04T10:00:00Z");
    const price = (at: Date) => (at < t1 ? "100" : at < t3 ? "200" : "300");
    const events = [
      { at: t0, deltas: new Map([["USD" as const, 100_000n]]), flow: true },
      {
        at: t0,
        deltas: new Map([
          ["USD" as const, -100_000n],
          ["BCH" as const, 1_000_000_000n],
        ]),
        flow: false,
      },
      // Worth 2,000 on day 2; half the coins go out (a flow, not a loss).
      { at: t2, deltas: new Map([["BCH" as const, -500_000_000n]]), flow: true },
    ];
    const priceAt = (_asset: string, at: Date) => price(at);
    // 1,000 → 2,000 (×2), then 1,000 → 1,500 (×1.5): +200 %.
    expect(demoReturnBps({ events, from: null, to: t3, priceAt })).toBe(20_000);
    // From day 2: 10 coins at 200 = 2,000 at the start, ×1 up to the flow, then ×1.5.
    expect(demoReturnBps({ events, from: t1, to: t3, priceAt })).toBe(5_000);
    expect(demoReturnBps({ events: [], from: null, to: t3, priceAt })).toBeNull();
  });
});
