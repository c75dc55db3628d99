import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms.ts";
import {
  DEPOSIT_METHODS,
  depositMethod,
  describeLimits,
  isWithinLimits,
  WITHDRAWAL_METHODS,
  withdrawalMethod,
} from "./methods.ts";
import {
  bankWithdrawalSchema,
  btcDepositSchema,
  btcWithdrawalSchema,
  formatNgn,
  ngnEstimateMinor,
  usdtDepositSchema,
  usdtWithdrawalSchema,
} from "./schemas.ts";

const KEY = "k".repeat(24);

describe("method catalogue (seed §9 with the §5 form limits)", () => {
  it("deposit lists BTC, USDT and Online bank; withdrawal lists Online bank, BTC and USDT", () => {
    expect(DEPOSIT_METHODS.map((m) => m.id)).toEqual(["btc", "usdt", "bank"]);
    expect(WITHDRAWAL_METHODS.map((m) => m.id)).toEqual(["bank", "btc", "usdt"]);
    for (const m of [...DEPOSIT_METHODS, ...WITHDRAWAL_METHODS]) expect(m.feePercent).toBe("0");
    expect(withdrawalMethod("bank").processingTime).toBe("1 hour to 1 day");
    expect(withdrawalMethod("btc").processingTime).toBe("Instant to 1 day");
    expect(DEPOSIT_METHODS.filter((m) => m.recommended)).toHaveLength(1);
  });

  it("cards describe the same limits the forms enforce", () => {
    expect(describeLimits(depositMethod("btc").limits)).toBe("Above 0.0001, up to 10 BTC");
    expect(describeLimits(depositMethod("usdt").limits)).toBe("0.008 – 10,000 USDT");
    expect(describeLimits(withdrawalMethod("btc").limits)).toBe("0.00001 – 10,000 BTC");
    expect(describeLimits(withdrawalMethod("usdt").limits)).toBe("3 – 10,000 USDT");
    expect(describeLimits(withdrawalMethod("bank").limits)).toBe("3 – 10,000 USD");
  });

  it("BTC deposit: 0.0001 itself is refused, 0.00010001 and 10 accepted, 10.00000001 refused", () => {
    const l = depositMethod("btc").limits;
    expect(isWithinLimits(10_000n, l)).toBe(false);
    expect(isWithinLimits(10_001n, l)).toBe(true);
    expect(isWithinLimits(1_000_000_000n, l)).toBe(true);
    expect(isWithinLimits(1_000_000_001n, l)).toBe(false);
  });
});

describe("deposit amount schemas", () => {
  it.each([
    ["0.0001", false],
    ["0.00010001", true],
    ["10", true],
    ["10.00000001", false],
    ["", false],
    ["abc", false],
    ["-1", false],
    ["1e-3", false],
  ])("BTC %s → %s", (amount, ok) => {
    expect(btcDepositSchema.safeParse({ amount }).success).toBe(ok);
  });

  it.each([
    ["0.007999", false],
    ["0.008", true],
    ["10000", true],
    ["10000.000001", false],
  ])("USDT %s → %s", (amount, ok) => {
    expect(usdtDepositSchema.safeParse({ amount }).success).toBe(ok);
  });

  it("amounts come out as bigint minor units", () => {
    expect(btcDepositSchema.parse({ amount: "0.5" }).amount).toBe(50_000_000n);
  });

  it("explains the range and the required amount", () => {
    const r = btcDepositSchema.safeParse({ amount: "11" });
    expect(r.success || fieldErrors(r.error).amount).toBe(
      "Enter an amount above 0.0001 BTC and at most 10 BTC.",
    );
    const blank = btcDepositSchema.safeParse({ amount: " " });
    expect(blank.success || fieldErrors(blank.error).amount).toBe("Please enter an amount.");
  });
});

