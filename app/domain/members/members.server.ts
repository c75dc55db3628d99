// The back-office view of members (ADR 0055): find them, see their accounts, ledger balances and
// recent operations, and disable or enable them. Disabling ends every session at once and keeps
// them from signing in (sign-in.server.ts refuses the sign-in, better-auth's session hook refuses
// any session, and getCurrentSession refuses a session that raced the click). A member who closed
// their account (ADR 0086) shows as closed, with when their personal data is (or was) anonymised,
// and every member page shows the verification tier (ADR 0082).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { auditLog } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import type { AdminAuditEvent } from "../accounts/audit.server.ts";
import { listMemberAccounts, type MemberAccount } from "../accounts/member-accounts.server.ts";
import { listOperations } from "../ledger/history.server.ts";
import type { HistoryRow } from "../ledger/history.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Balances } from "../ledger/types.ts";
import type { Tier } from "../verification/rules.ts";
import { listMemberWithdrawals } from "../withdrawals/records.server.ts";
import type { Withdrawal } from "../withdrawals/types.ts";
import type { MemberStatus } from "./status.ts";

export const MEMBERS_PAGE_SIZE = 25;

export interface MemberSummary {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  disabledAt: Date | null;
  /** When they closed their account themselves (ADR 0086); closed beats disabled. */
  closedAt: Date | null;
  createdAt: Date;
}

export interface MemberVerification {
  /** 0 without a verification_profiles row. */
  tier: Tier;
  /** When they reached the current tier; null at tier 0. */
  since: Date | null;
  /** Their request waiting in the staff's review queue, if any. */
  pendingRequestId: string | null;
}

export interface MemberProfile extends MemberSummary {
  disabledBy: string | null;
  disabledByEmail: string | null;
  disabledReason: string | null;
  activeSessions: number;
  lastSeenAt: Date | null;
  /** Set with closedAt: personal data is kept until then, then anonymised. */
  anonymiseAfter: Date | null;
  anonymisedAt: Date | null;
  verification: MemberVerification;
}

export class MemberStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MemberStateError";
  }
}

const SUMMARY = sql`u.id, u.email, u.name, u.role, u.email_verified, u.two_factor_enabled, u.disabled_at,
  u.closed_at, u.created_at`;

/** The columns of SUMMARY as both drivers return them (timestamps as text on pg, Date on PGlite). */
interface SummaryRow {
  id: string;
  email: string;
  name: string;
  role: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  disabled_at: string | Date | null;
  closed_at: string | Date | null;
  created_at: string | Date;
}

interface ProfileRow extends SummaryRow {
  disabled_by: string | null;
  disabled_reason: string | null;
  disabled_by_email: string | null;
  active_sessions: number | string | null;
  last_seen_at: string | Date | null;
  anonymise_after: string | Date | null;
  anonymised_at: string | Date | null;
  tier: number | string | null;
  tier1_at: string | Date | null;
  tier2_at: string | Date | null;
  pending_request_id: string | null;
}

const dateOrNull = (value: string | Date | null | undefined) => (value ? new Date(value) : null);

function summaryFromRow(row: SummaryRow): MemberSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    emailVerified: Boolean(row.email_verified),
    twoFactorEnabled: Boolean(row.two_factor_enabled),
    disabledAt: dateOrNull(row.disabled_at),
    closedAt: dateOrNull(row.closed_at),
    createdAt: new Date(row.created_at),
  };
}

/** `%`, `_` and `\` typed into the search box match themselves, not everything. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of members, newest first. `query` matches part of the e-mail or name (any case), or a
 * whole member id; `status` narrows to one state as the badge shows it (closed beats disabled, so a
 * closed account is neither active nor disabled).
 */
