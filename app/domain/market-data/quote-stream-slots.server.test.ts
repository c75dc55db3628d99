import { beforeEach, describe, expect, it } from "vitest";
import {
  claimQuoteStreamSlot,
  openQuoteStreams,
  resetQuoteStreamSlotsForTests,
} from "./quote-stream-slots.server.ts";

const limits = { perClient: 2, total: 3 };

beforeEach(() => resetQuoteStreamSlotsForTests());

describe("quote stream slots", () => {
  it("refuses a client's stream beyond its limit, and takes it again once one is released", () => {
    const first = claimQuoteStreamSlot("203.0.113.7", limits);
    const second = claimQuoteStreamSlot("203.0.113.7", limits);
    expect(first.ok && second.ok).toBe(true);
    expect(claimQuoteStreamSlot("203.0.113.7", limits)).toEqual({
      ok: false,
      limit: "per-client",
      open: 2,
      max: 2,
    });
    expect(openQuoteStreams("203.0.113.7")).toBe(2);
    if (first.ok) first.release();
    expect(openQuoteStreams("203.0.113.7")).toBe(1);
    expect(claimQuoteStreamSlot("203.0.113.7", limits).ok).toBe(true);
  });

  it("refuses anyone beyond the process's total, whoever holds the streams", () => {
    const held = ["198.51.100.1", "198.51.100.2", "198.51.100.3"].map((client) =>
      claimQuoteStreamSlot(client, limits),
    );
    expect(held.every((claim) => claim.ok)).toBe(true);
    expect(claimQuoteStreamSlot("198.51.100.4", limits)).toEqual({
      ok: false,
      limit: "total",
      open: 3,
      max: 3,
    });
    const [one] = held;
    if (one?.ok) one.release();
    expect(claimQuoteStreamSlot("198.51.100.4", limits).ok).toBe(true);
    expect(openQuoteStreams()).toBe(3);
  });

  it("frees a slot once however often it is released, and a release from before a reset changes nothing", () => {
    const claim = claimQuoteStreamSlot("::1", limits);
    claimQuoteStreamSlot("::1", limits);
    if (!claim.ok) throw new Error("expected a slot");
    claim.release();
    claim.release();
    claim.release();
    expect(openQuoteStreams("::1")).toBe(1);
    expect(openQuoteStreams()).toBe(1);

    const stale = claimQuoteStreamSlot("::1", limits);
    resetQuoteStreamSlotsForTests();
    claimQuoteStreamSlot("::1", limits);
    if (stale.ok) stale.release();
    expect(openQuoteStreams("::1")).toBe(1);
    expect(openQuoteStreams()).toBe(1);
  });

  it("counts clients without an address together", () => {
    expect(claimQuoteStreamSlot(undefined, limits).ok).toBe(true);
    expect(claimQuoteStreamSlot(undefined, limits).ok).toBe(true);
    expect(claimQuoteStreamSlot(undefined, limits)).toMatchObject({ ok: false, limit: "per-client" });
  });
});