describe("crypto withdrawal schemas", () => {
  it("BTC: amount 0.00001–10,000 and an address on the configured network", () => {
    const main = btcWithdrawalSchema("mainnet");
    const ok = main.safeParse({
      amount: "0.00001",
      address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      idempotencyKey: KEY,
    });
    expect(ok.success && ok.data.amount).toBe(1000n);
    const low = main.safeParse({
      amount: "0.000009",
      address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      idempotencyKey: KEY,
    });
    expect(low.success || fieldErrors(low.error).amount).toBe("Enter an amount from 0.00001 to 10,000 BTC.");
    const wrongNet = btcWithdrawalSchema("testnet").safeParse({
      amount: "1",
      address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      idempotencyKey: KEY,
    });
    expect(wrongNet.success || fieldErrors(wrongNet.error).address).toBe(
      "This address is not on Bitcoin testnet.",
    );
    const blank = main.safeParse({ amount: "1", address: "  ", idempotencyKey: KEY });
    expect(blank.success || fieldErrors(blank.error).address).toBe("Please enter the wallet address.");
  });

  it("USDT: amount 3–10,000 and a TRON address", () => {
    expect(
      usdtWithdrawalSchema.safeParse({
        amount: "3",
        address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
        idempotencyKey: KEY,
      }).success,
    ).toBe(true);
    expect(
      usdtWithdrawalSchema.safeParse({
        amount: "2.999999",
        address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
        idempotencyKey: KEY,
      }).success,
    ).toBe(false);
    const bad = usdtWithdrawalSchema.safeParse({
      amount: "5",
      address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh",
      idempotencyKey: KEY,
    });
    expect(bad.success || fieldErrors(bad.error).address).toMatch(/checksum/);
  });

  it("refuses a missing or malformed idempotency key", () => {
    expect(
      usdtWithdrawalSchema.safeParse({ amount: "5", address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" }).success,
    ).toBe(false);
    expect(
      usdtWithdrawalSchema.safeParse({
        amount: "5",
        address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
        idempotencyKey: "x",
      }).success,
    ).toBe(false);
  });
});

describe("bank withdrawal schema (no card number, no CVC)", () => {
  const base = { amount: "100", accountHolder: "Ada Obi", bankName: "Example Bank", idempotencyKey: KEY };

  it("has no card or CVC field at all", () => {
    expect(Object.keys(bankWithdrawalSchema.shape).sort()).toEqual(
      [
        "account",
        "accountHolder",
        "amount",
        "bankName",
        "idempotencyKey",
        "payoutCurrency",
        "swiftBic",
      ].sort(),
    );
  });

  it("accepts an IBAN (normalised) or a plain account number, and an optional BIC", () => {
    const iban = bankWithdrawalSchema.parse({
      ...base,
      account: "gb82 west 1234 5698 7654 32",
      swiftBic: "nwbkgb2l",
    });
    expect(iban.account).toEqual({ kind: "iban", value: "GB82WEST12345698765432" });
    expect(iban.swiftBic).toBe("NWBKGB2L");
    expect(iban.payoutCurrency).toBe("USD");
    const number = bankWithdrawalSchema.parse({
      ...base,
      account: "0123456789",
      swiftBic: "",
      payoutCurrency: "NGN",
    });
    expect(number.account).toEqual({ kind: "number", value: "0123456789" });
    expect(number.swiftBic).toBeUndefined();
    expect(number.amount).toBe(10_000n);
  });

  it("rejects a bad IBAN checksum, a bad BIC, blanks and out-of-range amounts", () => {
    const r = bankWithdrawalSchema.safeParse({
      ...base,
      amount: "10000.01",
      accountHolder: "",
      bankName: " ",
      account: "GB82WEST12345698765431",
      swiftBic: "NOPE",
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(fieldErrors(r.error)).toEqual({
      amount: "Enter an amount from 3 to 10,000 USD.",
      accountHolder: "Please enter the account holder's name.",
      bankName: "Please enter the bank's name.",
      account: "This IBAN has a typo (check digits do not match).",
      swiftBic: "Enter a valid SWIFT/BIC code (8 or 11 characters).",
    });
  });

  it("NGN estimate at the seed's 1,458.65 per USD, rounded down", () => {
    expect(ngnEstimateMinor(10_000n, "1458.65")).toBe(14_586_500n);
    expect(formatNgn(ngnEstimateMinor(10_000n, "1458.65"))).toBe("₦145,865.00");
    expect(ngnEstimateMinor(1n, "1458.65")).toBe(1458n); // 1 cent → ₦14.58 (14.5865 rounded down)
  });
});
