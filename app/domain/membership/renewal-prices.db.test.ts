import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, membershipPlans, sampleBillingSubscriptions } from "../../../db/schema/index.ts";
import { cardBilling } from "../../../tests/card-billing.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { applyDuePriceChanges } from "./admin-plans.server.ts";
import type { BillingProvider } from "./billing-provider.ts";
import { runMembershipJobs } from "./jobs.server.ts";
import { liveSubscription } from "./membership.server.ts";
import { pushRenewalPrices } from "./renewal-prices.server.ts";
import { runSampleRenewals } from "./sample-renewals.server.ts";

// A plan's price change reaches card memberships: the provider charges their renewals, so it is
// told the new price before the first renewal the change reaches — and told again when the change
// is withdrawn (ADR 0070). A second member on another period is told only what is theirs.
const t = setupTestDatabase();
const card = cardBilling(t);
const start = new Date("2026-11-01T10:00:00Z");
const changeFrom = new Date("2026-12-20T00:00:00Z");
const at = (iso: string) => new Date(iso);

/** The sample provider, counting what it is told. */
function counting(now: Date) {
  const calls: { subscriptionId: string; period: string; amountMinor: bigint }[] = [];
  const inner = card.provider(now);
  const provider: BillingProvider = {
    ...inner,
    async setRenewalPrice(input) {
      calls.push(input);
      return inner.setRenewalPrice(input);
    },
  };
  return { provider, calls };
}

async function cardMember(tag: string, period: "monthly" | "yearly") {
  const { userId } = await card.paidButUndelivered(tag, period, start);
  await card.deliverAll(start);
  const sub = await liveSubscription(t.db, userId);
  if (!sub?.providerSubscriptionId) throw new Error("no card subscription");
  return { userId, providerSub: sub.providerSubscriptionId };
}

const sampleSub = async (id: string) =>
  (await t.db.select().from(sampleBillingSubscriptions).where(eq(sampleBillingSubscriptions.id, id)))[0];

const paid = async (userId: string) =>
  (await t.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(invoices.periodStart)).map(
    (i) => i.amountMinor,
  );

async function schedule(prices: { monthly: bigint; yearly: bigint } | null) {
  await t.db
    .update(membershipPlans)
    .set({
      nextMonthlyPriceMinor: prices?.monthly ?? null,
      nextYearlyPriceMinor: prices?.yearly ?? null,
      nextPricesFrom: prices ? changeFrom : null,
    })
    .where(eq(membershipPlans.id, "premium"));
}

/** The sample processor's clock at `now`: every renewal due by then (other members' too), delivered. */
async function renewAt(now: Date) {
  for (let pass = 0; pass < 20; pass++) {
    const result = await runSampleRenewals(t.db, now);
    if (result.renewed + result.failed + result.ended === 0) break;
  }
  // Each delivery pass sends at most 20: send until none is left.
  for (let pass = 0; pass < 20; pass++) {
    const sent = await card.deliverAll(now);
    if (sent.delivered + sent.retried + sent.failed === 0) break;
  }
}

