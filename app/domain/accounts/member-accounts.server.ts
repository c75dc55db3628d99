import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { memberAccounts, sessions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";

export type AccountMode = "real" | "demo";

export interface MemberAccount {
  id: string;
  mode: AccountMode;
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
 * Opens the member's demo account (idempotent) beside the real one. Virtual funds are the
 * ledger's business: see the single call site marked LEDGER below.
 */
export async function openDemoAccount(db: Db, userId: string): Promise<{ opened: boolean }> {
  const inserted = await db
    .insert(memberAccounts)
    .values({ id: randomUUID(), userId, mode: "demo", plan: "Standard" })
    .onConflictDoNothing()
    .returning({ id: memberAccounts.id });
  const opened = inserted.length > 0;
  if (opened) {
    // LEDGER: credit the demo account's virtual funds (10,000 USD) here, e.g.
    //   await fundDemoAccount(db, { userId, amountMinor: 1_000_000n, idempotencyKey: `demo-open:${userId}` });
    // app/domain/ledger is built in parallel; until it is wired, a demo account opens empty.
  }
  return { opened };
}

export async function listMemberAccounts(db: Db, userId: string): Promise<MemberAccount[]> {
  const rows = await db
    .select({ id: memberAccounts.id, mode: memberAccounts.mode, plan: memberAccounts.plan })
    .from(memberAccounts)
    .where(eq(memberAccounts.userId, userId))
    .orderBy(memberAccounts.mode);
  return rows.sort((a, b) => (a.mode === "real" ? -1 : b.mode === "real" ? 1 : 0));
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
  return updated.length === 1;
}
