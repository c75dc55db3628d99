import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/**
 * What became of a referred member's first credited deposit (ADR 0084): one row per referred
 * member, ever — the primary key makes the reward decision happen exactly once, whichever server
 * or retry credits the deposit. `paid` carries the ledger entry that paid the referrer; `unfunded`
 * means the operator's pool could not pay (staff were told); `none` means no reward was offered
 * then; `refused` is a self-referral.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    referredUserId: text("referred_user_id")
      .primaryKey()
      .references(() => users.id),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id),
    depositId: bigint("deposit_id", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["paid", "unfunded", "none", "refused"] }).notNull(),
    asset: text("asset"),
    amount: bigint("amount", { mode: "bigint" }),
    entryId: bigint("entry_id", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referral_rewards_referrer_idx").on(t.referrerId),
    check("referral_rewards_status_check", sql`${t.status} in ('paid', 'unfunded', 'none', 'refused')`),
    check(
      "referral_rewards_paid_check",
      sql`(${t.status} = 'paid') = (${t.entryId} is not null) and (${t.status} <> 'paid' or ${t.amount} > 0)`,
    ),
    check("referral_rewards_not_self", sql`${t.referrerId} <> ${t.referredUserId}`),
  ],
);