describe("a price change and card memberships", () => {
  it("the provider charges the new price from the first renewal on or after the change, once told; a withdrawn change is taken back", async () => {
    const monthly = await cardMember("price-monthly", "monthly");
    const yearly = await cardMember("price-yearly", "yearly");
    await schedule({ monthly: 30_000n, yearly: 360_000n });
    try {
      // Through the membership job, as every server runs it: the yearly member renews in
      // November 2027, after the change, so their provider is told now; the monthly member's
      // December renewal comes before the change, so nothing is told for them yet.
      const first = counting(at("2026-11-02T00:00:00Z"));
      await runMembershipJobs(t.db, {
        now: at("2026-11-02T00:00:00Z"),
        staleSeconds: 600,
        seller: card.seller,
        provider: first.provider,
      });
      expect(first.calls).toEqual([
        { subscriptionId: yearly.providerSub, period: "yearly", amountMinor: 360_000n },
      ]);
      expect((await sampleSub(yearly.providerSub))?.nextAmountMinor).toBe(360_000n);
      expect((await sampleSub(monthly.providerSub))?.nextAmountMinor).toBeNull();

      // Told once: another pass (another server) tells nobody again.
      const again = counting(at("2026-11-03T00:00:00Z"));
      expect(await pushRenewalPrices(t.db, again.provider)).toEqual({ told: 0, failed: 0, deferred: 0 });
      expect(again.calls).toEqual([]);

      // December renewal at today's price; then the monthly member's January renewal is reached.
      await renewAt(at("2026-12-01T10:00:05Z"));
      expect(await paid(monthly.userId)).toEqual([25_000n, 25_000n]);
      const second = counting(at("2026-12-02T00:00:00Z"));
      expect(await pushRenewalPrices(t.db, second.provider, { userId: monthly.userId })).toMatchObject({
        told: 1,
      });
      expect(second.calls).toEqual([
        { subscriptionId: monthly.providerSub, period: "monthly", amountMinor: 30_000n },
      ]);
      await renewAt(at("2027-01-01T10:00:05Z"));
      expect(await paid(monthly.userId)).toEqual([25_000n, 25_000n, 30_000n]);
      // Renewed at the new price: the provider already charges it, nothing more to tell.
      expect(
        await pushRenewalPrices(t.db, counting(start).provider, { userId: monthly.userId }),
      ).toMatchObject({
        told: 0,
      });

      // The operator withdraws the change: both providers are told today's prices again.
      await schedule(null);
      const back = counting(at("2027-01-02T00:00:00Z"));
      expect(await pushRenewalPrices(t.db, back.provider)).toMatchObject({ told: 2 });
      expect(back.calls).toEqual(
        expect.arrayContaining([
          { subscriptionId: yearly.providerSub, period: "yearly", amountMinor: 300_000n },
          { subscriptionId: monthly.providerSub, period: "monthly", amountMinor: 25_000n },
        ]),
      );
      expect((await sampleSub(yearly.providerSub))?.nextAmountMinor).toBe(300_000n);
      expect(await pushRenewalPrices(t.db, counting(start).provider)).toEqual({
        told: 0,
        failed: 0,
        deferred: 0,
      });
    } finally {
      await schedule(null);
    }
  });

  it("a provider that fails until after the change's date, and the change folded into the plan, is still told", async () => {
    const member = await cardMember("price-fails", "yearly");
    await schedule({ monthly: 30_000n, yearly: 360_000n });
    try {
      const failing: BillingProvider = {
        ...card.provider(start),
        async setRenewalPrice() {
          throw new Error("the processor is down");
        },
      };
      expect(await pushRenewalPrices(t.db, failing, { userId: member.userId })).toEqual({
        told: 0,
        failed: 1,
        deferred: 0,
      });
      expect((await liveSubscription(t.db, member.userId))?.providerRenewalMinor).toBeNull();
      // The date passes and the job makes the new prices the plan's own (next_prices_from is gone).
      expect(await applyDuePriceChanges(t.db, at("2026-12-21T00:00:00Z"))).toBe(1);
      const retry = counting(start);
      expect(await pushRenewalPrices(t.db, retry.provider, { userId: member.userId })).toMatchObject({
        told: 1,
      });
      expect(retry.calls).toEqual([
        { subscriptionId: member.providerSub, period: "yearly", amountMinor: 360_000n },
      ]);
      expect((await liveSubscription(t.db, member.userId))?.providerRenewalMinor).toBe(360_000n);
    } finally {
      await t.db
        .update(membershipPlans)
        .set({ monthlyPriceMinor: 25_000n, yearlyPriceMinor: 300_000n })
        .where(eq(membershipPlans.id, "premium"));
      await schedule(null);
    }
  });

  it("a switch the provider has scheduled to another period is not overwritten: deferred, then told once the member renews into it", async () => {
    const member = await cardMember("price-switch", "yearly");
    // Yearly → monthly, scheduled at the provider for the year's end, before any price change.
    expect(
      await card
        .provider(start)
        .changePeriod({ subscriptionId: member.providerSub, period: "monthly", amountMinor: 25_000n }),
    ).toBeUndefined();
    await schedule({ monthly: 30_000n, yearly: 360_000n });
    try {
      const first = counting(start);
      expect(await pushRenewalPrices(t.db, first.provider, { userId: member.userId })).toEqual({
        told: 0,
        failed: 0,
        deferred: 1,
      });
      expect((await sampleSub(member.providerSub))?.nextAmountMinor).toBe(25_000n);
      expect((await liveSubscription(t.db, member.userId))?.providerRenewalMinor).toBeNull();
      // The year ends: the first month is the switch's confirmed price; then the new price is told.
      await renewAt(at("2027-11-01T10:00:05Z"));
      expect(await paid(member.userId)).toEqual([300_000n, 25_000n]);
      expect(
        await pushRenewalPrices(t.db, counting(start).provider, { userId: member.userId }),
      ).toMatchObject({
        told: 1,
      });
      await renewAt(at("2027-12-01T10:00:05Z"));
      expect(await paid(member.userId)).toEqual([300_000n, 25_000n, 30_000n]);
    } finally {
      await schedule(null);
    }
  });
});
