// A withdrawal's states and how each is shown: one table, so the member's pages and the
// back office never drift apart. Pure: the browser imports it. The e-mails' lower-case words for
// the same states are in emails.ts (they are read inside a sentence).
import type { BadgeTone } from "../../ui/badge.tsx";
import { deepFreeze } from "../freeze.ts";

export type WithdrawalStatus =
  | "unconfirmed"
  | "pending"
  | "approved"
  | "completed"
  | "rejected"
  | "cancelled"
  | "expired";

export interface StatusLabel {
  text: string;
  tone: BadgeTone;
}

/** Who is reading: the member, or staff (who confirm nothing themselves). */
export type StatusAudience = "member" | "staff";

/**
 * The badge of each state. Only "unconfirmed" reads differently: the member is waiting for their
 * own e-mail, staff are waiting for the member.
 */
export const WITHDRAWAL_STATUS_LABELS: Readonly<
  Record<StatusAudience, Readonly<Record<WithdrawalStatus, Readonly<StatusLabel>>>>
> = deepFreeze({
  member: {
    unconfirmed: { text: "Awaiting e-mail confirmation", tone: "warning" },
    expired: { text: "Expired", tone: "neutral" },
    pending: { text: "Awaiting review", tone: "warning" },
    approved: { text: "Approved", tone: "warning" },
    completed: { text: "Completed", tone: "positive" },
    rejected: { text: "Rejected", tone: "negative" },
    cancelled: { text: "Cancelled", tone: "neutral" },
  },
  staff: {
    unconfirmed: { text: "Awaiting member's confirmation", tone: "warning" },
    expired: { text: "Expired", tone: "neutral" },
    pending: { text: "Awaiting review", tone: "warning" },
    approved: { text: "Approved", tone: "warning" },
    completed: { text: "Completed", tone: "positive" },
    rejected: { text: "Rejected", tone: "negative" },
    cancelled: { text: "Cancelled", tone: "neutral" },
  },
});

export function withdrawalStatusLabel(status: WithdrawalStatus, audience: StatusAudience): StatusLabel {
  return WITHDRAWAL_STATUS_LABELS[audience][status];
}

/** The member may still take it back: it has not been approved yet. */
export function isCancellable(status: WithdrawalStatus): boolean {
  return status === "pending" || status === "unconfirmed";
}
