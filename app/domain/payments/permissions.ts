// Back-office permissions, named action:entity:access (codebase guide §10): deposits and
// withdrawals (ADR 0052, 0053), earn and trade settings (ADR 0060, 0061), review moderation. Pure: the
// route guard and the UI read the same table; the server always checks.

export const ROLES = Object.freeze(["member", "support", "analyst", "admin"] as const);
export type Role = (typeof ROLES)[number];

export const PAYMENT_PERMISSIONS = Object.freeze([
  "read:deposit:any",
  "credit:deposit:any",
  "reject:deposit:any",
  "read:withdrawal:any",
  "approve:withdrawal:any",
  "complete:withdrawal:any",
  "reject:withdrawal:any",
  // /admin/approvals: money made by hand, awaiting a second admin (ADR 0055 addendum).
  "read:approval:any",
] as const);
export type PaymentPermission = (typeof PAYMENT_PERMISSIONS)[number];

/** /admin/earn: staking products, rewards pools, treasuries, the swap spread and /buy's brokers. */
export const EARN_PERMISSIONS = Object.freeze([
  "read:earn:any",
  "update:staking-product:any",
  "fund:rewards-pool:any",
  "fund:treasury:any",
  "update:swap-spread:any",
  "update:referral-reward:any",
  "manage:broker:any",
] as const);
export type EarnPermission = (typeof EARN_PERMISSIONS)[number];

/** /admin/reviews: what members wrote shows publicly only after this. */
export const REVIEW_PERMISSIONS = Object.freeze(["moderate:review:any"] as const);
export type ReviewPermission = (typeof REVIEW_PERMISSIONS)[number];

/**
 * /admin/members: find and view members (support answers them), disable or enable them, and set
 * their staff role — support or analyst at once, admin with a second admin (ADR 0081) — (admin).
 */
export const MEMBER_PERMISSIONS = Object.freeze([
  "read:member:any",
  "disable:member:any",
  "manage:staff-role:any",
] as const);
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** /admin/audit: every security and back-office event. */
export const AUDIT_PERMISSIONS = Object.freeze(["read:audit:any"] as const);
export type AuditPermission = (typeof AUDIT_PERMISSIONS)[number];

/** /admin/membership: plans, subscribers, revenue; refunds of membership payments (ADR 0070). */
export const MEMBERSHIP_PERMISSIONS = Object.freeze([
  "read:billing:any",
  "update:plan:any",
  "refund:invoice:any",
] as const);
export type MembershipPermission = (typeof MEMBERSHIP_PERMISSIONS)[number];

/** /studio (issue 18, ADR 0073): write research, and review what another analyst wrote. */
export const RESEARCH_PERMISSIONS = Object.freeze(["write:research:own", "review:research:any"] as const);
export type ResearchPermission = (typeof RESEARCH_PERMISSIONS)[number];

/** /admin/support (issue 20, ADR 0080): the ticket queue, replies and notes, canned replies. */
export const SUPPORT_PERMISSIONS = Object.freeze([
  "read:ticket:any",
  "reply:ticket:any",
  "manage:canned-reply:any",
] as const);
export type SupportPermission = (typeof SUPPORT_PERMISSIONS)[number];

/** /admin/reserves (issue 21, ADR 0087): bank balances behind the proof of reserves, two admins. */
export const RESERVES_PERMISSIONS = Object.freeze(["manage:reserves:any"] as const);
export type ReservesPermission = (typeof RESERVES_PERMISSIONS)[number];

/**
 * Community (issue 20, ADR 0083): live events in /admin/events (analysts and admins host them), and
 * hiding members' comments on research with a reason (support and admins moderate).
 */
export const COMMUNITY_PERMISSIONS = Object.freeze(["manage:event:any", "moderate:comment:any"] as const);
export type CommunityPermission = (typeof COMMUNITY_PERMISSIONS)[number];

/**
 * /admin/verification (ADR 0082): review members' identity (four eyes for tier 2), read identity
 * documents (every view audited; not support's), and set the limits, blocked countries and retention.
 */
export const VERIFICATION_PERMISSIONS = Object.freeze([
  "review:verification:any",
  "read:identity-document:any",
  "update:verification-settings:any",
] as const);
export type VerificationPermission = (typeof VERIFICATION_PERMISSIONS)[number];

/**
 * Community tools (issue 20, ADR 0085): /admin/airdrops curates the airdrops members follow,
 * /admin/smart-money the labelled addresses smart money watches, and analysts annotate transfers.
 */
