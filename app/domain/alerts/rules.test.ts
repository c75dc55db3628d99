import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms.ts";
import { formatUsd } from "../market-data/format.ts";
import { alertFormSchema, alertMessages, describeAlert, firedTitle, trimDecimal } from "./rules.ts";

const parse = (form: Record<string, string>) =>
  alertFormSchema.safeParse({ symbol: "BTC", kind: "above", ...form });

describe("the alert form", () => {
  it("takes a USD price (commas allowed) and a one-off alert has no cool-down", () => {
    const r = parse({ threshold: "65,000.50", email: "on" });
    expect(r.success && r.data).toEqual({
      symbol: "BTC",
      kind: "above",
      threshold: "65000.50",
      repeating: false,
      cooldownMinutes: 0,
      email: true,
      push: false,
    });
    expect(parse({ threshold: "1", push: "on" }).data?.push).toBe(true);
  });

  it("names the wrong field with the message shown beside it", () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ threshold: "" }, "threshold", alertMessages.price],
      [{ threshold: "0" }, "threshold", alertMessages.price],
      [{ threshold: "-5" }, "threshold", alertMessages.price],
      [{ threshold: "1e9" }, "threshold", alertMessages.price],
      [{ kind: "move24h", threshold: "0.05" }, "threshold", alertMessages.percent],
      [{ kind: "move24h", threshold: "101" }, "threshold", alertMessages.percent],
      [{ kind: "sideways", threshold: "5" }, "kind", alertMessages.kind],
      [{ symbol: "", threshold: "5" }, "symbol", alertMessages.symbol],
      [{ threshold: "5", repeating: "on", cooldownMinutes: "" }, "cooldownMinutes", alertMessages.cooldown],
      [
        { threshold: "5", repeating: "on", cooldownMinutes: "10081" },
        "cooldownMinutes",
        alertMessages.cooldown,
      ],
    ];
    for (const [form, field, message] of cases) {
      const r = parse(form);
      expect(r.success, JSON.stringify(form)).toBe(false);
      if (!r.success) expect(fieldErrors(r.error)[field], JSON.stringify(form)).toBe(message);
    }
  });

  it("a repeating alert keeps its cool-down; a 24 h move takes a percentage", () => {
    const r = parse({ kind: "move24h", threshold: "5.5", repeating: "on", cooldownMinutes: "30" });
    expect(r.success && [r.data.threshold, r.data.repeating, r.data.cooldownMinutes, r.data.email]).toEqual([
      "5.5",
      true,
      30,
      false,
    ]);
  });
});

describe("the words", () => {
  it("say what the alert watches and what fired it", () => {
    expect(
      describeAlert({ symbol: "BTC", kind: "above", threshold: "70000.000000000000000000" }, formatUsd),
    ).toBe("BTC above $70,000.00");
    expect(
      describeAlert({ symbol: "SOL", kind: "move24h", threshold: "5.000000000000000000" }, formatUsd),
    ).toBe("SOL moves 5% in 24 h");
    expect(
      firedTitle(
        { symbol: "ETH", kind: "below", threshold: "1500" },
        { priceUsd: "1499.5", change24hPct: "-3.1000" },
        formatUsd,
      ),
    ).toBe("ETH is below $1,500.00: now $1,499.50");
    expect(
      firedTitle(
        { symbol: "SOL", kind: "move24h", threshold: "5" },
        { priceUsd: "96", change24hPct: "6.2500" },
        formatUsd,
      ),
    ).toBe("SOL moved 5% or more in 24 h (+6.25%): $96.00");
    expect(trimDecimal("0.5000")).toBe("0.5");
    expect(trimDecimal("12")).toBe("12");
  });
});
