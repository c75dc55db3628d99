import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scaleOf } from "../money/assets.ts";
import {
  chooseFrom,
  chooseTo,
  exchangeSides,
  isQuoteExpired,
  quoteExpiresAt,
  quoteMath,
  SWAP_CURRENCIES,
  type SwapCurrency,
  secondsLeft,
  swapMessages,
  toOptions,
  validateSwapAmount,
} from "./rules.ts";

const currency = fc.constantFrom(...SWAP_CURRENCIES);
const price = fc.stringMatching(/^(0|[1-9]\d{0,5})(\.\d{1,12})?$/).filter((p) => /[1-9]/.test(p));

describe("the same-currency rule (seed §5)", () => {
  it("choosing the 'to' currency as 'from' switches 'to' to the first different currency", () => {
    expect(chooseFrom({ from: "BTC", to: "ETH" }, "ETH")).toEqual({ from: "ETH", to: "BTC" });
    expect(chooseFrom({ from: "ETH", to: "BTC" }, "BTC")).toEqual({ from: "BTC", to: "ETH" });
    expect(chooseFrom({ from: "BTC", to: "ETH" }, "SOL")).toEqual({ from: "SOL", to: "ETH" });
  });

  it("choosing the 'from' currency as 'to' switches 'from' to the first different currency", () => {
    expect(chooseTo({ from: "SOL", to: "ETH" }, "SOL")).toEqual({ from: "BTC", to: "SOL" });
    expect(chooseTo({ from: "BTC", to: "ETH" }, "BTC")).toEqual({ from: "ETH", to: "BTC" });
    expect(chooseTo({ from: "BTC", to: "ETH" }, "USDT")).toEqual({ from: "BTC", to: "USDT" });
  });

  it("falls back to ETH for 'to' and BTC for 'from' when no other currency exists", () => {
    expect(chooseFrom({ from: "SOL", to: "SOL" }, "SOL", ["SOL"])).toEqual({ from: "SOL", to: "ETH" });
    expect(chooseTo({ from: "SOL", to: "SOL" }, "SOL", ["SOL"])).toEqual({ from: "BTC", to: "SOL" });
  });

  it("property: the chosen side keeps the choice and the sides always differ", () => {
    fc.assert(
      fc.property(currency, currency, currency, fc.boolean(), (from, to, pick, onFrom) => {
        fc.pre(from !== to);
        const next = onFrom ? chooseFrom({ from, to }, pick) : chooseTo({ from, to }, pick);
        expect(onFrom ? next.from : next.to).toBe(pick);
        expect(next.from).not.toBe(next.to);
        // the other side only moves when it had to
        if (onFrom && pick !== to) expect(next.to).toBe(to);
        if (!onFrom && pick !== from) expect(next.from).toBe(from);
      }),
    );
  });

  it("the arrow exchanges the sides; 'to' options exclude 'from'", () => {
    expect(exchangeSides({ from: "BTC", to: "USDT" })).toEqual({ from: "USDT", to: "BTC" });
    expect(toOptions("BTC")).not.toContain("BTC");
    expect(toOptions("BTC")).toHaveLength(SWAP_CURRENCIES.length - 1);
  });
});

