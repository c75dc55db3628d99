// What a member does with their own membership on Settings → Billing (ADR 0070): see it, cancel it
// at the period's end, take the cancellation back, switch monthly ↔ yearly. A crypto membership is
// ours alone and changes here at once; a card membership is changed at the provider, and our row
// follows when the provider's webhook reports it. Each change is audited.
import { and, eq, inArray } from "drizzle-orm";
import { subscriptions } from "../../../db/schema/index.ts";
import { getConfig } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type AuditContext, recordAudit } from "../accounts/audit.server.ts";
import { formatDate } from "../dates.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { situationFor } from "./crypto-checkout.server.ts";
import { PERIOD_NOUNS, usdText } from "./crypto-rules.ts";
import { queueMembershipEmail } from "./lifecycle.server.ts";
import { liveSubscription, type Subscription } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import type { BillingPeriod } from "./plans.ts";
import { priceFor } from "./plans.ts";
import { getBillingProvider } from "./provider.server.ts";

export interface MemberRequest {
  userId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The card provider; the configured one by default (built only when a card membership needs it). */
  provider?: () => BillingProvider;
  now?: Date;
}

export type ManageResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 409 | 502; message: string };

export type SwitchResult =
  | { ok: true; message: string }
  /** Crypto monthly → yearly: a payment from the balance (less the credit) on the crypto checkout. */
  | { ok: "checkout"; href: string }
  | { ok: false; status: 400 | 409 | 502; message: string };

const providerFailed = {
  ok: false as const,
  status: 502 as const,
  message: "Our card processor did not answer. Nothing was changed; please try again in a minute.",
};

function auditContext(request: MemberRequest, now: Date): AuditContext {
  return { ip: request.ip, userAgent: request.userAgent, clock: { now: () => now } };
}

/** Whether the membership still gives access: a cancel or resume after that is moot. */
function running(sub: Subscription, now: Date): boolean {
  const end = sub.status === "past_due" ? sub.graceUntil : sub.currentPeriodEnd;
  return end !== null && now.getTime() < end.getTime();
}

const accessEnd = (sub: Subscription) =>
  (sub.status === "past_due" ? sub.graceUntil : null) ?? sub.currentPeriodEnd;

/** Asks the card provider; false when it did not answer (nothing changes then). */
async function atProvider(request: MemberRequest, db: Db, call: (p: BillingProvider) => Promise<void>) {
  try {
    const provider = request.provider ? request.provider() : getBillingProvider(db, getConfig());
    await call(provider);
    return true;
  } catch {
    return false;
  }
}

/**
 * Cancels at the end of the paid period (during a grace, at its end): access continues until
 * then and nothing renews. Crypto: at once, with an e-mail saying until when. Card: the provider
 * is told, and its webhook updates the membership.
 */
export async function cancelMembership(db: Db, request: MemberRequest): Promise<ManageResult> {
  const now = request.now ?? new Date();
  const sub = await liveSubscription(db, request.userId);
  if (!sub || !running(sub, now))
    return { ok: false, status: 409, message: "You have no membership to cancel." };
  const until = formatDate(accessEnd(sub));
  if (sub.cancelAtPeriodEnd)
    return { ok: true, message: `Your membership is already cancelled. It ends on ${until}.` };
  if (sub.method === "card") {
    const told = await atProvider(request, db, (p) =>
      p.setCancelAtPeriodEnd({ subscriptionId: sub.providerSubscriptionId ?? "", cancel: true }),
    );
    if (!told || !sub.providerSubscriptionId) return providerFailed;
    await recordAudit(db, auditContext(request, now), "membership-cancelled", request.userId, {
      subscriptionId: sub.id,
      method: "card",
    });
    return { ok: true, message: `Cancelled. Your membership stays active until ${until}.` };
  }
  return withTx(db, async (tx) => {
    const locked = await liveSubscription(tx, request.userId, { lock: true });
    if (!locked || locked.id !== sub.id)
      return {
        ok: false as const,
        status: 409 as const,
        message: "Your membership changed. Please try again.",
      };
    await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    await recordAudit(tx, auditContext(request, now), "membership-cancelled", request.userId, {
      subscriptionId: sub.id,
      method: "crypto",
      until: accessEnd(locked).toISOString(),
    });
    const plan = await getPlan(tx, sub.planId);
    await queueMembershipEmail(
      tx,
      sub.userId,
      `membership:${sub.id}:cancelled:${sub.currentPeriodEnd.toISOString()}`,
      (name) => ({ template: "membership-cancelled", data: { name, plan: plan?.name ?? sub.planId, until } }),
    );
    return { ok: true as const, message: `Cancelled. Your membership stays active until ${until}.` };
  });
}

