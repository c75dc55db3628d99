// A member's state as the back-office shows it (ADR 0055, 0086): one table, so the members list,
// its status filter and the member page never drift apart. Pure: the browser imports it.
import type { BadgeTone } from "../../ui/badge.tsx";
import { deepFreeze } from "../freeze.ts";

/** Closed beats disabled beats active: a closed account stays closed whatever else is set. */
export type MemberStatus = "active" | "disabled" | "closed";

export const MEMBER_STATUSES: readonly MemberStatus[] = Object.freeze(["active", "disabled", "closed"]);

export const MEMBER_STATUS_LABELS: Readonly<
  Record<MemberStatus, Readonly<{ text: string; tone: BadgeTone }>>
> = deepFreeze({
  active: { text: "Active", tone: "positive" },
  disabled: { text: "Disabled", tone: "negative" },
  closed: { text: "Closed", tone: "neutral" },
});

export function memberStatus(member: {
  disabledAt: Date | string | null;
  closedAt: Date | string | null;
}): MemberStatus {
  if (member.closedAt) return "closed";
  if (member.disabledAt) return "disabled";
  return "active";
}

/** The list's `?status=` value, or undefined for anything else (all members). */
export function parseMemberStatus(value: string | null): MemberStatus | undefined {
  return MEMBER_STATUSES.find((s) => s === value);
}
