// The membership lifecycle (ADR 0070): renewal reminders, crypto renewals from the balance,
// past due with grace, expiry, price change notices. Each step handles one subscription per
// transaction, claimed with FOR UPDATE SKIP LOCKED and re-checked under the lock, so several app
// servers running it at once share the work and never charge twice; the ledger's idempotency key
// per subscription and period end is the backstop.
import { and, asc, eq, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { subscriptions, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { formatDate } from "../dates.ts";
import { publishAccountEvent } from "../events/account-events.server.ts";
import { InsufficientFundsError } from "../ledger/errors.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import { chargeFromBalance, sellerDetails } from "./charge.server.ts";
import {
  type CryptoPayAsset,
  cryptoAmountFor,
  graceEndFor,
  isCryptoPayAsset,
  payAmountText,
  reminderDueAt,
  usdText,
} from "./crypto-rules.ts";
import type { MembershipEmail } from "./emails.ts";
import type { Subscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { addPeriod, days, GRACE_DAYS, priceFor, RENEWAL_REMINDER_DAYS } from "./plans.ts";

export interface LifecycleOptions {
  now: Date;
  /** Prices older than this are stale (MARKET_DATA_STALE_SECONDS): a renewal waits for fresh ones. */
  staleSeconds: number;
  /** One member only (tests, the test-only endpoint); the job never passes it. */
  userId?: string;
  /** Printed on invoices; the configured brand by default. */
  seller?: Record<string, unknown>;
  limit?: number;
}

/** A past-due renewal is tried again this long after the last attempt. */
const RETRY_MS = days(1);

const forMember = (userId: string | undefined) =>
  userId === undefined ? undefined : eq(subscriptions.userId, userId);

/** Ids matching `where`, oldest due first: candidates only, each is re-checked under its lock. */
async function candidates(db: Db, where: SQL | undefined, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(where)
    .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Claims one subscription for this transaction if it still matches `where`; another server's is skipped. */
async function claim(tx: Db, id: string, where: SQL | undefined): Promise<Subscription | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), where))
    .for("update", { skipLocked: true });
  return row ?? null;
}