/** Takes a cancellation back while access lasts: the membership renews again. */
export async function resumeMembership(db: Db, request: MemberRequest): Promise<ManageResult> {
  const now = request.now ?? new Date();
  const sub = await liveSubscription(db, request.userId);
  if (!sub || !running(sub, now))
    return { ok: false, status: 409, message: "You have no membership to resume." };
  const renews = `Resumed. Your membership renews on ${formatDate(sub.currentPeriodEnd)}.`;
  if (!sub.cancelAtPeriodEnd) return { ok: true, message: "Your membership renews as before." };
  if (sub.method === "card") {
    const told = await atProvider(request, db, (p) =>
      p.setCancelAtPeriodEnd({ subscriptionId: sub.providerSubscriptionId ?? "", cancel: false }),
    );
    if (!told || !sub.providerSubscriptionId) return providerFailed;
  } else {
    await db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
  }
  await recordAudit(db, auditContext(request, now), "membership-resumed", request.userId, {
    subscriptionId: sub.id,
    method: sub.method,
  });
  return {
    ok: true,
    message: sub.status === "past_due" ? "Resumed. We will try the renewal again." : renews,
  };
}

/**
 * Monthly ↔ yearly. Card: the provider prorates and reports the new period by webhook. Crypto:
 * to a period the credit does not cover (monthly → yearly), a payment on the crypto checkout,
 * which shows the credit before confirming; to a shorter one (yearly → monthly, whose price the
 * credit would exceed), the next renewal is monthly — nothing is paid or refunded now.
 */
export async function switchPeriod(
  db: Db,
  request: MemberRequest & { period: BillingPeriod },
): Promise<SwitchResult> {
  const now = request.now ?? new Date();
  const sub = await liveSubscription(db, request.userId);
  const plan = sub ? await getPlan(db, sub.planId) : null;
  if (!sub || !plan || sub.status !== "active" || !running(sub, now) || sub.cancelAtPeriodEnd) {
    return { ok: false, status: 409, message: "Only an active membership that renews can switch." };
  }
  if (sub.period === request.period) {
    return { ok: false, status: 400, message: `You already pay ${request.period}.` };
  }
  const audit = () =>
    recordAudit(db, auditContext(request, now), "membership-period-switch", request.userId, {
      subscriptionId: sub.id,
      method: sub.method,
      from: sub.period,
      to: request.period,
    });
  if (sub.method === "card") {
    // To yearly the new period starts now; to monthly it starts at the renewal, at that day's price.
    const amountMinor = priceFor(
      plan,
      request.period,
      request.period === "yearly" ? now : sub.currentPeriodEnd,
    );
    const told = await atProvider(request, db, (p) =>
      p.changePeriod({
        subscriptionId: sub.providerSubscriptionId ?? "",
        period: request.period,
        amountMinor,
      }),
    );
    if (!told || !sub.providerSubscriptionId) return providerFailed;
    await audit();
    return {
      ok: true,
      message: `Switching to ${request.period} billing: your card processor confirms it in a moment.`,
    };
  }
  if (situationFor(sub, plan, request.period, now).kind === "switch") {
    const query = new URLSearchParams({ plan: plan.id, period: request.period });
    return { ok: "checkout", href: `/billing/checkout/crypto?${query.toString()}` };
  }
  await db
    .update(subscriptions)
    .set({ period: request.period, updatedAt: now })
    .where(eq(subscriptions.id, sub.id));
  await audit();
  const price = usdText(priceFor(plan, request.period, sub.currentPeriodEnd));
  return {
    ok: true,
    message: `From your renewal on ${formatDate(sub.currentPeriodEnd)} you pay ${request.period}: ${price} a ${PERIOD_NOUNS[request.period]}.`,
  };
}
