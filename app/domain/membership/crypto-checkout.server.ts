// Paying the membership from the member's real balance (ADR 0070). A quote is priced from the
// cached market data like a swap quote (the same price reading and staleness rule), stored as a
// billing_checkouts row that expires, and paid by one ledger entry keyed by the checkout id — so a
// double click or a retry pays once, and an expired quote, a demo session or a short balance pays
// nothing.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { billingCheckouts, subscriptions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getUsdPrice } from "../market-data/cache.server.ts";
import { quoteExpiresAt } from "../swap/rules.ts";
import {
  type CryptoPayAsset,
  cryptoAmountFor,
  isCryptoPayAsset,
  cryptoCheckoutMessages as m,
  payAmountText,
} from "./crypto-rules.ts";
import { liveSubscription, type Subscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { addPeriod, type BillingPeriod, isForSale, type Plan, priceFor, prorationCredit } from "./plans.ts";

export type Checkout = typeof billingCheckouts.$inferSelect;

/** The signed-in member and the account mode of their session (a demo session cannot pay). */
export interface CheckoutMember {
  userId: string;
  mode: Ledger;
}

export interface QuoteSettings {
  /** How long a quote holds (SWAP_QUOTE_SECONDS: a membership quote holds like a swap quote). */
  quoteSeconds: number;
  /** Prices older than this are stale (MARKET_DATA_STALE_SECONDS). */
  staleSeconds: number;
}

// ---------------------------------------------------------------------------------------------
// What paying now would do, given the member's live subscription

export type Situation =
  /** No live membership: a period from now. */
  | { kind: "new"; start: Date; creditMinor: 0n; replaces: null }
  /** The same plan and period again (a renewal, or a past-due one): from the current period's end. */
  | { kind: "renewal"; start: Date; creditMinor: 0n; replaces: Subscription }
  /** Another period (monthly → yearly): from now, the unused part of the current period credited. */
  | { kind: "switch"; start: Date; creditMinor: bigint; replaces: Subscription }
  | { kind: "refused"; message: string };

/** Pure: what a crypto payment for `plan`/`period` means for the member's live subscription at `now`. */
export function situationFor(
  sub: Subscription | null,
  plan: Plan,
  period: BillingPeriod,
  now: Date,
): Situation {
  const lapsed = sub && sub.status === "active" && sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now;
  if (!sub || lapsed) return { kind: "new", start: now, creditMinor: 0n, replaces: null };
  if (sub.method === "card") return { kind: "refused", message: m.cardManaged };
  if (sub.planId === plan.id && sub.period === period) {
    return { kind: "renewal", start: sub.currentPeriodEnd, creditMinor: 0n, replaces: sub };
  }
  const creditMinor =
    sub.status === "active"
      ? prorationCredit({
          priceMinor: sub.priceMinor,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          now,
        })
      : 0n;
  if (creditMinor >= priceFor(plan, period, now)) return { kind: "refused", message: m.shorterPeriod };
  return { kind: "switch", start: now, creditMinor, replaces: sub };
}

// ---------------------------------------------------------------------------------------------
// The page

export interface PayAssetView {
  asset: CryptoPayAsset;
  availableMinor: string;
  /** USD per unit (exact text); null when there is no fresh price. */
  priceUsd: string | null;
  /** What the period would cost in this asset at the cached price (rounded up), minor units. */
  estimateMinor: string | null;
}

export type CheckoutView =
  | { ok: false; message: string; planName: string | null }
  | {
      ok: true;
      plan: { id: string; name: string };
      period: BillingPeriod;
      kind: "new" | "renewal" | "switch";
      /** USD cents: the period's price, the credit, and what is paid. */
      priceMinor: string;
      creditMinor: string;
      amountMinor: string;
      periodStart: string;
      periodEnd: string;
      /** The live subscription's current period end, for a renewal or a switch. */
      currentPeriodEnd: string | null;
      pastDue: boolean;
      assets: PayAssetView[];
      pricesStale: boolean;
    };

/** The checkout page: what paying would buy and cost, and each balance it can be paid from. */
export async function cryptoCheckoutView(
  db: Db,
  member: CheckoutMember,
  input: { planId: string; period: BillingPeriod; now: Date; staleSeconds: number },
): Promise<CheckoutView> {
  const plan = await getPlan(db, input.planId);
  if (!isForSale(plan)) return { ok: false, message: m.notOffered, planName: null };
  const situation = situationFor(await liveSubscription(db, member.userId), plan, input.period, input.now);
  if (situation.kind === "refused") return { ok: false, message: situation.message, planName: plan.name };
  const priceMinor = priceFor(plan, input.period, situation.start);
  const amountMinor = priceMinor - situation.creditMinor;
  const balances = await getBalances(db, { ledger: "real", userId: member.userId });
  let pricesStale = false;
  const assets: PayAssetView[] = [];
  for (const asset of ["USD", "USDT", "BTC"] as const) {
    const price = await getUsdPrice(db, asset, { now: input.now, staleSeconds: input.staleSeconds });
    const fresh = price && !price.stale ? price.priceUsd : null;
    if (!fresh) pricesStale = true;
    assets.push({
      asset,
      availableMinor: balances[asset].available.toString(),
      priceUsd: fresh,
      estimateMinor: fresh ? cryptoAmountFor(amountMinor, asset, fresh).toString() : null,
    });
  }
  return {
    ok: true,
    plan: { id: plan.id, name: plan.name },
    period: input.period,
    kind: situation.kind,
    priceMinor: priceMinor.toString(),
    creditMinor: situation.creditMinor.toString(),
    amountMinor: amountMinor.toString(),
    periodStart: situation.start.toISOString(),
    periodEnd: addPeriod(situation.start, input.period).toISOString(),
    currentPeriodEnd: situation.replaces?.currentPeriodEnd.toISOString() ?? null,
    pastDue: situation.replaces?.status === "past_due",
    assets,
    pricesStale,
  };
}

// ---------------------------------------------------------------------------------------------
// Quoting

export interface CheckoutQuoteView {
  id: string;
  asset: CryptoPayAsset;
  cryptoAmountMinor: string;
  /** "0.03210000 BTC": exactly what leaves the balance. */
  payText: string;
  amountMinor: string;
  creditMinor: string;
  priceUsd: string;
  pricesAsOf: string;
  expiresAt: string;
  /** The server's clock when it answered (the countdown runs on the quote's life). */
  serverNow: string;
}

export type QuoteCheckoutResult =
  | { ok: true; quote: CheckoutQuoteView }
  | { ok: false; status: 400 | 403 | 409 | 500; message: string; field?: "asset" };

/** Prices the member's payment in the asset they chose and stores the quote; refuses with a clear message. */
export async function quoteCryptoCheckout(
  db: Db,
  member: CheckoutMember,
  input: { planId: string; period: BillingPeriod; asset: unknown },
  settings: QuoteSettings & { now: Date },
): Promise<QuoteCheckoutResult> {
  if (member.mode === "demo") return { ok: false, status: 403, message: m.demo };
  if (!isCryptoPayAsset(input.asset))
    return { ok: false, status: 400, message: m.chooseAsset, field: "asset" };
  const asset = input.asset;
  try {
    const plan = await getPlan(db, input.planId);
    if (!isForSale(plan)) return { ok: false, status: 409, message: m.notOffered };
    const live = await liveSubscription(db, member.userId);
    const situation = situationFor(live, plan, input.period, settings.now);
    if (situation.kind === "refused") return { ok: false, status: 409, message: situation.message };
    const usdMinor = priceFor(plan, input.period, situation.start) - situation.creditMinor;
    const available = (await getBalances(db, { ledger: "real", userId: member.userId }))[asset].available;
    if (available <= 0n) return { ok: false, status: 400, message: m.noBalance(asset), field: "asset" };
    const price = await getUsdPrice(db, asset, { now: settings.now, staleSeconds: settings.staleSeconds });
    if (!price || price.stale) return { ok: false, status: 409, message: m.stalePrices };
    const cryptoAmount = cryptoAmountFor(usdMinor, asset, price.priceUsd);
    if (available < cryptoAmount) {
      const message = m.balanceLow(payAmountText(available, asset), payAmountText(cryptoAmount, asset));
      return { ok: false, status: 400, message, field: "asset" };
    }
    const [row] = await db
      .insert(billingCheckouts)
      .values({
        id: randomBytes(16).toString("base64url"),
        userId: member.userId,
        planId: plan.id,
        period: input.period,
        method: "crypto",
        amountMinor: usdMinor,
        creditMinor: situation.creditMinor,
        replacesSubscriptionId: situation.replaces?.id ?? null,
        cryptoAsset: asset,
        cryptoAmount,
        priceUsd: price.priceUsd,
        pricesAsOf: new Date(price.asOf),
        createdAt: settings.now,
        expiresAt: quoteExpiresAt(settings.now, settings.quoteSeconds),
      })
      .returning();
    if (!row) throw new Error("checkout insert returned nothing");
    return { ok: true, quote: quoteView(row, settings.now) };
  } catch (error) {
    log.error("membership quote failed", { error });
    return { ok: false, status: 500, message: m.unexpected };
  }
}

function quoteView(row: Checkout, now: Date): CheckoutQuoteView {
  const asset = row.cryptoAsset as CryptoPayAsset;
  const cryptoAmount = row.cryptoAmount ?? 0n;
  return {
    id: row.id,
    asset,
    cryptoAmountMinor: cryptoAmount.toString(),
    payText: payAmountText(cryptoAmount, asset),
    amountMinor: row.amountMinor.toString(),
    creditMinor: row.creditMinor.toString(),
    priceUsd: row.priceUsd ?? "",
    pricesAsOf: (row.pricesAsOf ?? row.createdAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    serverNow: now.toISOString(),
  };
}

export async function getCheckout(db: Db, userId: string, checkoutId: string): Promise<Checkout | null> {
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(and(eq(billingCheckouts.id, checkoutId), eq(billingCheckouts.userId, userId)));
  return row ?? null;
}
