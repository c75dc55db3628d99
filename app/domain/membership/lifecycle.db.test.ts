import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, membershipPlans, outbox, subscriptions } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { mailTo as allMailTo } from "../../../tests/mailbox.ts";
import { addMember, deposit, expectLedgerClean, seller, setPrices } from "../../../tests/membership.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { billingPage } from "./billing-page.server.ts";
import { quoteCryptoCheckout } from "./crypto-checkout.server.ts";
import { payCryptoCheckout, payPastDue } from "./crypto-pay.server.ts";
import { runMembershipJobs } from "./jobs.server.ts";
import { cancelMembership } from "./manage.server.ts";
import { getMembership, recordPaidPeriod } from "./membership.server.ts";
import { addPeriod, days } from "./plans.ts";

/** The lifecycle's own e-mails to one address: every payment's receipt is left out. */
const mailTo = async (db: Parameters<typeof allMailTo>[0], email: string) =>
  (await allMailTo(db, email)).filter((m) => !m.subject.includes("receipt"));

const t = setupTestDatabase();
const START = new Date("2026-11-20T12:00:00Z");
const shift = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A crypto membership bought at `at` through the checkout, as a member would. */
async function subscribe(
  userId: string,
  asset: "USD" | "BTC" | "USDT",
  period: "monthly" | "yearly",
  at: Date,
) {
  await setPrices(t.db, at);
  const member = { userId, mode: "real" as const };
  const q = await quoteCryptoCheckout(
    t.db,
    member,
    { planId: "premium", period, asset },
    { now: at, quoteSeconds: 30, staleSeconds: 600 },
  );
  if (!q.ok) throw new Error(q.message);
  const paid = await payCryptoCheckout(t.db, member, { checkoutId: q.quote.id }, { now: at, seller });
  if (!paid.ok) throw new Error(paid.message);
  return addPeriod(at, period);
}

/** One pass of the jobs at `now`, with prices fresh at that moment (unless told otherwise). */
async function jobsAt(now: Date, options: { freshPrices?: boolean; userId?: string } = {}) {
  if (options.freshPrices !== false) await setPrices(t.db, now);
  return runMembershipJobs(t.db, { now, staleSeconds: 600, seller, userId: options.userId });
}

const sub = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const keysFor = async (subscriptionId: string) =>
  (
    await t.db
      .select({ key: outbox.messageKey })
      .from(outbox)
      .where(like(outbox.messageKey, `membership:${subscriptionId}:%`))
  ).map((r) => r.key.split(":")[2]);

