// Referrals (ADR 0084): the operator's reward, the decision on a referred member's first credited
// deposit (inside the crediting transaction, exactly once), and what the member's page shows:
// their link and counts only — never who joined.
import { and, count, eq, sql } from "drizzle-orm";
import { referralRewards, settings, users } from "../../../db/schema/index.ts";
import { type Db, withTx } from "../../db/client.server.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { getSystemBalance, postEntry } from "../ledger/ledger.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { notify } from "../notifications/notifications.server.ts";
import { isRewardAsset, mailboxOf, type ReferralReward, referralMessages } from "./rules.ts";

const REWARD_SETTING = "referral.reward";

/** The reward the operator set, or null (no reward: nothing is offered or shown). */
export async function getReferralReward(db: Db): Promise<ReferralReward | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, REWARD_SETTING));
  const value = row?.value as { asset?: unknown; amountMinor?: unknown } | undefined;
  if (!value || !isRewardAsset(value.asset) || typeof value.amountMinor !== "string") return null;
  if (!/^[1-9]\d{0,20}$/.test(value.amountMinor)) return null;
  return { asset: value.asset, amountMinor: BigInt(value.amountMinor) };
}

/** Sets (or, with null, withdraws) the reward. Paid from the real rewards pool of its asset. */
export async function setReferralReward(db: Db, reward: ReferralReward | null): Promise<void> {
  if (reward === null) {
    await db.delete(settings).where(eq(settings.key, REWARD_SETTING));
    return;
  }
  if (!isRewardAsset(reward.asset) || reward.amountMinor <= 0n)
    throw new RangeError("A referral reward is a positive amount of a crypto asset.");
  const value = { asset: reward.asset, amountMinor: reward.amountMinor.toString() };
  await db
    .insert(settings)
    .values({ key: REWARD_SETTING, value, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The reward a member is offered: only one the operator set AND funded (the pool holds it). */
export async function fundedReward(db: Db): Promise<ReferralReward | null> {
  const reward = await getReferralReward(db);
  if (!reward) return null;
  const pool = await getSystemBalance(db, { ledger: "real", kind: "rewards_pool", asset: reward.asset });
  return pool >= reward.amountMinor ? reward : null;
}

const amountText = (r: ReferralReward) =>
  `${formatAmount(r.amountMinor, r.asset, { grouping: true })} ${r.asset}`;

export type ReferralOutcome = "paid" | "unfunded" | "none" | "refused" | "decided-before" | "not-referred";

/**
 * Call inside the transaction that credits a real deposit. On the referred member's first credited
 * deposit, decides the referrer's reward once, for good: the row keyed by the referred member is
 * claimed first (a second crediting, a retry or another server finds it and does nothing). The
 * reward moves rewards_pool → the referrer's available in one entry; a pool that cannot pay leaves
 * the reward unpaid and tells every admin. A self-referral (the same member, or the same mailbox
 * under another address) is never paid.
 */
export async function settleReferralOnDeposit(
  tx: Db,
  input: { userId: string; depositId: bigint },
): Promise<ReferralOutcome> {
  const [member] = await tx
    .select({ referredBy: users.referredBy, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member?.referredBy) return "not-referred";
  const [referrer] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, member.referredBy));
  if (!referrer) return "not-referred";
  // Sign-up never records a member as their own referrer; were it ever so, there is nothing to pay.
  if (referrer.id === input.userId) return "refused";
  const self = referrer.id === input.userId || mailboxOf(referrer.email) === mailboxOf(member.email);
  const reward = self ? null : await getReferralReward(tx);
  const status = self ? "refused" : reward ? "paid" : "none";
  const base = { referredUserId: input.userId, referrerId: referrer.id, depositId: input.depositId };
  if (status !== "paid" || !reward) {
    const claimed = await tx
      .insert(referralRewards)
      .values({ ...base, status })
      .onConflictDoNothing()
      .returning({ id: referralRewards.referredUserId });
    return claimed.length > 0 ? status : "decided-before";
  }
  // Claimed before paying: the claim's row lock makes a racing crediting wait, then find it.
  const claimed = await tx
    .insert(referralRewards)
    .values({ ...base, status: "unfunded", asset: reward.asset, amount: reward.amountMinor })
    .onConflictDoNothing()
    .returning({ id: referralRewards.referredUserId });
  if (claimed.length === 0) return "decided-before";
  const amount = amountText(reward);
  try {
    // A savepoint: a pool too small refuses the entry without failing the deposit's transaction.
    const entry = await withTx(tx, (sp) =>
      postEntry(sp, {
        idempotencyKey: `referral:${input.userId}`,
        code: "transfer",
        ledger: "real",
        postings: [
          { account: { system: "rewards_pool", asset: reward.asset }, amount: -reward.amountMinor },
          {
            account: { userId: referrer.id, kind: "available", asset: reward.asset },
            amount: reward.amountMinor,
          },
        ],
        operation: {
          create: {
            userId: referrer.id,
            type: "reward",
            status: "completed",
            asset: reward.asset,
            amount: reward.amountMinor,
            references: { method: "Referral reward" },
          },
        },
      }),
    );
    await tx
      .update(referralRewards)
      .set({ status: "paid", entryId: entry.entryId })
      .where(eq(referralRewards.referredUserId, input.userId));
    await notify(tx, {
      userId: referrer.id,
      key: `referral:${input.userId}:paid`,
      kind: "referral",
      title: referralMessages.paidTitle(amount),
      link: "/referrals",
    });
    await enqueueEmail(tx, `referral:${input.userId}:paid`, {
      to: referrer.email,
      template: "referral-reward",
      data: { name: referrer.name, amount },
    });
    return "paid";
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    for (const admin of admins)
      await notify(tx, {
        userId: admin.id,
        key: `referral:${input.userId}:unfunded:${admin.id}`,
        kind: "referral",
        title: referralMessages.unfundedTitle,
        body: referralMessages.unfundedBody(amount),
        link: "/admin/earn",
      });
    return "unfunded";
  }
}

export interface ReferralPageView {
  code: string | null;
  /** Members who signed up through the link. */
  joined: number;
  /** Of them, how many have had a first deposit credited. */
  deposited: number;
  /** Rewards paid to this member, per asset (formatted). */
  earned: string[];
  /** The reward on offer now: only a funded one. */
  offer: string | null;
}

/** The member's own referral figures: counts only, never who. */
export async function referralPage(db: Db, userId: string): Promise<ReferralPageView> {
  const [[me], [joined], deposited, offer] = await Promise.all([
    db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(users).where(eq(users.referredBy, userId)),
    db
      .select({
        status: referralRewards.status,
        asset: referralRewards.asset,
        amount: referralRewards.amount,
      })
      .from(referralRewards)
      .where(and(eq(referralRewards.referrerId, userId), sql`${referralRewards.status} <> 'refused'`)),
    fundedReward(db),
  ]);
  const earned = new Map<string, bigint>();
  for (const r of deposited)
    if (r.status === "paid" && r.asset && r.amount)
      earned.set(r.asset, (earned.get(r.asset) ?? 0n) + r.amount);
  return {
    code: me?.code ?? null,
    joined: Number(joined?.n ?? 0),
    deposited: deposited.length,
    earned: [...earned].map(([asset, minor]) =>
      amountText({ asset: asset as ReferralReward["asset"], amountMinor: minor }),
    ),
    offer: offer ? amountText(offer) : null,
  };
}
