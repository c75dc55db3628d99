import { and, eq, sql } from "drizzle-orm";
import {
  deposits,
  memberAccounts,
  memberPreferences,
  stakingPositions,
  swapQuotes,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { type FirstRunChecklist, firstRunChecklist } from "./first-run.ts";

const EMAIL_REMINDER_SNOOZE_MS = 24 * 3_600_000;

export type MemberPreferences = typeof memberPreferences.$inferSelect;

/** The member's stored preferences, or undefined before they chose anything. */
export async function getMemberPreferences(db: Db, userId: string): Promise<MemberPreferences | undefined> {
  const [row] = await db.select().from(memberPreferences).where(eq(memberPreferences.userId, userId));
  return row;
}

type PreferenceChange = Partial<
  Pick<MemberPreferences, "lastAccountMode" | "checklistDismissedAt" | "emailReminderDismissedAt">
>;

/** Records a choice; the first one creates the row (one statement, safe to race). */
export async function setMemberPreferences(db: Db, userId: string, change: PreferenceChange): Promise<void> {
  await db
    .insert(memberPreferences)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: memberPreferences.userId, set: { ...change, updatedAt: sql`now()` } });
}

/**
 * The dashboard's first-run checklist for one member, each step from real state: the e-mail
 * confirmed, a demo account or a credited deposit, two-factor on, a stake or an executed swap
 * (in either account).
 */
export async function firstRunView(
  db: Db,
  user: { id: string; emailVerified: boolean; twoFactorEnabled: boolean },
  now: Date = new Date(),
): Promise<FirstRunChecklist & { emailReminder: boolean }> {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const [prefs, hasDemoAccount, hasCreditedDeposit, hasStake, hasSwap] = await Promise.all([
    getMemberPreferences(db, user.id),
    exists(
      db
        .select({ id: memberAccounts.id })
        .from(memberAccounts)
        .where(and(eq(memberAccounts.userId, user.id), eq(memberAccounts.mode, "demo")))
        .limit(1),
    ),
    exists(
      db
        .select({ id: deposits.id })
        .from(deposits)
        .where(and(eq(deposits.userId, user.id), eq(deposits.status, "credited")))
        .limit(1),
    ),
    exists(
      db
        .select({ id: stakingPositions.id })
        .from(stakingPositions)
        .where(eq(stakingPositions.userId, user.id))
        .limit(1),
    ),
    exists(
      db
        .select({ id: swapQuotes.id })
        .from(swapQuotes)
        .where(and(eq(swapQuotes.userId, user.id), eq(swapQuotes.status, "executed")))
        .limit(1),
    ),
  ]);
  const checklist = firstRunChecklist(
    {
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      hasDemoAccount,
      hasCreditedDeposit,
      hasStake,
      hasSwap,
    },
    prefs?.checklistDismissedAt != null,
  );
  // A dismissed reminder to confirm the e-mail comes back after a day, until it is done.
  const snoozedAt = prefs?.emailReminderDismissedAt?.getTime();
  const emailReminder =
    !user.emailVerified && (snoozedAt === undefined || now.getTime() - snoozedAt > EMAIL_REMINDER_SNOOZE_MS);
  return { ...checklist, emailReminder };
}