export async function listMembers(
  db: Db,
  input: { query?: string; status?: MemberStatus; page?: number; pageSize?: number } = {},
): Promise<{ rows: MemberSummary[]; total: number; page: number; pageCount: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(input.pageSize ?? MEMBERS_PAGE_SIZE, 1), 100);
  const conditions = [sql`true`];
  const q = input.query?.trim().slice(0, 200);
  if (q) {
    const pattern = likePattern(q);
    conditions.push(sql`(u.email ilike ${pattern} or u.name ilike ${pattern} or u.id = ${q})`);
  }
  if (input.status === "active") conditions.push(sql`u.disabled_at is null and u.closed_at is null`);
  if (input.status === "disabled") conditions.push(sql`u.disabled_at is not null and u.closed_at is null`);
  if (input.status === "closed") conditions.push(sql`u.closed_at is not null`);
  const where = sql.join(conditions, sql` and `);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u where ${where}`,
  );
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(input.page ?? 1, 1), pageCount);
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY} from users u where ${where}
        order by u.created_at desc, u.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map(summaryFromRow), total, page, pageCount, pageSize };
}

export async function getMemberProfile(db: Db, memberId: string): Promise<MemberProfile | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`select ${SUMMARY}, u.disabled_by, u.disabled_reason, d.email as disabled_by_email,
          (select count(*)::int from sessions s where s.user_id = u.id and s.expires_at > now()) as active_sessions,
          (select max(s.updated_at) from sessions s where s.user_id = u.id) as last_seen_at,
          u.anonymise_after, u.anonymised_at, v.tier, v.tier1_at, v.tier2_at,
          (select max(r.id)::text from verification_requests r
            where r.user_id = u.id and r.status = 'pending') as pending_request_id
        from users u left join users d on d.id = u.disabled_by
          left join verification_profiles v on v.user_id = u.id
        where u.id = ${memberId}`,
  );
  if (!row) return undefined;
  const tier = Number(row.tier ?? 0) as Tier;
  return {
    ...summaryFromRow(row),
    disabledBy: row.disabled_by ?? null,
    disabledByEmail: row.disabled_by_email ?? null,
    disabledReason: row.disabled_reason ?? null,
    activeSessions: Number(row.active_sessions ?? 0),
    lastSeenAt: dateOrNull(row.last_seen_at),
    anonymiseAfter: dateOrNull(row.anonymise_after),
    anonymisedAt: dateOrNull(row.anonymised_at),
    verification: {
      tier,
      since: dateOrNull(tier === 2 ? row.tier2_at : tier === 1 ? row.tier1_at : null),
      pendingRequestId: row.pending_request_id ?? null,
    },
  };
}

export interface MemberOverview {
  profile: MemberProfile;
  accounts: MemberAccount[];
  balances: { real: Balances; demo: Balances | null };
  operations: HistoryRow[];
  withdrawals: Withdrawal[];
}

/** Everything the member page shows; every number comes from the ledger. */
export async function getMemberOverview(db: Db, memberId: string): Promise<MemberOverview | undefined> {
  const profile = await getMemberProfile(db, memberId);
  if (!profile) return undefined;
  const accounts = await listMemberAccounts(db, memberId);
  const real = await getBalances(db, { ledger: "real", userId: memberId });
  const demo = accounts.some((a) => a.mode === "demo")
    ? await getBalances(db, { ledger: "demo", userId: memberId })
    : null;
  const operations = await listOperations(db, {
    userId: memberId,
    filter: { period: "total" },
    pageSize: 15,
  });
  const withdrawals = await listMemberWithdrawals(db, memberId, 10);
  return { profile, accounts, balances: { real, demo }, operations: operations.rows, withdrawals };
}

interface AdminContext {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

async function audit(
  tx: Db,
  ctx: AdminContext,
  event: AdminAuditEvent,
  detail: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    at: new Date(),
    userId: ctx.adminId,
    event,
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    detail,
  });
}

/**
 * Disables a member: they cannot sign in, and every session they have ends now. The change and
 * its audit entry commit together. An admin cannot disable themselves (no locking out the last
 * admin by a slip).
 */
export async function disableMember(
  db: Db,
  input: AdminContext & { memberId: string; reason: string },
): Promise<{ sessionsEnded: number }> {
  const reason = input.reason.trim();
  if (!reason) throw new MemberStateError("Give a reason: the member and other staff will ask why.");
  if (reason.length > 500) throw new MemberStateError("Keep the reason under 500 characters.");
  if (input.memberId === input.adminId) throw new MemberStateError("You cannot disable your own account.");
  return withTx(db, async (tx) => {
    const [row] = await queryRows<{ disabled_at: string | null; closed_at: string | null; email: string }>(
      tx,
      sql`select disabled_at, closed_at, email from users where id = ${input.memberId} for update`,
    );
    if (!row) throw new MemberStateError("No such member.");
    if (row.closed_at)
      throw new MemberStateError("This account is closed: nobody can sign in to it already.");
    if (row.disabled_at) throw new MemberStateError("This member is already disabled.");
    await tx.execute(
      sql`update users set disabled_at = now(), disabled_by = ${input.adminId}, disabled_reason = ${reason},
            updated_at = now()
          where id = ${input.memberId}`,
    );
    const ended = await queryRows<{ id: string }>(
      tx,
      sql`delete from sessions where user_id = ${input.memberId} returning id`,
    );
    await audit(tx, input, "admin-member-disabled", {
      memberId: input.memberId,
      memberEmail: row.email,
      reason,
      sessionsEnded: ended.length,
    });
    return { sessionsEnded: ended.length };
  });
}

/** Lets a disabled member sign in again (their old sessions stay ended). */
export async function enableMember(db: Db, input: AdminContext & { memberId: string }): Promise<void> {
  await withTx(db, async (tx) => {
    const [row] = await queryRows<{
      disabled_at: string | null;
      closed_at: string | null;
      email: string;
      disabled_reason: string | null;
    }>(
      tx,
      sql`select disabled_at, closed_at, email, disabled_reason from users where id = ${input.memberId} for update`,
    );
    if (!row) throw new MemberStateError("No such member.");
    if (row.closed_at) throw new MemberStateError("This account is closed: it cannot be enabled.");
    if (!row.disabled_at) throw new MemberStateError("This member is not disabled.");
    await tx.execute(
      sql`update users set disabled_at = null, disabled_by = null, disabled_reason = null, updated_at = now()
          where id = ${input.memberId}`,
    );
    await audit(tx, input, "admin-member-enabled", {
      memberId: input.memberId,
      memberEmail: row.email,
      previousReason: row.disabled_reason,
    });
  });
}

/** Small counts for the back-office overview; disabled and closed as the list's filter splits them. */
export async function countMembers(db: Db): Promise<{ total: number; disabled: number; closed: number }> {
  const [row] = await queryRows<{ total: number; disabled: number; closed: number }>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where disabled_at is not null and closed_at is null)::int as disabled,
          count(*) filter (where closed_at is not null)::int as closed
        from users`,
  );
  return {
    total: Number(row?.total ?? 0),
    disabled: Number(row?.disabled ?? 0),
    closed: Number(row?.closed ?? 0),
  };
}
