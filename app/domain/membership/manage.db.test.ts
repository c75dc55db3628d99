import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, membershipPlans, subscriptions } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, deposit, seller, setPrices } from "../../../tests/membership.ts";
import { billingPage } from "./billing-page.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { quoteCryptoCheckout } from "./crypto-checkout.server.ts";
import { payCryptoCheckout } from "./crypto-pay.server.ts";
import { cancelMembership, resumeMembership, switchPeriod } from "./manage.server.ts";
import { recordPaidPeriod } from "./membership.server.ts";
import { addPeriod, days } from "./plans.ts";

const t = setupTestDatabase();
const START = new Date("2026-11-01T10:00:00Z");
const later = (d: number) => new Date(START.getTime() + days(d));

async function cryptoMember(id: string, period: "monthly" | "yearly" = "monthly") {
  const userId = await addMember(t.db, id);
  await deposit(t.db, userId, "USD", "5000");
  await setPrices(t.db, START);
  const member = { userId, mode: "real" as const };
  const q = await quoteCryptoCheckout(
    t.db,
    member,
    { planId: "premium", period, asset: "USD" },
    { now: START, quoteSeconds: 30, staleSeconds: 600 },
  );
  if (!q.ok) throw new Error(q.message);
  await payCryptoCheckout(t.db, member, { checkoutId: q.quote.id }, { now: START, seller });
  return userId;
}

const audits = (userId: string, event: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)));

describe("Settings → Billing", () => {
  it("says each state: free, active with the next renewal, cancelled until its end, payment due until the grace ends, expired", async () => {
    const free = await addMember(t.db, "ov-free");
    expect(await billingPage(t.db, free, START)).toMatchObject({
      planName: "Standard",
      subscription: null,
      offer: { planId: "premium", monthly: "$250.00", yearly: "$3,000.00" },
      invoices: [],
    });

    const a = await cryptoMember("ov-active");
    const active = await billingPage(t.db, a, later(5));
    expect(active).toMatchObject({
      planName: "Premium",
      offer: null,
      subscription: {
        planName: "Premium",
        status: "active",
        method: "crypto",
        paymentMethod: "USD balance",
        period: "monthly",
        renewal: { date: "2026-12-01T10:00:00.000Z", amount: "$250.00" },
        payNowHref: null,
        switchTo: { to: "yearly", price: "$3,000.00" },
      },
    });
    expect(active.invoices).toHaveLength(1);
    expect(active.invoices[0]).toMatchObject({ amount: "$250.00", status: "Paid" });

    expect(await cancelMembership(t.db, { userId: a, now: later(5) })).toMatchObject({ ok: true });
    expect((await billingPage(t.db, a, later(6))).subscription).toMatchObject({
      status: "cancelling",
      periodEnd: "2026-12-01T10:00:00.000Z",
      renewal: null,
      switchTo: null,
    });
    expect(await audits(a, "membership-cancelled")).toHaveLength(1);
    expect(await resumeMembership(t.db, { userId: a, now: later(6) })).toEqual({
      ok: true,
      message: "Resumed. Your membership renews on 1 Dec 2026.",
    });
    expect(await audits(a, "membership-resumed")).toHaveLength(1);

    await t.db
      .update(subscriptions)
      .set({ status: "past_due", graceUntil: later(33) })
      .where(eq(subscriptions.userId, a));
    expect((await billingPage(t.db, a, later(31))).subscription).toMatchObject({
      status: "past_due",
      graceUntil: later(33).toISOString(),
      payNowHref: "/billing/checkout/crypto?plan=premium&period=monthly",
    });
    await t.db.update(subscriptions).set({ status: "expired" }).where(eq(subscriptions.userId, a));
    expect(await billingPage(t.db, a, later(40))).toMatchObject({ planName: "Standard", subscription: null });
  });

  it("the next renewal's amount has a scheduled price change applied", async () => {
    const a = await cryptoMember("ov-price");
    await t.db
      .update(membershipPlans)
      .set({ nextMonthlyPriceMinor: 27_500n, nextYearlyPriceMinor: 330_000n, nextPricesFrom: later(20) })
      .where(eq(membershipPlans.id, "premium"));
    try {
      expect((await billingPage(t.db, a, later(2))).subscription?.renewal).toMatchObject({
        amount: "$275.00",
      });
    } finally {
      await t.db
        .update(membershipPlans)
        .set({ nextMonthlyPriceMinor: null, nextYearlyPriceMinor: null, nextPricesFrom: null })
        .where(eq(membershipPlans.id, "premium"));
    }
  });

  it("switching a crypto membership: up to yearly is a checkout with the credit; down to monthly applies at the renewal", async () => {
    const up = await cryptoMember("sw-up", "monthly");
    expect(await switchPeriod(t.db, { userId: up, period: "yearly", now: later(3) })).toEqual({
      ok: "checkout",
      href: "/billing/checkout/crypto?plan=premium&period=yearly",
    });
    const down = await cryptoMember("sw-down", "yearly");
    const result = await switchPeriod(t.db, { userId: down, period: "monthly", now: later(3) });
    expect(result).toEqual({
      ok: true,
      message: "From your renewal on 1 Nov 2027 you pay monthly: $250.00 a month.",
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, down));
    expect(sub).toMatchObject({ period: "monthly", priceMinor: 300_000n });
    expect(sub?.currentPeriodEnd.toISOString()).toBe(addPeriod(START, "yearly").toISOString());
    expect(await audits(down, "membership-period-switch")).toHaveLength(1);
  });

  it("a card membership is changed at the provider (our row follows its webhook); a provider that does not answer changes nothing", async () => {
    const a = await addMember(t.db, "card-manage");
    await t.db.transaction((tx) =>
      recordPaidPeriod(tx, {
        userId: a,
        planId: "premium",
        period: "monthly",
        method: "card",
        amountMinor: 25_000n,
        periodStart: START,
        periodEnd: addPeriod(START, "monthly"),
        provider: "sample",
        providerSubscriptionId: "sub_manage",
        providerInvoiceId: "in_manage",
        seller,
      }),
    );
    const calls: unknown[] = [];
    const provider = () =>
      ({
        setCancelAtPeriodEnd: async (input: unknown) => void calls.push(["cancel", input]),
        changePeriod: async (input: unknown) => void calls.push(["period", input]),
      }) as unknown as BillingProvider;
    expect(await cancelMembership(t.db, { userId: a, now: later(1), provider })).toMatchObject({ ok: true });
    expect(await switchPeriod(t.db, { userId: a, period: "yearly", now: later(1), provider })).toMatchObject({
      ok: true,
    });
    expect(calls).toEqual([
      ["cancel", { subscriptionId: "sub_manage", cancel: true }],
      ["period", { subscriptionId: "sub_manage", period: "yearly", amountMinor: 300_000n }],
    ]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, a));
    expect(sub?.cancelAtPeriodEnd).toBe(false);
    const broken = () => {
      throw new Error("No card billing provider is configured.");
    };
    expect(await cancelMembership(t.db, { userId: a, now: later(1), provider: broken })).toMatchObject({
      ok: false,
      status: 502,
    });
    expect(await audits(a, "membership-cancelled")).toHaveLength(1);
  });
});