export const TOOLS_PERMISSIONS = Object.freeze([
  "manage:airdrop:any",
  "annotate:transfer:any",
  "manage:watched-address:any",
] as const);
export type ToolsPermission = (typeof TOOLS_PERMISSIONS)[number];

export type Permission =
  | ReservesPermission
  | CommunityPermission
  | VerificationPermission
  | ToolsPermission
  | SupportPermission
  | ResearchPermission
  | PaymentPermission
  | MembershipPermission
  | EarnPermission
  | ReviewPermission
  | MemberPermission
  | AuditPermission;
export const PERMISSIONS: readonly Permission[] = Object.freeze([
  ...PAYMENT_PERMISSIONS,
  ...EARN_PERMISSIONS,
  ...REVIEW_PERMISSIONS,
  ...MEMBER_PERMISSIONS,
  ...AUDIT_PERMISSIONS,
  ...MEMBERSHIP_PERMISSIONS,
  ...RESEARCH_PERMISSIONS,
  ...SUPPORT_PERMISSIONS,
  ...RESERVES_PERMISSIONS,
  ...COMMUNITY_PERMISSIONS,
  ...VERIFICATION_PERMISSIONS,
  ...TOOLS_PERMISSIONS,
]);

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  member: [],
  // Analysts write research and review each other's; nothing in the back-office's money pages.
  analyst: [
    "write:research:own",
    "review:research:any",
    "manage:event:any",
    "manage:airdrop:any",
    "annotate:transfer:any",
    "manage:watched-address:any",
  ],
  // Support can see the queues and members to answer them, not move money, change what is
  // offered, disable anyone or read the audit log.
  support: [
    "read:deposit:any",
    "read:withdrawal:any",
    "read:member:any",
    "read:billing:any",
    "read:ticket:any",
    "reply:ticket:any",
    "manage:canned-reply:any",
    "moderate:comment:any",
  ],
  admin: PERMISSIONS,
};

/** Roles that may open the back-office at all (each page then checks its own permission). */
export const STAFF_ROLES: readonly Role[] = Object.freeze(["support", "analyst", "admin"]);

export function isStaffRole(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function hasPermission(role: string, permission: Permission): boolean {
  return (GRANTS[role as Role] ?? []).includes(permission);
}

export type AccessRefusal = "staff-only" | "permission" | "two-factor-off" | "two-factor-session";
export type AccessDecision =
  | { ok: true }
  | { ok: false; status: 403; message: string; reason: AccessRefusal };

/** Who asks: the member's role and two-factor setting, and how this session was signed in. */
export interface Requester {
  user: { role: string; twoFactorEnabled: boolean };
  session: { signInMethod: "password" | "two-factor" };
}

export const accessMessages = Object.freeze({
  staffOnly: "The back-office is for staff only.",
  permission: "You do not have permission to do this.",
  twoFactorOff: "Turn on two-factor sign-in in Settings before using the back-office.",
  twoFactorSession: "Sign in again with your two-factor code to use the back-office.",
} as const);

/**
 * Staff must have two-factor sign-in on (ADR 0055), and this very session must have completed the
 * second step (ADR 0011): a session signed in with the password alone (one from before
 * the factor was turned on, or from before sessions recorded how they were signed in) is refused.
 */
function decideTwoFactor({ user, session }: Requester): AccessDecision {
  if (!user.twoFactorEnabled) {
    return { ok: false, status: 403, message: accessMessages.twoFactorOff, reason: "two-factor-off" };
  }
  if (session.signInMethod !== "two-factor") {
    return { ok: false, status: 403, message: accessMessages.twoFactorSession, reason: "two-factor-session" };
  }
  return { ok: true };
}

/** The back-office shell's own check, before any page's: a staff role and a two-factor session. */
export function decideStaffAccess(requester: Requester): AccessDecision {
  if (!isStaffRole(requester.user.role)) {
    return { ok: false, status: 403, message: accessMessages.staffOnly, reason: "staff-only" };
  }
  return decideTwoFactor(requester);
}

/** Each back-office page and action: the permission, and a two-factor session as above. */
export function decideAccess(requester: Requester, permission: Permission): AccessDecision {
  if (!hasPermission(requester.user.role, permission)) {
    return { ok: false, status: 403, message: accessMessages.permission, reason: "permission" };
  }
  return decideTwoFactor(requester);
}
