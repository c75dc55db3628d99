import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms.ts";
import {
  isFinalStatus,
  type SetupState,
  setupChanges,
  setupDetailsSchema,
  setupFormValues,
  setupMessages,
} from "./setup-rules.ts";

// Every expectation below is worked out by hand from the levels written next to it.

const form = (values: Record<string, string>) => ({
  asset: "BTC",
  side: "long",
  entryLow: "29400",
  entryHigh: "29800",
  stop: "28900",
  target1: "31800",
  target2: "32500",
  target3: "",
  timeframe: "4h",
  expiryDays: "14",
  ...values,
});

const errors = (values: Record<string, string>) => {
  const parsed = setupDetailsSchema.safeParse(form(values));
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("setupDetailsSchema (the studio's form)", () => {
  it("accepts a long and gives canonical prices and the targets in order", () => {
    const parsed = setupDetailsSchema.parse(form({ entryLow: "29400.50", target3: " 33000.000 " }));
    expect(parsed).toEqual({
      asset: "BTC",
      side: "long",
      entryLow: "29400.5",
      entryHigh: "29800",
      stop: "28900",
      targets: ["31800", "32500", "33000"],
      timeframe: "4h",
      expiryDays: 14,
    });
    expect(setupDetailsSchema.parse(setupFormValues(parsed))).toEqual(parsed);
  });

  it("accepts a short, its stop above and its targets falling", () => {
    const short = form({
      side: "short",
      entryLow: "1750",
      entryHigh: "1790",
      stop: "1840",
      target1: "1650",
      target2: "1600",
      target3: "1520",
    });
    expect(setupDetailsSchema.parse(short).targets).toEqual(["1650", "1600", "1520"]);
  });

  it("refuses each field with its own message", () => {
    expect(
      errors({ asset: "USDT", side: "sideways", timeframe: "2d", expiryDays: "91", entryLow: "" }),
    ).toEqual({
      asset: setupMessages.asset,
      side: setupMessages.side,
      timeframe: setupMessages.timeframe,
      expiryDays: setupMessages.expiryDays,
      entryLow: setupMessages.priceRequired.entryLow,
    });
    expect(errors({ expiryDays: "0" })).toEqual({ expiryDays: setupMessages.expiryDays });
    expect(errors({ expiryDays: "1.5" })).toEqual({ expiryDays: setupMessages.expiryDays });
    expect(errors({ expiryDays: "90" })).toEqual({});
    expect(errors({ target1: "", target2: "" })).toEqual({ target1: setupMessages.priceRequired.target1 });
    expect(errors({ stop: "28,900" })).toEqual({ stop: setupMessages.price });
    expect(errors({ stop: "1e4" })).toEqual({ stop: setupMessages.price });
    expect(errors({ stop: "-1" })).toEqual({ stop: setupMessages.price });
    expect(errors({ stop: "0.000" })).toEqual({ stop: setupMessages.priceZero });
    expect(errors({ stop: `0.${"1".repeat(19)}` })).toEqual({ stop: setupMessages.priceDecimals });
    expect(errors({ target2: "1".repeat(21) })).toEqual({ target2: setupMessages.priceTooLarge });
    expect(errors({ target2: "", target3: "33000" })).toEqual({ target3: setupMessages.targetGap });
  });

  it("long: the stop below the entry zone, the targets above it and rising — exactly, not within a float's error", () => {
    expect(errors({ entryLow: "29800.01" })).toEqual({ entryHigh: setupMessages.zoneOrder });
    // A zone of one price is allowed.
    expect(errors({ entryLow: "29800" })).toEqual({});
    expect(errors({ stop: "29400" })).toEqual({ stop: setupMessages.long.stop });
    expect(errors({ stop: `29399.${"9".repeat(19)}` })).toEqual({ stop: setupMessages.priceDecimals });
    expect(errors({ stop: `29399.${"9".repeat(18)}` })).toEqual({});
    expect(errors({ target1: "29800" })).toEqual({ target1: setupMessages.long.target });
    expect(errors({ target1: "29800.000000000000000001" })).toEqual({});
    expect(errors({ target2: "31800" })).toEqual({ target2: setupMessages.long.order });
    expect(errors({ target2: "30000" })).toEqual({ target2: setupMessages.long.order });
    expect(errors({ target2: "29000" })).toEqual({ target2: setupMessages.long.target });
  });

  it("short: the mirror", () => {
    const short = {
      side: "short",
      entryLow: "1750",
      entryHigh: "1790",
      stop: "1840",
      target1: "1650",
      target2: "1600",
    };
    expect(errors({ ...short })).toEqual({});
    expect(errors({ ...short, stop: "1790" })).toEqual({ stop: setupMessages.short.stop });
    expect(errors({ ...short, stop: "1700" })).toEqual({ stop: setupMessages.short.stop });
    expect(errors({ ...short, target1: "1750" })).toEqual({ target1: setupMessages.short.target });
    expect(errors({ ...short, target2: "1660" })).toEqual({ target2: setupMessages.short.order });
  });
});

const hour = 3_600_000;
const t0 = new Date("2026-11-20T12:00:00Z");
const at = (hours: number) => new Date(t0.getTime() + hours * hour);

/** BTC long: zone 29,400–29,800, stop 28,900, targets 31,800 / 32,500 / 33,000; published at 31,000. */
const long: SetupState = {
  side: "long",
  entryLow: "29400",
  entryHigh: "29800",
  stop: "28900",
  targets: ["31800", "32500", "33000"],
  status: "waiting",
  publishedPrice: "31000",
  expiresAt: at(24 * 14),
};

/** ETH short: zone 1,750–1,790, stop 1,840, targets 1,650 / 1,600; published at 1,700 (below the zone). */
const short: SetupState = {
  side: "short",
  entryLow: "1750",
  entryHigh: "1790",
  stop: "1840",
  targets: ["1650", "1600"],
  status: "waiting",
  publishedPrice: "1700",
  expiresAt: at(24 * 7),
};

const statuses = (setup: SetupState, price: string, hours = 1) =>
  setupChanges(setup, { price, at: at(hours) }).map((c) => c.status);

describe("setupChanges (the state machine)", () => {
  it("long, waiting: above the zone nothing happens; in it, or exactly at either bound, it triggers", () => {
    expect(statuses(long, "29800.01")).toEqual([]);
    expect(statuses(long, "30500")).toEqual([]);
    expect(statuses(long, "29800")).toEqual(["triggered"]);
    expect(statuses(long, "29600")).toEqual(["triggered"]);
    expect(statuses(long, "29400")).toEqual(["triggered"]);
    const [change] = setupChanges(long, { price: "29600", at: at(3) });
    expect(change).toEqual({ status: "triggered", price: "29600", at: at(3) });
  });

  it("long, a gap down through the zone triggers; through the stop as well, it triggers and stops at once", () => {
    // Published above the zone, now below it: the price went through it in between.
    expect(statuses(long, "29399.99")).toEqual(["triggered"]);
    expect(statuses(long, "28900")).toEqual(["triggered", "stopped"]);
    expect(statuses(long, "27000")).toEqual(["triggered", "stopped"]);
  });

  it("long published below the zone: waits below it, triggers on the way up, and a jump passes targets at once", () => {
    const below = { ...long, publishedPrice: "29000" };
    expect(statuses(below, "29399")).toEqual([]);
    expect(statuses(below, "29400")).toEqual(["triggered"]);
    expect(statuses(below, "30000")).toEqual(["triggered"]);
    expect(statuses(below, "32500")).toEqual(["triggered", "target_1", "target_2"]);
    expect(statuses(below, "40000")).toEqual(["triggered", "target_1", "target_2", "target_3"]);
  });

  it("long published inside the zone triggers on the first observation", () => {
    expect(statuses({ ...long, publishedPrice: "29500" }, "31000")).toEqual(["triggered"]);
  });

  it("long, triggered: targets when reached (exactly at one counts), stopped at or below the stop", () => {
    const triggered = { ...long, status: "triggered" as const };
    expect(statuses(triggered, "31799.99")).toEqual([]);
    expect(statuses(triggered, "31800")).toEqual(["target_1"]);
    expect(statuses(triggered, "32600")).toEqual(["target_1", "target_2"]);
    expect(statuses(triggered, "33000")).toEqual(["target_1", "target_2", "target_3"]);
    expect(statuses(triggered, "28900.01")).toEqual([]);
    expect(statuses(triggered, "28900")).toEqual(["stopped"]);
    // After target 1, only the next targets or the stop move it.
    const first = { ...long, status: "target_1" as const };
    expect(statuses(first, "31900")).toEqual([]);
    expect(statuses(first, "32500")).toEqual(["target_2"]);
    expect(statuses(first, "28000")).toEqual(["stopped"]);
  });

  it("a triggered setup does not expire; a waiting one expires at expiresAt, even with the price in the zone", () => {
    const expiry = 24 * 14;
    expect(statuses(long, "29600", expiry - 0.001)).toEqual(["triggered"]);
    expect(statuses(long, "29600", expiry)).toEqual(["expired"]);
    expect(statuses(long, "31000", expiry + 5)).toEqual(["expired"]);
    expect(statuses({ ...long, status: "triggered" }, "31000", expiry + 5)).toEqual([]);
  });

  it("final statuses never move: the last target (two targets: target 2), stopped, expired", () => {
    const twoTargets = { ...short, status: "target_2" as const };
    expect(isFinalStatus("target_2", 2)).toBe(true);
    expect(isFinalStatus("target_2", 3)).toBe(false);
    expect(statuses(twoTargets, "1900")).toEqual([]);
    expect(statuses({ ...long, status: "target_3" }, "20000")).toEqual([]);
    expect(statuses({ ...long, status: "stopped" }, "29600")).toEqual([]);
    expect(statuses({ ...long, status: "expired" }, "29600")).toEqual([]);
  });

  it("short: waits below the zone, triggers rising into it or through it, targets falling, stopped at or above the stop", () => {
    expect(statuses(short, "1749.99")).toEqual([]);
    expect(statuses(short, "1750")).toEqual(["triggered"]);
    expect(statuses(short, "1790")).toEqual(["triggered"]);
    expect(statuses(short, "1800")).toEqual(["triggered"]);
    expect(statuses(short, "1840")).toEqual(["triggered", "stopped"]);
    const triggered = { ...short, status: "triggered" as const };
    expect(statuses(triggered, "1650.01")).toEqual([]);
    expect(statuses(triggered, "1650")).toEqual(["target_1"]);
    expect(statuses(triggered, "1500")).toEqual(["target_1", "target_2"]);
    expect(statuses(triggered, "1839.99")).toEqual([]);
    expect(statuses(triggered, "1840")).toEqual(["stopped"]);
    expect(statuses({ ...short, status: "target_1" }, "1900")).toEqual(["stopped"]);
  });

  it("short published above the zone: a gap down through the zone and past both targets", () => {
    expect(statuses({ ...short, publishedPrice: "1800" }, "1810")).toEqual([]);
    expect(statuses({ ...short, publishedPrice: "1800" }, "1760")).toEqual(["triggered"]);
    expect(statuses({ ...short, publishedPrice: "1830" }, "1600")).toEqual([
      "triggered",
      "target_1",
      "target_2",
    ]);
  });

  it("prices with more decimals than the levels compare exactly", () => {
    const triggered = {
      ...long,
      status: "triggered" as const,
      stop: "0.1",
      entryLow: "0.2",
      entryHigh: "0.3",
    };
    expect(statuses({ ...triggered, targets: ["0.30000000000000001"] }, "0.3")).toEqual([]);
    expect(statuses({ ...triggered, targets: ["0.30000000000000001"] }, "0.300000000000000010")).toEqual([
      "target_1",
    ]);
  });
});
