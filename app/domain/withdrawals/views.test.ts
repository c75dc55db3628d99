import { describe, expect, it } from "vitest";
import type { Withdrawal } from "./types.ts";
import { confirmPanel, destinationText, withdrawalRow } from "./views.ts";

const NOW = new Date("2026-03-01T12:00:00Z");

function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 42n,
    userId: "m1",
    method: "usdt",
    asset: "USDT",
    amount: 1_234_500_000n,
    destination: { address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH" },
    status: "unconfirmed",
    holdId: 7n,
    operationId: 8n,
    usdValueMinor: 123_450n,
    approvalsRequired: 2,
    firstApprovedBy: null,
    approvedBy: null,
    sentReference: null,
    rejectReason: null,
    confirmationMethod: "email",
    confirmExpiresAt: new Date(NOW.getTime() + 60_000),
    confirmedAt: null,
    createdAt: new Date("2026-03-01T11:50:00Z"),
    updatedAt: new Date("2026-03-01T11:50:00Z"),
    ...overrides,
  };
}

describe("withdrawal views", () => {
  it("a bank destination shows the bank and only the account's last four digits", () => {
    expect(destinationText({ destination: { bankName: "First Bank", account: "0123456789" } })).toBe(
      "First Bank · ••••6789",
    );
    expect(destinationText(withdrawal())).toBe("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH");
  });

  it("a history row: grouped amount, the member's status label, cancellable until approved", () => {
    expect(withdrawalRow(withdrawal({ status: "pending" }))).toEqual({
      id: "42",
      amount: "1,234.5",
      to: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      status: { text: "Awaiting review", tone: "warning" },
      cancellable: true,
      date: "2026-03-01T11:50:00.000Z",
      reference: null,
      reason: null,
    });
    expect(withdrawalRow(withdrawal({ status: "completed", sentReference: "tx-1" }))).toMatchObject({
      status: { text: "Completed", tone: "positive" },
      cancellable: false,
      reference: "tx-1",
    });
  });

  it("the link's panel: ready until the deadline, expired at it, done once handled, invalid without a match", () => {
    expect(confirmPanel(withdrawal(), "tok", NOW)).toMatchObject({
      state: "ready",
      id: "42",
      token: "tok",
      amount: "1,234.5",
      asset: "USDT",
      expiresAt: "2026-03-01T12:01:00.000Z",
      status: { text: "Awaiting e-mail confirmation", tone: "warning" },
    });
    expect(confirmPanel(withdrawal(), "tok", new Date(NOW.getTime() + 60_000)).state).toBe("expired");
    expect(confirmPanel(withdrawal({ status: "pending" }), "tok", NOW).state).toBe("done");
    expect(confirmPanel(undefined, "tok", NOW)).toEqual({ state: "invalid" });
  });
});
