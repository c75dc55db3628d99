import { describe, expect, it } from "vitest";
import { type StakeFormContext, stakeMessages, validateStakeForm } from "./schemas.ts";

const usdt: StakeFormContext = {
  asset: "USDT",
  availableMinor: 500_000_000n, // 500 USDT
  priceUsd: "1",
  minimumUsdMinor: 10_000n,
  durations: [3, 7, 14, 30, 90, 180],
};

function errors(values: { amount?: unknown; durationDays?: unknown }, ctx = usdt) {
  const result = validateStakeForm(ctx, values);
  return result.ok ? {} : result.errors;
}

describe("stake form (seed §5 messages, verbatim)", () => {
  it("asks for the amount", () => {
    expect(errors({ durationDays: "30" }).amount).toBe("Please enter the amount to stake.");
    expect(errors({ amount: "  ", durationDays: "30" }).amount).toBe("Please enter the amount to stake.");
  });

  it("wants more than zero", () => {
    for (const amount of ["0", "0.00", "-5", "abc"]) {
      expect(errors({ amount, durationDays: "30" }).amount, amount).toBe(
        "The amount must be greater than zero.",
      );
    }
  });

  it("wants at least the product minimum, valued in USD", () => {
    expect(errors({ amount: "99.99", durationDays: "30" }).amount).toBe(
      "The amount must be at least 100 USD.",
    );
    expect(errors({ amount: "100", durationDays: "30" })).toEqual({});
    const btc: StakeFormContext = { ...usdt, asset: "BTC", availableMinor: 100_000_000n, priceUsd: "31000" };
    // 0.003 BTC = $93 < $100; 0.0033 BTC = $102.30
    expect(errors({ amount: "0.003", durationDays: "7" }, btc).amount).toBe(
      "The amount must be at least 100 USD.",
    );
    expect(errors({ amount: "0.0033", durationDays: "7" }, btc)).toEqual({});
  });

  it("skips the USD minimum when the price is unknown (the server refuses then)", () => {
    expect(errors({ amount: "1", durationDays: "30" }, { ...usdt, priceUsd: null })).toEqual({});
  });

  it("wants no more than the available balance, naming it", () => {
    expect(errors({ amount: "500.000001", durationDays: "30" }).amount).toBe(
      "Insufficient balance. You have 500 USDT.",
    );
    expect(
      errors({ amount: "200", durationDays: "30" }, { ...usdt, availableMinor: 150_250_000n }).amount,
    ).toBe("Insufficient balance. You have 150.25 USDT.");
  });

  it("asks for a duration", () => {
    expect(errors({ amount: "200" }).durationDays).toBe("Please select a duration.");
    expect(errors({ amount: "200", durationDays: "" }).durationDays).toBe("Please select a duration.");
    expect(errors({ amount: "200", durationDays: "5" }).durationDays).toBe("Please select a duration.");
    expect(errors({ amount: "200", durationDays: "180" }, { ...usdt, durations: [3, 7] }).durationDays).toBe(
      "Please select a duration.",
    );
  });

  it("reports too many decimals with the money module's message", () => {
    expect(errors({ amount: "100.0000001", durationDays: "30" }).amount).toBe(
      "USDT amounts have at most 6 decimals.",
    );
  });

  it("returns bigint minor units and the duration in days", () => {
    expect(validateStakeForm(usdt, { amount: "250.5", durationDays: "90" })).toEqual({
      ok: true,
      value: { amountMinor: 250_500_000n, durationDays: 90 },
    });
  });

  it("keeps the seed's other texts verbatim", () => {
    expect(stakeMessages.refused).toBe("Staking failed. Please try again.");
    expect(stakeMessages.unexpected).toBe("An error occurred. Please try again.");
    expect(stakeMessages.noWallet).toBe("No wallet selected!");
  });
});
