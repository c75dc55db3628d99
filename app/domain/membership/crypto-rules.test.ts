import { describe, expect, it } from "vitest";
import {
  cryptoAmountFor,
  graceEndFor,
  membershipStatusLabel,
  payAmountText,
  reminderDueAt,
} from "./crypto-rules.ts";
import { addPeriod, GRACE_DAYS, RENEWAL_REMINDER_DAYS } from "./plans.ts";

describe("paying the membership from the balance", () => {
  it("USD cash pays the price itself", () => {
    expect(cryptoAmountFor(300_000n, "USD", "1")).toBe(300_000n);
  });

  it("BTC and USDT round UP to the asset's minor unit, so the operator is never short", () => {
    // $3,000 at $93,456.78/BTC = 0.0321003997… BTC → 0.03210040 BTC (up, not 0.03210039).
    expect(cryptoAmountFor(300_000n, "BTC", "93456.78")).toBe(3_210_040n);
    // Exact: $3,000 at $100,000 = 0.03 BTC, nothing to round.
    expect(cryptoAmountFor(300_000n, "BTC", "100000")).toBe(3_000_000n);
    // $250 at $0.9997/USDT = 250.075022… USDT → 250.075023 USDT.
    expect(cryptoAmountFor(25_000n, "USDT", "0.9997")).toBe(250_075_023n);
    expect(cryptoAmountFor(25_000n, "USDT", "1")).toBe(250_000_000n);
  });

  it("whatever the price, the amount is worth at least the price in cents", () => {
    for (const price of ["93456.78", "12345.6789", "1.000001", "68000"]) {
      const btc = cryptoAmountFor(300_001n, "BTC", price);
      // value in cents = btc × price ÷ 10^8 × 100, compared as integers (price has ≤ 6 decimals).
      const [whole, frac = ""] = price.split(".");
      const priceMicros = BigInt(whole ?? "0") * 1_000_000n + BigInt(frac.padEnd(6, "0"));
      expect(btc * priceMicros * 100n).toBeGreaterThanOrEqual(300_001n * 100_000_000n * 1_000_000n);
      // …and one satoshi less would not be.
      expect((btc - 1n) * priceMicros * 100n).toBeLessThan(300_001n * 100_000_000n * 1_000_000n);
    }
  });

  it("refuses a price of nothing", () => {
    expect(() => cryptoAmountFor(0n, "BTC", "90000")).toThrow(RangeError);
  });

  it("says the amount the way the button asks for it", () => {
    expect(payAmountText(321_000n, "BTC")).toBe("0.00321000 BTC");
    expect(payAmountText(3_000_000_000n, "USDT")).toBe("3,000.00 USDT");
    expect(payAmountText(250_075_023n, "USDT")).toBe("250.075023 USDT");
    expect(payAmountText(300_000n, "USD")).toBe("$3,000.00");
  });
});

describe("due dates", () => {
  const end = new Date("2026-12-01T10:00:00Z");
  it("the reminder comes RENEWAL_REMINDER_DAYS before the renewal, grace lasts GRACE_DAYS after it", () => {
    expect(reminderDueAt(end, RENEWAL_REMINDER_DAYS).toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(graceEndFor(end, GRACE_DAYS).toISOString()).toBe("2026-12-04T10:00:00.000Z");
  });
  it("a renewal's period runs on from the previous end", () => {
    expect(addPeriod(end, "yearly").toISOString()).toBe("2027-12-01T10:00:00.000Z");
    expect(addPeriod(new Date("2027-01-31T00:00:00Z"), "monthly").toISOString()).toBe(
      "2027-02-28T00:00:00.000Z",
    );
  });
});

describe("status labels", () => {
  const now = new Date("2026-11-15T00:00:00Z");
  const base = {
    status: "active" as const,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: new Date("2026-12-01T10:00:00Z"),
    graceUntil: null,
  };
  it("active, cancelled, past due, expired", () => {
    expect(membershipStatusLabel(base, now)).toBe("Active");
    expect(membershipStatusLabel({ ...base, cancelAtPeriodEnd: true }, now)).toBe("Active until 1 Dec 2026");
    expect(
      membershipStatusLabel(
        { ...base, status: "past_due", graceUntil: new Date("2026-12-04T10:00:00Z") },
        new Date("2026-12-02T00:00:00Z"),
      ),
    ).toBe("Payment due — access until 4 Dec 2026");
    expect(membershipStatusLabel({ ...base, status: "expired" }, now)).toBe("Expired");
    expect(membershipStatusLabel(null, now)).toBe("Expired");
  });
  it("what the member holds is what is said, even before the job moves the row on", () => {
    const after = new Date("2026-12-05T00:00:00Z");
    expect(membershipStatusLabel({ ...base, cancelAtPeriodEnd: true }, after)).toBe("Expired");
    expect(
      membershipStatusLabel(
        { ...base, status: "past_due", graceUntil: new Date("2026-12-04T10:00:00Z") },
        after,
      ),
    ).toBe("Expired");
    expect(membershipStatusLabel(base, after)).toBe("Renewal due");
  });
});
