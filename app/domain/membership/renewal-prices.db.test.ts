import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, membershipPlans, sampleBillingSubscriptions } from "../../../db/schema/index.ts";
import { cardBilling } from "../../../tests/card-billing.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
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
      await inner.setRenewalPrice(input);
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

async function renewAt(now: Date) {
  await runSampleRenewals(t.db, now);
  await card.deliverAll(now);
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
      expect(await pushRenewalPrices(t.db, again.provider)).toEqual({ told: 0, failed: 0 });
      expect(again.calls).toEqual([]);

      // December renewal at today's price; then the monthly member's January renewal is reached.
      await renewAt(at("2026-12-01T10:00:05Z"));
      expect(await paid(monthly.userId)).toEqual([25_000n, 25_000n]);
      const second = counting(at("2026-12-02T00:00:00Z"));
      expect(await pushRenewalPrices(t.db, second.provider, { userId: monthly.userId })).toEqual({
        told: 1,
        failed: 0,
      });
      expect(second.calls).toEqual([
        { subscriptionId: monthly.providerSub, period: "monthly", amountMinor: 30_000n },
      ]);
      await renewAt(at("2027-01-01T10:00:05Z"));
      expect(await paid(monthly.userId)).toEqual([25_000n, 25_000n, 30_000n]);

      // The operator withdraws the change before the yearly member's renewal: told the old price.
      await schedule(null);
      const back = counting(at("2027-01-02T00:00:00Z"));
      await pushRenewalPrices(t.db, back.provider, { userId: yearly.userId });
      expect(back.calls).toEqual([
        { subscriptionId: yearly.providerSub, period: "yearly", amountMinor: 300_000n },
      ]);
      expect((await sampleSub(yearly.providerSub))?.nextAmountMinor).toBe(300_000n);
      expect(await pushRenewalPrices(t.db, counting(start).provider)).toMatchObject({ told: 1 });
      expect(await pushRenewalPrices(t.db, counting(start).provider)).toEqual({ told: 0, failed: 0 });
    } finally {
      await schedule(null);
    }
  });

  it("a provider that fails is asked again on the next pass; nothing is marked as told meanwhile", async () => {
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
      });
      expect((await liveSubscription(t.db, member.userId))?.providerPriceFrom).toBeNull();
      const retry = counting(start);
      expect(await pushRenewalPrices(t.db, retry.provider, { userId: member.userId })).toEqual({
        told: 1,
        failed: 0,
      });
      expect((await liveSubscription(t.db, member.userId))?.providerPriceFrom?.getTime()).toBe(
        changeFrom.getTime(),
      );
    } finally {
      await schedule(null);
    }
  });
});
