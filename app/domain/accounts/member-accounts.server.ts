import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { memberAccounts, memberPreferences, sessions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { fundDemoAccount } from "../ledger/ledger.server.ts";
import { setMemberPreferences } from "../members/preferences.server.ts";
import { getMembership } from "../membership/membership.server.ts";

export type AccountMode = "real" | "demo";

export interface MemberAccount {
  id: string;
  mode: AccountMode;
  /** The member's membership plan's name (one membership covers both accounts; ADR 0070). */
  plan: string;
}

/** Every member has a real account from sign-up on. Idempotent. */
export async function ensureRealAccount(db: Db, userId: string) {
  await db
    .insert(memberAccounts)
    .values({ id: randomUUID(), userId, mode: "real", plan: "Standard" })
    .onConflictDoNothing();
}

/**
 * Opens the member's demo account (idempotent) beside the real one and credits its 10,000
 * virtual USD on the demo ledger.
 */
export async function openDemoAccount(db: Db, userId: string): Promise<{ opened: boolean }> {
  const inserted = await db
    .insert(memberAccounts)
    .values({ id: randomUUID(), userId, mode: "demo", plan: "Standard" })
    .onConflictDoNothing()
    .returning({ id: memberAccounts.id });
  // Funded on every call, not only when the row was inserted: if a crash fell between the insert
  // and the posting, the next call completes it. The idempotency key makes repeats a no-op.
  await fundDemoAccount(db, { userId, idempotencyKey: `demo-open:${userId}` });
  return { opened: inserted.length > 0 };
}

/**
 * The member's accounts, real first, each with the plan the member holds now: the membership's
 * (getMembership), never member_accounts.plan, which predates memberships and no longer changes,
 * so the badge, Settings, /api/user and the back-office all say the same.
 */
export async function listMemberAccounts(db: Db, userId: string, now = new Date()): Promise<MemberAccount[]> {
  const rows = await db
    .select({ id: memberAccounts.id, mode: memberAccounts.mode })
    .from(memberAccounts)
    .where(eq(memberAccounts.userId, userId))
    .orderBy(memberAccounts.mode);
  const membership = await getMembership(db, userId, now);
  return rows
    .map((row) => ({ ...row, plan: membership.plan.name }))
    .sort((a, b) => (a.mode === "real" ? -1 : b.mode === "real" ? 1 : 0));
}

/** Selects the mode for one session; only a mode the member has an account in. */
export async function selectAccountMode(db: Db, userId: string, sessionId: string, mode: AccountMode) {
  const [account] = await db
    .select({ id: memberAccounts.id })
    .from(memberAccounts)
    .where(and(eq(memberAccounts.userId, userId), eq(memberAccounts.mode, mode)));
  if (!account) return false;
  const updated = await db
    .update(sessions)
    .set({ accountMode: mode })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (updated.length !== 1) return false;
  // Remembered for the next sign-in, on any device: a member who practises in Demo comes back to it.
  await setMemberPreferences(db, userId, { lastAccountMode: mode });
  return true;
}

/**
 * The mode a new session starts in: the one the member last used, if they still have an account
 * in it; otherwise real.
 */
export async function rememberedAccountMode(db: Db, userId: string): Promise<AccountMode> {
  const [row] = await db
    .select({ mode: memberAccounts.mode })
    .from(memberPreferences)
    .innerJoin(
      memberAccounts,
      and(
        eq(memberAccounts.userId, memberPreferences.userId),
        eq(memberAccounts.mode, memberPreferences.lastAccountMode),
      ),
    )
    .where(eq(memberPreferences.userId, userId));
  return row?.mode ?? "real";
}