async function memberOf(tx: Db, userId: string) {
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Queues one membership e-mail to the member (`name` filled in), keyed so it is sent once. */
export async function queueMembershipEmail(
  tx: Db,
  userId: string,
  key: string,
  email: (name: string) => MembershipEmail,
) {
  const user = await memberOf(tx, userId);
  if (!user) return false;
  return enqueueEmail(tx, key, { ...email(user.name), to: user.email });
}

/** Runs `step` for each id, one transaction each; a failure is logged and retried on the next pass. */
async function each<T extends string>(ids: string[], step: (id: string) => Promise<T>) {
  const done: Partial<Record<T | "failed", number>> = {};
  for (const id of ids) {
    let outcome: T | "failed";
    try {
      outcome = await step(id);
    } catch (error) {
      log.error("membership job step failed", { subscription: id, error: String(error) });
      outcome = "failed";
    }
    done[outcome] = (done[outcome] ?? 0) + 1;
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// Reminders

const reminderDue = (now: Date) =>
  and(
    eq(subscriptions.method, "crypto"),
    eq(subscriptions.status, "active"),
    eq(subscriptions.cancelAtPeriodEnd, false),
    sql`${subscriptions.currentPeriodEnd} > ${now}`,
    lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + days(RENEWAL_REMINDER_DAYS))),
    or(
      isNull(subscriptions.reminderSentFor),
      ne(subscriptions.reminderSentFor, subscriptions.currentPeriodEnd),
    ),
  );

/** Announces each crypto renewal RENEWAL_REMINDER_DAYS before it takes the balance: once per period. */
export async function sendRenewalReminders(db: Db, o: LifecycleOptions) {
  const where = reminderDue(o.now);
  const ids = await candidates(db, and(where, forMember(o.userId)), o.limit);
  return each(ids, (id) =>
    withTx(db, async (tx) => {
      const sub = await claim(tx, id, where);
      const plan = sub && (await getPlan(tx, sub.planId));
      if (!sub || !plan || !isCryptoPayAsset(sub.cryptoAsset)) return "skipped" as const;
      const asset: CryptoPayAsset = sub.cryptoAsset;
      const end = sub.currentPeriodEnd;
      if (reminderDueAt(end, RENEWAL_REMINDER_DAYS) > o.now) return "skipped" as const;
      const usdMinor = priceFor(plan, sub.period, end);
      const price = await getUsdPrice(tx, asset, { now: o.now, staleSeconds: o.staleSeconds });
      const estimate =
        asset !== "USD" && price && !price.stale
          ? payAmountText(cryptoAmountFor(usdMinor, asset, price.priceUsd), asset)
          : null;
      await queueMembershipEmail(
        tx,
        sub.userId,
        `membership:${sub.id}:reminder:${end.toISOString()}`,
        (name) => ({
          template: "membership-renewal-reminder",
          data: {
            name,
            plan: plan.name,
            date: formatDate(end),
            amount: usdText(usdMinor),
            asset,
            estimate,
          },
        }),
      );
      await tx.update(subscriptions).set({ reminderSentFor: end }).where(eq(subscriptions.id, sub.id));
      return "reminded" as const;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Renewals from the balance, and their daily retries while past due

const renewalDue = (now: Date) =>
  and(
    eq(subscriptions.method, "crypto"),
    eq(subscriptions.cancelAtPeriodEnd, false),
    or(
      and(eq(subscriptions.status, "active"), lte(subscriptions.currentPeriodEnd, now)),
      and(
        eq(subscriptions.status, "past_due"),
        sql`${subscriptions.graceUntil} > ${now}`,
        lte(subscriptions.updatedAt, new Date(now.getTime() - RETRY_MS)),
      ),
    ),
  );

export type RenewalOutcome = "renewed" | "past_due" | "retry_failed" | "stale" | "skipped";

/**
 * Renews one due crypto subscription: the next period, priced at the plan's price for it (a
 * scheduled change applies) and converted at the cached price now, taken from the balance with
 * the key `membership.renewal:<id>:<period end>` — the same key on every retry of that period, so
 * it is paid once. Stale prices: left for a later pass rather than guessed. A short balance:
 * past due with GRACE_DAYS of access and an e-mail (once), then retried daily.
 */
export async function renewSubscription(db: Db, id: string, o: LifecycleOptions): Promise<RenewalOutcome> {
  const where = renewalDue(o.now);
  return withTx(db, async (tx) => {
    const sub = await claim(tx, id, where);
    const plan = sub && (await getPlan(tx, sub.planId));
    if (!sub || !plan || !isCryptoPayAsset(sub.cryptoAsset)) return "skipped";
    const asset: CryptoPayAsset = sub.cryptoAsset;
    const start = sub.currentPeriodEnd;
    const usdMinor = priceFor(plan, sub.period, start);
    const price = await getUsdPrice(tx, asset, { now: o.now, staleSeconds: o.staleSeconds });
    if (!price || price.stale) return "stale";
    const cryptoAmount = cryptoAmountFor(usdMinor, asset, price.priceUsd);
    try {
      // A savepoint: a short balance undoes the half-written payment (and its invoice number) only.
      await withTx(tx, (sp) =>
        chargeFromBalance(sp, {
          userId: sub.userId,
          plan,
          period: sub.period,
          asset,
          cryptoAmount,
          usdMinor,
          creditMinor: 0n,
          periodStart: start,
          periodEnd: addPeriod(start, sub.period),
          idempotencyKey: `membership.renewal:${sub.id}:${start.toISOString()}`,
          seller: o.seller ?? sellerDetails(),
        }),
      );
      return "renewed";
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
    }
    if (sub.status === "past_due") {
      await tx.update(subscriptions).set({ updatedAt: o.now }).where(eq(subscriptions.id, sub.id));
      return "retry_failed";
    }
    const graceUntil = graceEndFor(start, GRACE_DAYS);
    await tx
      .update(subscriptions)
      .set({ status: "past_due", graceUntil, updatedAt: o.now })
      .where(eq(subscriptions.id, sub.id));
    await queueMembershipEmail(
      tx,
      sub.userId,
      `membership:${sub.id}:past-due:${start.toISOString()}`,
      (name) => ({
        template: "membership-past-due",
        data: {
          name,
          plan: plan.name,
          amount: `${usdText(usdMinor)} (${payAmountText(cryptoAmount, asset)})`,
          asset,
          graceUntil: formatDate(graceUntil),
        },
      }),
    );
    await publishAccountEvent(tx, sub.userId, {
      kind: "membership",
      id: sub.id,
      status: "past_due",
      asset,
      amountMinor: cryptoAmount.toString(),
    });
    return "past_due";
  });
}

export async function renewDueSubscriptions(db: Db, o: LifecycleOptions) {
  const ids = await candidates(db, and(renewalDue(o.now), forMember(o.userId)), o.limit);
  return each(ids, (id) => renewSubscription(db, id, o));
}

// ---------------------------------------------------------------------------------------------
// Expiry

const expiryDue = (now: Date) =>
  or(
    // A crypto membership cancelled at its period's end (a card's follows the provider's webhook).
    and(
      eq(subscriptions.method, "crypto"),
      eq(subscriptions.status, "active"),
      eq(subscriptions.cancelAtPeriodEnd, true),
      lte(subscriptions.currentPeriodEnd, now),
    ),
    // Grace over and still unpaid — card ones too, should the provider's last word never arrive.
    and(eq(subscriptions.status, "past_due"), lte(subscriptions.graceUntil, now)),
  );

/** Ends memberships whose access is over: back to the Standard plan, with an e-mail. */
export async function expireLapsedSubscriptions(db: Db, o: LifecycleOptions) {
  const where = expiryDue(o.now);
  const ids = await candidates(db, and(where, forMember(o.userId)), o.limit);
  return each(ids, (id) =>
    withTx(db, async (tx) => {
      const sub = await claim(tx, id, where);
      if (!sub) return "skipped" as const;
      const cancelled = sub.status === "active";
      const endedAt = cancelled ? sub.currentPeriodEnd : (sub.graceUntil ?? o.now);
      await tx
        .update(subscriptions)
        .set({ status: "expired", endedAt, updatedAt: o.now })
        .where(eq(subscriptions.id, sub.id));
      const plan = await getPlan(tx, sub.planId);
      await queueMembershipEmail(tx, sub.userId, `membership:${sub.id}:expired`, (name) => ({
        template: "membership-expired",
        data: { name, plan: plan?.name ?? sub.planId, reason: cancelled ? "cancelled" : "unpaid" },
      }));
      return "expired" as const;
    }),
  );
}
