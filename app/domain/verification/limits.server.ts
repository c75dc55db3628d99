// The verification limits, enforced by the server in the money flows (ADR 0082). What counts as
// used in a window: withdrawals requested in it that are not undone (unconfirmed, pending, approved,
// completed — rejected, cancelled and expired ones free their room) and deposits credited in it.
// Each counts at the US-cent value stored on its row when it was requested or credited: the latest
// price in the market cache (CoinGecko, or the sample provider offline), rounded up; USD is itself.
//
// Checks that decide run inside the money flow's transaction after a per-member lock (the
// withdrawal request's advisory lock, or this module's for deposits), so two servers racing two
// requests near the limit see each other's and cannot both pass.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { deposits, verificationProfiles, withdrawals } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import type { Asset } from "../money/assets.ts";
import { valueInUsdMinor } from "../money/conversion.ts";
import {
  exceeded,
  type LimitFlow,
  type LimitUse,
  type LimitWindow,
  limitKey,
  limitRefusal,
  remaining,
  type Tier,
  tightest,
  verificationMessages,
  WINDOW_HOURS,
  WINDOW_WORDS,
} from "./rules.ts";
import { getLimits } from "./settings.server.ts";

/** Withdrawal statuses whose value counts against the limit. */
export const COUNTED_WITHDRAWAL_STATUSES = Object.freeze([
  "unconfirmed",
  "pending",
  "approved",
  "completed",
] as const);

export async function tierOf(db: Db, userId: string): Promise<Tier> {
  const [row] = await db
    .select({ tier: verificationProfiles.tier })
    .from(verificationProfiles)
    .where(eq(verificationProfiles.userId, userId));
  return (row?.tier ?? 0) as Tier;
}

/** US cents `amount` of `asset` counts for: the latest cached price, rounded up; null without one. */
export async function limitValueOf(db: Db, asset: Asset, amount: bigint): Promise<bigint | null> {
  if (asset === "USD") return amount;
  const price = await getUsdPrice(db, asset);
  if (!price?.priceUsd) return null;
  return valueInUsdMinor(amount, asset, price.priceUsd, "up");
}

async function usedIn(db: Db, userId: string, flow: LimitFlow, since: Date): Promise<bigint> {
  if (flow === "withdrawal") {
    const [row] = await db
      .select({
        used: sql<string>`coalesce(sum(coalesce(${withdrawals.limitValue}, ${withdrawals.usdValue}, 0)), 0)`,
      })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.userId, userId),
          inArray(withdrawals.status, [...COUNTED_WITHDRAWAL_STATUSES]),
          gt(withdrawals.createdAt, since),
        ),
      );
    return BigInt(row?.used ?? "0");
  }
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(coalesce(${deposits.limitValue}, 0)), 0)` })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, "credited"), gt(deposits.creditedAt, since)));
  return BigInt(row?.used ?? "0");
}

/** The member's tier and both windows of one flow: the limit and what is used at `now`. */
export async function limitUsage(
  db: Db,
  input: { userId: string; flow: LimitFlow; now?: Date },
): Promise<{ tier: Tier; uses: LimitUse[] }> {
  const now = input.now ?? new Date();
  const [tier, limits] = await Promise.all([tierOf(db, input.userId), getLimits(db)]);
  const uses: LimitUse[] = [];
  for (const window of ["day", "month"] as LimitWindow[]) {
    const since = new Date(now.getTime() - WINDOW_HOURS[window] * 3_600_000);
    uses.push({
      flow: input.flow,
      window,
      limit: limits[tier][limitKey(input.flow, window)],
      used: await usedIn(db, input.userId, input.flow, since),
    });
  }
  return { tier, uses };
}

/** The tightest window of the member's withdrawal limit, for the form's preview (cents as text). */
export async function withdrawalLimitView(db: Db, userId: string, now = new Date()) {
  const { tier, uses } = await limitUsage(db, { userId, flow: "withdrawal", now });
  const use = tightest(uses);
  if (!use) return null;
  return {
    tier,
    leftMinor: remaining(use).toString(),
    limitMinor: use.limit.toString(),
    window: WINDOW_WORDS[use.window],
  };
}

export type LimitCheck = { ok: true } | { ok: false; use: LimitUse; tier: Tier; message: string };

/** Whether `value` more fits both windows. Decisive only under the member's lock (see above). */
export async function checkLimit(
  db: Db,
  input: { userId: string; flow: LimitFlow; value: bigint; now?: Date },
): Promise<LimitCheck> {
  const { tier, uses } = await limitUsage(db, input);
  const over = exceeded(uses, input.value);
  return over ? { ok: false, use: over, tier, message: limitRefusal(over, tier) } : { ok: true };
}

/** An amount of an asset against the limit: its US-cent value when it fits, or the refusal's words. */
export async function checkAmountLimit(
  db: Db,
  input: { userId: string; flow: LimitFlow; asset: Asset; amount: bigint; now?: Date },
): Promise<{ ok: true; valueMinor: bigint } | { ok: false; message: string }> {
  const valueMinor = await limitValueOf(db, input.asset, input.amount);
  if (valueMinor === null) return { ok: false, message: verificationMessages.noPrice };
  const checked = await checkLimit(db, { ...input, value: valueMinor });
  return checked.ok ? { ok: true, valueMinor } : { ok: false, message: checked.message };
}

/** One member's deposit credits one at a time (inside the caller's transaction). */
export async function lockDepositLimit(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-limit:${userId}`}))`);
}

/** Thrown inside a money flow's transaction when the limit refuses: nothing is written. */
export class LimitExceededError extends Error {
  readonly use: LimitUse;
  readonly tier: Tier;
  constructor(message: string, use: LimitUse, tier: Tier) {
    super(message);
    this.name = "LimitExceededError";
    this.use = use;
    this.tier = tier;
  }
}

/** checkLimit that throws LimitExceededError (for use inside a transaction). */
export async function assertWithinLimit(
  tx: Db,
  input: { userId: string; flow: LimitFlow; value: bigint; now?: Date },
): Promise<void> {
  const checked = await checkLimit(tx, input);
  if (!checked.ok) throw new LimitExceededError(checked.message, checked.use, checked.tier);
}
