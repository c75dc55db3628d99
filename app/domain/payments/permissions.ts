// Back-office permissions for deposits and withdrawals, named action:entity:access (codebase
// guide §10). Pure: the route guard and the UI read the same table; the server always checks.

export const ROLES = ["member", "support", "analyst", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PAYMENT_PERMISSIONS = [
  "read:deposit:any",
  "credit:deposit:any",
  "reject:deposit:any",
  "read:withdrawal:any",
  "approve:withdrawal:any",
  "complete:withdrawal:any",
  "reject:withdrawal:any",
] as const;
export type PaymentPermission = (typeof PAYMENT_PERMISSIONS)[number];

const GRANTS: Readonly<Record<Role, readonly PaymentPermission[]>> = {
  member: [],
  analyst: [],
  // Support can see the queues to answer members, not move money.
  support: ["read:deposit:any", "read:withdrawal:any"],
  admin: PAYMENT_PERMISSIONS,
};

export function hasPermission(role: string, permission: PaymentPermission): boolean {
  return (GRANTS[role as Role] ?? []).includes(permission);
}

export type AccessDecision = { ok: true } | { ok: false; status: 403; message: string };

/**
 * Staff must have the permission AND two-factor sign-in on (issue 7: admins must have two-factor on).
 */
export function decideAccess(
  user: { role: string; twoFactorEnabled: boolean },
  permission: PaymentPermission,
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
