import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms.ts";
import { formatBps, shareToBps, targetFormSchema, targetMessages } from "./targets.ts";

describe("target allocation form", () => {
  it("reads shares in % as exact basis points", () => {
    expect(shareToBps("25")).toBe(2_500);
    expect(shareToBps("12.5")).toBe(1_250);
    expect(shareToBps("0.25")).toBe(25);
    expect(shareToBps(" 100 ")).toBe(10_000);
    expect(shareToBps("100.01")).toBeNull();
    expect(shareToBps("-5")).toBeNull();
    expect(shareToBps("1.234")).toBeNull();
    expect(shareToBps("abc")).toBeNull();
    expect(formatBps(1_250)).toBe("12.5");
    expect(formatBps(10_000)).toBe("100");
    expect(formatBps(3_333)).toBe("33.33");
  });

  it("accepts shares adding up to exactly 100 % and leaves blanks and zeros out", () => {
    const parsed = targetFormSchema.safeParse({
      target_BTC: "33.33",
      target_ETH: "33.33",
      target_USD: "33.34",
      target_SOL: "",
      target_TRX: "0",
    });
    expect(parsed.success && parsed.data).toEqual({ BTC: 3_333, ETH: 3_333, USD: 3_334 });
  });

  it("a total other than 100 % is named beside the total, a bad share beside its field", () => {
    const sum = targetFormSchema.safeParse({ target_BTC: "60", target_ETH: "30" });
    expect(sum.success).toBe(false);
    if (!sum.success) expect(fieldErrors(sum.error)).toEqual({ total: targetMessages.sum(9_000) });
    expect(targetMessages.sum(9_000)).toBe("Your targets add up to 90 %. They must add up to exactly 100 %.");

    const bad = targetFormSchema.safeParse({ target_BTC: "150", target_ETH: "abc" });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(fieldErrors(bad.error)).toMatchObject({
        target_BTC: targetMessages.share,
        target_ETH: targetMessages.share,
      });

    const empty = targetFormSchema.safeParse({});
    expect(empty.success).toBe(false);
    if (!empty.success) expect(fieldErrors(empty.error)).toEqual({ total: targetMessages.empty });
  });
});