describe("quoteMath", () => {
  it("prices 1 BTC in ETH at the sample prices with a 0.5 % spread and no fee", () => {
    const q = quoteMath({
      from: "BTC",
      to: "ETH",
      fromAmountMinor: 100_000_000n,
      fromPriceUsd: "31000",
      toPriceUsd: "1700",
      spreadBps: 50,
      feeBps: 0,
    });
    // 31000 / 1700 = 18.235294117647… ETH; × 0.995 = 18.144117647058… → 9 decimals, down
    expect(q.toMinor).toBe(18_144_117_647n);
    expect(q.feeMinor).toBe(0n);
    expect(q.midRate).toBe("18.235294117647");
    expect(q.rate).toBe("18.144117647058");
  });

  it("takes the fee from what the member receives, rounded up", () => {
    const q = quoteMath({
      from: "USD",
      to: "USDT",
      fromAmountMinor: 10_000n, // $100
      fromPriceUsd: "1",
      toPriceUsd: "1",
      spreadBps: 0,
      feeBps: 15,
    });
    expect(q.grossToMinor).toBe(100_000_000n);
    expect(q.feeMinor).toBe(150_000n);
    expect(q.toMinor).toBe(99_850_000n);
    const tiny = quoteMath({
      ...{ from: "USD", to: "USDT" },
      fromAmountMinor: 1n,
      fromPriceUsd: "1",
      toPriceUsd: "1",
      spreadBps: 0,
      feeBps: 1,
    });
    expect(tiny.feeMinor).toBe(1n);
  });

  it("refuses zero prices and out-of-range basis points", () => {
    const base = {
      from: "BTC",
      to: "ETH",
      fromAmountMinor: 1n,
      fromPriceUsd: "1",
      toPriceUsd: "1",
      spreadBps: 0,
      feeBps: 0,
    } as const;
    expect(() => quoteMath({ ...base, toPriceUsd: "0" })).toThrow(RangeError);
    expect(() => quoteMath({ ...base, spreadBps: 10_000 })).toThrow(RangeError);
    expect(() => quoteMath({ ...base, feeBps: -1 })).toThrow(RangeError);
    expect(() => quoteMath({ ...base, fromPriceUsd: "1e5" })).toThrow(TypeError);
  });

  it("property: rounding always favours the treasury", () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        price,
        price,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (from, to, amount, pf, pt, spreadBps, feeBps) => {
          fc.pre(from !== to);
          const q = quoteMath({
            from,
            to,
            fromAmountMinor: amount,
            fromPriceUsd: pf,
            toPriceUsd: pt,
            spreadBps,
            feeBps,
          });
          // Compare exact values as fractions: received × priceTo ÷ 10^st  ≤  given × priceFrom ÷ 10^sf
          const [pfw = "0", pff = ""] = pf.split(".");
          const [ptw = "0", ptf = ""] = pt.split(".");
          const PF = BigInt(pfw + pff);
          const PT = BigInt(ptw + ptf);
          const sf = BigInt(scaleOf(from));
          const st = BigInt(scaleOf(to));
          const givenUsd = amount * PF * 10n ** BigInt(ptf.length) * 10n ** st;
          const receivedUsd = q.toMinor * PT * 10n ** BigInt(pff.length) * 10n ** sf;
          const grossUsd = q.grossToMinor * PT * 10n ** BigInt(pff.length) * 10n ** sf;
          expect(q.toMinor >= 0n && q.feeMinor >= 0n).toBe(true);
          expect(receivedUsd <= givenUsd).toBe(true);
          // the gross is at most the value after the spread
          expect(grossUsd * 10_000n <= givenUsd * BigInt(10_000 - spreadBps)).toBe(true);
          // and one more minor unit would exceed it (floor, not an arbitrary cut)
          expect(
            (q.grossToMinor + 1n) * PT * 10n ** BigInt(pff.length) * 10n ** sf * 10_000n >
              givenUsd * BigInt(10_000 - spreadBps),
          ).toBe(true);
          // the fee is at least the exact fee
          expect(q.feeMinor * 10_000n >= q.grossToMinor * BigInt(feeBps)).toBe(true);
          expect(q.grossToMinor - q.feeMinor).toBe(q.toMinor);
        },
      ),
    );
  });

  it("property: a bigger amount never receives less", () => {
    fc.assert(
      fc.property(
        currency,
        currency,
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        price,
        price,
        (from, to, a, b, pf, pt) => {
          fc.pre(from !== to);
          const args = { from, to, fromPriceUsd: pf, toPriceUsd: pt, spreadBps: 50, feeBps: 10 };
          expect(
            quoteMath({ ...args, fromAmountMinor: a + b }).toMinor >=
              quoteMath({ ...args, fromAmountMinor: a }).toMinor,
          ).toBe(true);
        },
      ),
    );
  });
});

describe("quote validity", () => {
  it("expires after its validity and counts down in whole seconds", () => {
    const created = new Date("2026-03-01T10:00:00Z");
    const expires = quoteExpiresAt(created, 30);
    expect(expires.toISOString()).toBe("2026-03-01T10:00:30.000Z");
    expect(isQuoteExpired(expires, new Date("2026-03-01T10:00:29.999Z"))).toBe(false);
    expect(isQuoteExpired(expires, new Date("2026-03-01T10:00:30Z"))).toBe(true);
    expect(secondsLeft(expires, new Date("2026-03-01T10:00:10.5Z"))).toBe(20);
    expect(secondsLeft(expires, new Date("2026-03-01T10:01:00Z"))).toBe(0);
  });
});

describe("swap amount and messages", () => {
  const ctx = { from: "BTC" as SwapCurrency, availableMinor: 50_000_000n };
  it("validates the amount against the ledger balance with the seed's message", () => {
    expect(validateSwapAmount(ctx, "0.25")).toEqual({ ok: true, amountMinor: 25_000_000n });
    // Over the balance: the message names the balance, beside the amount.
    expect(validateSwapAmount(ctx, "0.6")).toEqual({
      ok: false,
      message: "That is more than your balance. You have 0.5 BTC. Deposit more funds to swap this much.",
      overBalance: true,
    });
    expect(validateSwapAmount({ ...ctx, availableMinor: 0n }, "0.1")).toEqual({
      ok: false,
      message: "That is more than your balance. You have 0 BTC. Deposit more funds to swap this much.",
      overBalance: true,
    });
    // Nobody can deposit into a demo account: the message offers the demo balance reset instead
    // (the page shows its button beside the message).
    const demo = validateSwapAmount({ ...ctx, demo: true }, "0.6");
    expect(demo).toEqual({
      ok: false,
      message:
        "That is more than your balance. You have 0.5 BTC. Demo funds are virtual: try a smaller amount, or reset your demo balance.",
      overBalance: true,
    });
    expect(demo.ok ? "" : demo.message).not.toMatch(/deposit/i);
    // Any other refusal is not the over-balance one: no reset is offered beside it.
    expect(validateSwapAmount(ctx, "")).toEqual({
      ok: false,
      message: swapMessages.amountRequired,
      overBalance: false,
    });
    expect(validateSwapAmount(ctx, "0")).toEqual({
      ok: false,
      message: swapMessages.amountPositive,
      overBalance: false,
    });
    expect(validateSwapAmount({ ...ctx, demo: true }, "0.123456789")).toMatchObject({ overBalance: false });
  });

  it("keeps the seed's success text verbatim", () => {
    expect(swapMessages.success("BTC")).toBe("Successfully swapped BTC.");
  });
});
