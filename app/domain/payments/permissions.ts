// Back-office permissions, named action:entity:access (codebase guide §10): deposits and
// withdrawals (issue 7), earn and trade settings (issue 8), review moderation (issue 5). Pure: the
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
  "manage:broker:any",
] as const);
export type EarnPermission = (typeof EARN_PERMISSIONS)[number];

/** /admin/reviews: what members wrote shows publicly only after this. */
export const REVIEW_PERMISSIONS = Object.freeze(["moderate:review:any"] as const);
export type ReviewPermission = (typeof REVIEW_PERMISSIONS)[number];

/** /admin/members: find and view members (support answers them), disable or enable them (admin). */
export const MEMBER_PERMISSIONS = Object.freeze(["read:member:any", "disable:member:any"] as const);
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** /admin/audit: every security and back-office event. */
export const AUDIT_PERMISSIONS = Object.freeze(["read:audit:any"] as const);
export type AuditPermission = (typeof AUDIT_PERMISSIONS)[number];

export type Permission =
  | PaymentPermission
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
]);

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  member: [],
  analyst: [],
  // Support can see the queues and members to answer them, not move money, change what is
  // offered, disable anyone or read the audit log.
  support: ["read:deposit:any", "read:withdrawal:any", "read:member:any"],
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

export type AccessDecision = { ok: true } | { ok: false; status: 403; message: string };

/**
 * The back-office shell's own check, before any page's: a staff role, and two-factor sign-in on
 * (issue 7). Members get a plain refusal.
 */
export function decideStaffAccess(user: { role: string; twoFactorEnabled: boolean }): AccessDecision {
  if (!isStaffRole(user.role)) {
    return { ok: false, status: 403, message: "The back-office is for staff only." };
  }
  if (!user.twoFactorEnabled) {
    return {
      ok: false,
      status: 403,
      message: "Turn on two-factor sign-in in Settings before using the back-office.",
    };
  }
  return { ok: true };
}

/**
 * Staff must have the permission AND two-factor sign-in on (issue 7: admins must have two-factor on).
 */
export function decideAccess(
  user: { role: string; twoFactorEnabled: boolean },
  permission: Permission,
): AccessDecision {
  if (!hasPermission(user.role, permission)) {
    return { ok: false, status: 403, message: "You do not have permission to do this." };
  }
  if (!user.twoFactorEnabled) {
    return {
      ok: false,
      status: 403,
      message: "Turn on two-factor sign-in in Settings before using the back-office.",
    };
  }
  return { ok: true };
}
