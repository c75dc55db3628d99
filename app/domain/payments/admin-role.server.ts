// Bootstrapping staff: `npm run admin:create -- --email …` gives an existing member a staff role.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { ROLES, type Role } from "./permissions.ts";

export type GrantRoleResult =
  | { ok: true; userId: string; email: string; role: Role; twoFactorEnabled: boolean }
  | { ok: false; message: string };

export async function grantRole(db: Db, email: string, role: Role = "admin"): Promise<GrantRoleResult> {
  if (!(ROLES as readonly string[]).includes(role)) return { ok: false, message: `Unknown role: ${role}` };
  const rows = await queryRows<{ id: string; email: string; two_factor_enabled: boolean }>(
    db,
    sql`update users set role = ${role}, updated_at = now() where lower(email) = lower(${email.trim()})
        returning id, email, two_factor_enabled`,
  );
  const row = rows[0];
  if (!row)
    return { ok: false, message: `No member signed up with ${email}. Sign up first, then run this again.` };
  return {
    ok: true,
    userId: row.id,
    email: row.email,
    role,
    twoFactorEnabled: Boolean(row.two_factor_enabled),
  };
}

/**
 * `npm run admin:create` makes the first admin only (ADR 0081): once an admin exists, staff roles
 * are given in the back office, where admin takes a second admin. Null when the script may run.
 */
export async function firstAdminRefusal(db: Db): Promise<string | null> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from users where role = 'admin'`,
  );
  if (Number(rows[0]?.n ?? 0) === 0) return null;
  return "An admin exists already. Give staff roles in the back office (/admin/members), where making an admin takes a second admin.";
}

/** How many accounts hold the admin role. */
export async function countAdmins(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from users where role = 'admin'`,
  );
  return Number(rows[0]?.n ?? 0);
}