describe("membership lifecycle", () => {
  it("reminds once, RENEWAL_REMINDER_DAYS before; renews on the due date from the balance, once; a second member untouched", async () => {
    const a = await addMember(t.db, "life-renew");
    const other = await addMember(t.db, "life-other");
    await deposit(t.db, a, "USDT", "600");
    await deposit(t.db, other, "USD", "3000");
    const end = await subscribe(a, "USDT", "monthly", START);
    const otherEnd = await subscribe(other, "USD", "yearly", START);
    const id = (await sub(a))?.id ?? "";
    await jobsAt(shift(end, -days(4)));
    expect(await keysFor(id)).toEqual([]);
    await jobsAt(shift(end, -days(3) + 60_000));
    await jobsAt(shift(end, -days(2)));
    expect(await keysFor(id)).toEqual(["reminder"]);
    expect((await sub(a))?.reminderSentFor?.toISOString()).toBe(end.toISOString());
    const [reminder] = await mailTo(t.db, "life-renew@example.test");
    expect(reminder?.subject).toContain("renews on 20 Dec 2026");
    expect(reminder?.text).toContain("$250.00 in USDT");
    expect(reminder?.text).toContain("250.00 USDT");
    // Due: renewed from the balance, at the period's end, once however often the job runs.
    await jobsAt(shift(end, 60_000));
    await jobsAt(shift(end, 120_000));
    const renewed = await sub(a);
    expect(renewed).toMatchObject({ status: "active", period: "monthly" });
    expect(renewed?.currentPeriodStart.toISOString()).toBe(end.toISOString());
    expect(renewed?.currentPeriodEnd.toISOString()).toBe(addPeriod(end, "monthly").toISOString());
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USDT.available).toBe(100_000_000n);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, a))).toHaveLength(2);
    // The other member's yearly membership is not due: nothing happened to it.
    expect(await sub(other)).toMatchObject({ status: "active", reminderSentFor: null });
    expect((await sub(other))?.currentPeriodEnd.toISOString()).toBe(otherEnd.toISOString());
    expect(await keysFor((await sub(other))?.id ?? "")).toEqual([]);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, other))).toHaveLength(1);
    await expectLedgerClean(t.db);
  });

  it("stale prices: the renewal waits rather than guess", async () => {
    const a = await addMember(t.db, "life-stale");
    await deposit(t.db, a, "BTC", "1");
    const end = await subscribe(a, "BTC", "monthly", START);
    const result = await jobsAt(shift(end, 60_000), { freshPrices: false, userId: a });
    expect(result.renewals).toEqual({ stale: 1 });
    expect((await sub(a))?.currentPeriodEnd.toISOString()).toBe(end.toISOString());
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, a))).toHaveLength(1);
    await jobsAt(shift(end, 120_000), { userId: a });
    expect((await sub(a))?.currentPeriodEnd.toISOString()).toBe(addPeriod(end, "monthly").toISOString());
  });

  it("a short balance: past due with GRACE_DAYS of access and one e-mail, retried daily, then expired back to Standard", async () => {
    const a = await addMember(t.db, "life-short");
    await deposit(t.db, a, "USD", "260");
    const end = await subscribe(a, "USD", "monthly", START);
    await jobsAt(shift(end, 60_000), { userId: a });
    const due = await sub(a);
    expect(due).toMatchObject({ status: "past_due" });
    expect(due?.graceUntil?.toISOString()).toBe(shift(end, days(3)).toISOString());
    expect((await getMembership(t.db, a, shift(end, days(2)))).plan.id).toBe("premium");
    // Settings → Billing offers to pay it from the balance now.
    expect((await billingPage(t.db, a, shift(end, days(1)))).subscription?.payNowHref).toBe(
      "/billing/checkout/crypto?plan=premium&period=monthly",
    );
    await jobsAt(shift(end, days(1) + 120_000), { userId: a });
    await jobsAt(shift(end, days(2) + 180_000), { userId: a });
    expect(await keysFor(due?.id ?? "")).toEqual(["past-due"]);
    const [mail] = await mailTo(t.db, "life-short@example.test");
    expect(mail?.text).toContain("You keep access until 23 Dec 2026");
    await jobsAt(shift(end, days(3)), { userId: a });
    expect(await sub(a)).toMatchObject({ status: "expired" });
    expect((await getMembership(t.db, a, shift(end, days(3)))).plan.id).toBe("standard");
    expect((await keysFor(due?.id ?? "")).sort()).toEqual(["expired", "past-due"]);
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(1_000n);
    await expectLedgerClean(t.db);
  });

  it("past due, then funded: the daily retry pays it, the period running on from the missed date", async () => {
    const a = await addMember(t.db, "life-retry");
    await deposit(t.db, a, "USD", "250");
    const end = await subscribe(a, "USD", "monthly", START);
    await jobsAt(shift(end, 60_000), { userId: a });
    expect(await sub(a)).toMatchObject({ status: "past_due" });
    await deposit(t.db, a, "USD", "250");
    // Not yet a day since the last attempt: no retry.
    await jobsAt(shift(end, days(1) - 60_000), { userId: a });
    expect(await sub(a)).toMatchObject({ status: "past_due" });
    await jobsAt(shift(end, days(1) + 120_000), { userId: a });
    const renewed = await sub(a);
    expect(renewed).toMatchObject({ status: "active", graceUntil: null });
    expect(renewed?.currentPeriodStart.toISOString()).toBe(end.toISOString());
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(0n);
  });

  it("past due, the member pays from the Billing page (payPastDue): once, and the job charges nothing more", async () => {
    const a = await addMember(t.db, "life-paynow");
    await deposit(t.db, a, "USD", "250");
    const end = await subscribe(a, "USD", "monthly", START);
    const now = shift(end, 60_000);
    await jobsAt(now, { userId: a });
    await deposit(t.db, a, "USD", "300");
    const q = await quoteCryptoCheckout(
      t.db,
      { userId: a, mode: "real" },
      { planId: "premium", period: "monthly", asset: "USD" },
      { now: shift(now, 1000), quoteSeconds: 30, staleSeconds: 600 },
    );
    if (!q.ok) throw new Error(q.message);
    const paid = await payPastDue(t.db, { userId: a, checkoutId: q.quote.id, now: shift(now, 2000) });
    expect(paid).toMatchObject({ ok: true, until: addPeriod(end, "monthly").toISOString() });
    expect(
      await payPastDue(t.db, { userId: a, checkoutId: q.quote.id, now: shift(now, 3000) }),
    ).toMatchObject({
      ok: true,
      replayed: true,
    });
    await jobsAt(shift(end, days(1) + 120_000), { userId: a });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(5_000n);
    expect(await sub(a)).toMatchObject({ status: "active" });
  });

  it("cancelled: no renewal, expired at the period's end with an e-mail", async () => {
    const a = await addMember(t.db, "life-cancel");
    await deposit(t.db, a, "USD", "1000");
    const end = await subscribe(a, "USD", "monthly", START);
    expect(await cancelMembership(t.db, { userId: a, now: shift(START, days(1)) })).toMatchObject({
      ok: true,
      message: "Cancelled. Your membership stays active until 20 Dec 2026.",
    });
    await jobsAt(shift(end, -days(2)), { userId: a });
    expect((await getMembership(t.db, a, shift(end, -60_000))).plan.id).toBe("premium");
    await jobsAt(end, { userId: a });
    expect(await sub(a)).toMatchObject({ status: "expired" });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(75_000n);
    const id = (await sub(a))?.id ?? "";
    expect((await keysFor(id)).sort()).toEqual(["cancelled", "expired"]);
    const mail = await mailTo(t.db, "life-cancel@example.test");
    expect(mail.map((m) => m.subject)).toEqual([
      "Coinlens: your Premium membership is cancelled",
      "Coinlens: your Premium membership has ended",
    ]);
  });

  it("a card membership past due after its grace expires here too; the renewal job never charges a card member's balance", async () => {
    const a = await addMember(t.db, "life-card");
    await deposit(t.db, a, "USD", "1000");
    const end = addPeriod(START, "monthly");
    await t.db.transaction((tx) =>
      recordPaidPeriod(tx, {
        userId: a,
        planId: "premium",
        period: "monthly",
        method: "card",
        amountMinor: 25_000n,
        periodStart: START,
        periodEnd: end,
        provider: "sample",
        providerSubscriptionId: "sub_life_card",
        providerInvoiceId: "in_life_card",
        seller,
      }),
    );
    await jobsAt(shift(end, 60_000), { userId: a });
    expect(await sub(a)).toMatchObject({ status: "active" });
    await t.db
      .update(subscriptions)
      .set({ status: "past_due", graceUntil: shift(end, days(3)) })
      .where(eq(subscriptions.userId, a));
    await jobsAt(shift(end, days(3) + 1000), { userId: a });
    expect(await sub(a)).toMatchObject({ status: "expired" });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(100_000n);
  });

  it("a price change: one e-mail per member per change, only to those whose renewal it reaches; the renewal pays the new price", async () => {
    const a = await addMember(t.db, "life-price");
    const cancelled = await addMember(t.db, "life-price-cancelled");
    await deposit(t.db, a, "USD", "1000");
    await deposit(t.db, cancelled, "USD", "1000");
    const end = await subscribe(a, "USD", "monthly", START);
    await subscribe(cancelled, "USD", "monthly", START);
    await cancelMembership(t.db, { userId: cancelled, now: START });
    const from = shift(START, days(20));
    await t.db
      .update(membershipPlans)
      .set({ nextMonthlyPriceMinor: 30_000n, nextYearlyPriceMinor: 300_000n, nextPricesFrom: from })
      .where(eq(membershipPlans.id, "premium"));
    try {
      await jobsAt(shift(START, days(1)), { userId: a });
      await jobsAt(shift(START, days(1)), { userId: cancelled });
      await jobsAt(shift(START, days(2)), { userId: a });
      const notices = await t.db
        .select()
        .from(outbox)
        .where(like(outbox.messageKey, "membership:price-change:premium:%"));
      expect(notices.map((n) => n.messageKey.split(":").at(-1))).toEqual([a]);
      const [mail] = await mailTo(t.db, "life-price@example.test");
      expect(mail?.text).toContain("changes from $250.00 to $300.00 on 10 Dec 2026");
      await jobsAt(shift(end, 60_000), { userId: a });
      const [renewal] = await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, a), sql`${invoices.periodStart} = ${end}`));
      expect(renewal?.amountMinor).toBe(30_000n);
    } finally {
      await t.db
        .update(membershipPlans)
        .set({ nextMonthlyPriceMinor: null, nextYearlyPriceMinor: null, nextPricesFrom: null })
        .where(eq(membershipPlans.id, "premium"));
    }
  });
});
