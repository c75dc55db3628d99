import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, billingRefunds, invoices } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { fundedMember } from "../../../tests/ledger.ts";
import { mailTo } from "../../../tests/mailbox.ts";
import { queryRows } from "../../db/client.server.ts";
import { auditLedger, getBalances, getSystemBalance, postEntry } from "../ledger/ledger.server.ts";
import {
  churn,
  listSubscribers,
  memberBillingHistory,
  monthlyRecurringRevenue,
  revenueByMonth,
} from "./admin-billing.server.ts";
import { applyDuePriceChanges, updatePlan } from "./admin-plans.server.ts";
import { runMembershipJobs } from "./jobs.server.ts";
import { recordPaidPeriod } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { priceFor } from "./plans.ts";
import { approveRefund, declineRefund, proposeRefund, refundMessages } from "./refunds.server.ts";

const t = setupTestDatabase();
const seller = { name: "Coinlens" };
const start = new Date("2026-11-01T10:00:00Z");
const end = new Date("2026-12-01T10:00:00Z");
const premiumForm = {
  name: "Premium",
  monthlyPrice: "250.00",
  yearlyPrice: "3000",
  features: "Research\nAnalysis",
  entitlements: "research:free\nresearch:premium",
  active: "on",
};

/** A member who paid a month of Premium from their BTC balance: the real ledger entry and invoice. */
async function paidByCrypto(prefix: string, btc = 500_000n) {
  const userId = await fundedMember(t.db, prefix, { BTC: 1_000_000n });
  return t.db.transaction(async (tx) => {
    const posted = await postEntry(tx, {
      idempotencyKey: `membership.payment:${userId}`,
      code: "membership.payment",
      ledger: "real",
      postings: [
        { account: { userId, kind: "available", asset: "BTC" }, amount: -btc },
        { account: { system: "membership_revenue", asset: "BTC" }, amount: btc },
      ],
      operation: { create: { userId, type: "membership", status: "completed", asset: "BTC", amount: btc } },
    });
    const paid = await recordPaidPeriod(tx, {
      userId,
      planId: "premium",
      period: "monthly",
      method: "crypto",
      amountMinor: 25_000n,
      periodStart: start,
      periodEnd: end,
      cryptoAsset: "BTC",
      cryptoAmount: btc,
      operationId: posted.operationId ?? undefined,
      seller,
    });
    return { userId, invoiceId: paid.invoiceId };
  });
}

async function staff(prefix: string) {
  return { adminId: await fundedMember(t.db, prefix) };
}

const ctx = { twoAdminAboveMinor: 10_000n, provider: null };

describe("plans in the back office", () => {
  it("a new price is scheduled 30 days ahead, renewals before that date keep today's price, and setting today's price back withdraws it", async () => {
    const admin = await staff("plan-admin");
    const now = new Date("2026-11-25T12:00:00Z");
    const result = await updatePlan(t.db, admin, "premium", { ...premiumForm, monthlyPrice: "275" }, now);
    expect(result.ok && result.priceChange?.from.toISOString()).toBe("2026-12-25T12:00:00.000Z");
    const plan = await getPlan(t.db, "premium");
    if (!plan) throw new Error("no plan");
    expect(priceFor(plan, "monthly", new Date("2026-12-25T11:59:59Z"))).toBe(25_000n);
    expect(priceFor(plan, "monthly", new Date("2026-12-25T12:00:00Z"))).toBe(27_500n);
    expect(priceFor(plan, "yearly", new Date("2027-01-01T00:00:00Z"))).toBe(300_000n);
    const back = await updatePlan(t.db, admin, "premium", premiumForm, now);
    expect(back.ok && back.priceChange).toBeNull();
    expect((await getPlan(t.db, "premium"))?.nextPricesFrom).toBeNull();
    await updatePlan(t.db, admin, "premium", { ...premiumForm, yearlyPrice: "2900" }, now);
    expect(await applyDuePriceChanges(t.db, new Date("2026-12-25T12:00:00Z"))).toBe(1);
    expect((await getPlan(t.db, "premium"))?.yearlyPriceMinor).toBe(290_000n);
    await updatePlan(t.db, admin, "premium", premiumForm, now);
    await applyDuePriceChanges(t.db, new Date("2027-02-01T00:00:00Z"));
    expect((await getPlan(t.db, "premium"))?.yearlyPriceMinor).toBe(300_000n);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.event, "admin-plan-updated"));
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });

  it("bad input is said beside its field and changes nothing; the free plan stays free", async () => {
    const admin = await staff("plan-bad");
    const before = await getPlan(t.db, "premium");
    const bad = await updatePlan(t.db, admin, "premium", {
      ...premiumForm,
      monthlyPrice: "-5",
      entitlements: "Research Premium",
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.monthlyPrice).toMatch(/price in USD/);
      expect(bad.errors.entitlements).toMatch(/research:premium/);
    }
    const free = await updatePlan(t.db, admin, "standard", {
      ...premiumForm,
      name: "Standard",
      monthlyPrice: "1",
    });
    expect(!free.ok && free.errors.monthlyPrice).toMatch(/stays free/);
    expect(await getPlan(t.db, "premium")).toEqual(before);
  });
});

