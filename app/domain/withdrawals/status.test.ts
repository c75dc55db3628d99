import { describe, expect, it } from "vitest";
import {
  isCancellable,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
  withdrawalStatusLabel,
} from "./status.ts";

const STATUSES: WithdrawalStatus[] = [
  "unconfirmed",
  "pending",
  "approved",
  "completed",
  "rejected",
  "cancelled",
  "expired",
];

describe("the withdrawal status table", () => {
  it("names every state for the member, in the words and tones the pages show", () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, withdrawalStatusLabel(s, "member")]))).toEqual({
      unconfirmed: { text: "Awaiting e-mail confirmation", tone: "warning" },
      pending: { text: "Awaiting review", tone: "warning" },
      approved: { text: "Approved", tone: "warning" },
      completed: { text: "Completed", tone: "positive" },
      rejected: { text: "Rejected", tone: "negative" },
      cancelled: { text: "Cancelled", tone: "neutral" },
      expired: { text: "Expired", tone: "neutral" },
    });
  });

  it("staff read the same, except that an unconfirmed request waits for the member", () => {
    for (const status of STATUSES) {
      const staff = withdrawalStatusLabel(status, "staff");
      if (status === "unconfirmed") {
        expect(staff).toEqual({ text: "Awaiting member's confirmation", tone: "warning" });
      } else {
        expect(staff).toEqual(withdrawalStatusLabel(status, "member"));
      }
    }
    expect(Object.keys(WITHDRAWAL_STATUS_LABELS.staff).sort()).toEqual([...STATUSES].sort());
    expect(Object.keys(WITHDRAWAL_STATUS_LABELS.member).sort()).toEqual([...STATUSES].sort());
  });

  it("is shared by every request, so it cannot be changed", () => {
    expect(Object.isFrozen(WITHDRAWAL_STATUS_LABELS.member.pending)).toBe(true);
    expect(() => {
      (withdrawalStatusLabel("pending", "member") as { text: string }).text = "Sent";
    }).toThrow(TypeError);
  });

  it("only a request not yet approved can be cancelled by the member", () => {
    expect(STATUSES.filter(isCancellable)).toEqual(["unconfirmed", "pending"]);
  });
});