describe("plans in the back office: the lifecycle job", () => {
  it("makes a scheduled price the plan's price once its date has passed (the pricing block reads it)", async () => {
    const admin = await staff("plan-job");
    const now = new Date("2026-11-25T12:00:00Z");
    await updatePlan(t.db, admin, "premium", { ...premiumForm, monthlyPrice: "260" }, now);
    await runMembershipJobs(t.db, { now: new Date("2026-12-25T11:00:00Z"), staleSeconds: 600 });
    expect((await getPlan(t.db, "premium"))?.monthlyPriceMinor).toBe(25_000n);
    await runMembershipJobs(t.db, { now: new Date("2026-12-25T12:00:00Z"), staleSeconds: 600 });
    expect(await getPlan(t.db, "premium")).toMatchObject({
      monthlyPriceMinor: 26_000n,
      nextPricesFrom: null,
    });
    await updatePlan(t.db, admin, "premium", premiumForm, now);
    await runMembershipJobs(t.db, { now: new Date("2027-01-01T00:00:00Z"), staleSeconds: 600 });
    expect((await getPlan(t.db, "premium"))?.monthlyPriceMinor).toBe(25_000n);
  });
});

describe("refunds", () => {
  it("a small crypto refund is done at once: the paid share of BTC goes back by a ledger entry, the invoice shows it, the member is e-mailed", async () => {
    const { userId, invoiceId } = await paidByCrypto("refund-small");
    const bystander = await paidByCrypto("refund-bystander");
    const admin = await staff("refund-admin");
    const before = await getBalances(t.db, { userId, ledger: "real" });
    const result = await proposeRefund(t.db, admin, { invoiceId, amount: "50", reason: "Goodwill" }, ctx);
    expect(result).toMatchObject({ ok: true, status: "completed" });
    const after = await getBalances(t.db, { userId, ledger: "real" });
    // 50 of 250 USD = a fifth of the 0.005 BTC paid.
    expect(after.BTC.available - before.BTC.available).toBe(100_000n);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice?.refundedMinor).toBe(5_000n);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "membership_revenue", asset: "BTC" })).toBe(
      900_000n,
    );
    const [other] = await t.db.select().from(invoices).where(eq(invoices.id, bystander.invoiceId));
    expect(other?.refundedMinor).toBe(0n);
    const mail = await queryRows<{ key: string }>(
      t.db,
      sql`select message_key as key from outbox where message_key like 'refund:%'`,
    );
    expect(mail).toHaveLength(1);
    const email = (await mailTo(t.db, `${userId}@example.test`)).find((m) => m.subject.includes("refunded"));
    expect(email?.subject).toMatch(/: \$50\.00 refunded \(/);
    expect(email?.text).toContain("We have refunded $50.00 of your membership payment");
    expect(email?.text).toContain("to your BTC balance.");
    expect(await auditLedger(t.db)).toEqual({
      unbalancedEntries: [],
      balanceMismatches: [],
      negativeBalances: [],
    });
  });

  it("above the two-admin amount it waits; the proposer cannot approve it, a second admin can, once; nobody refunds their own payment", async () => {
    const { userId, invoiceId } = await paidByCrypto("refund-big");
    const first = await staff("refund-first");
    const second = await staff("refund-second");
    const proposed = await proposeRefund(
      t.db,
      first,
      { invoiceId, amount: "250", reason: "Charged by mistake" },
      ctx,
    );
    expect(proposed).toMatchObject({ ok: true, status: "proposed" });
    if (!proposed.ok) return;
    // The whole payment is now spoken for.
    expect(await proposeRefund(t.db, second, { invoiceId, amount: "1", reason: "again" }, ctx)).toMatchObject(
      {
        ok: false,
        field: "amount",
        message: refundMessages.tooMuch("0.00"),
      },
    );
    expect(await approveRefund(t.db, first, proposed.refundId, ctx)).toMatchObject({
      ok: false,
      status: 403,
      message: refundMessages.ownRefund,
    });
    expect(await approveRefund(t.db, { adminId: userId }, proposed.refundId, ctx)).toMatchObject({
      ok: false,
      status: 403,
    });
    const before = await getBalances(t.db, { userId, ledger: "real" });
    expect(await approveRefund(t.db, second, proposed.refundId, ctx)).toMatchObject({
      ok: true,
      status: "completed",
    });
    expect(await approveRefund(t.db, second, proposed.refundId, ctx)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await declineRefund(t.db, second, proposed.refundId)).toMatchObject({ ok: false, status: 409 });
    const after = await getBalances(t.db, { userId, ledger: "real" });
    expect(after.BTC.available - before.BTC.available).toBe(500_000n);
    const own = await proposeRefund(
      t.db,
      { adminId: userId },
      { invoiceId, amount: "1", reason: "mine" },
      ctx,
    );
    expect(own).toMatchObject({ ok: false, status: 403 });
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.userId, userId));
    expect(refused.some((r) => r.event === "admin-action-refused")).toBe(true);
  });

  it("bad input changes nothing", async () => {
    const { invoiceId } = await paidByCrypto("refund-input");
    const admin = await staff("refund-input-admin");
    expect(await proposeRefund(t.db, admin, { invoiceId, amount: "0", reason: "x" }, ctx)).toMatchObject({
      field: "amount",
    });
    expect(await proposeRefund(t.db, admin, { invoiceId, amount: "1.001", reason: "x" }, ctx)).toMatchObject({
      field: "amount",
    });
    expect(await proposeRefund(t.db, admin, { invoiceId, amount: "1", reason: " " }, ctx)).toMatchObject({
      field: "reason",
    });
    expect(
      await proposeRefund(t.db, admin, { invoiceId: "nope", amount: "1", reason: "x" }, ctx),
    ).toMatchObject({ status: 404 });
    const rows = await t.db.select().from(billingRefunds).where(eq(billingRefunds.invoiceId, invoiceId));
    expect(rows).toEqual([]);
  });
});

describe("the business in numbers", () => {
  it("revenue by month is net of refunds, MRR counts renewing subscriptions per month, churn counts memberships that ended", async () => {
    const { userId } = await paidByCrypto("numbers");
    const now = new Date("2026-11-20T00:00:00Z");
    const months = await revenueByMonth(t.db, now, 3);
    expect(months.map((m) => m.month)).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(months[2]?.grossMinor ?? 0n).toBeGreaterThan(0n);
    expect(await monthlyRecurringRevenue(t.db, now)).toBeGreaterThanOrEqual(25_000n);
    const c = await churn(t.db, new Date("2027-01-15T00:00:00Z"), 30);
    expect(c.days).toBe(30);
    const found = await listSubscribers(t.db, { q: userId });
    expect(found.rows.map((r) => r.userId)).toEqual([userId]);
    expect(found.rows[0]).toMatchObject({ plan: "Premium", status: "active", method: "crypto" });
    const history = await memberBillingHistory(t.db, userId);
    expect(history.invoices).toHaveLength(1);
    expect(history.subscriptions).toHaveLength(1);
  });
});
