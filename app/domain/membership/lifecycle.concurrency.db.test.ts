// Races only show on a real PostgreSQL server (PGlite runs one transaction at a time), so these
// run with TEST_DATABASE_URL set: several "servers" run the renewal job at the same moment.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, subscriptions } from "../../../db/schema/index.ts";
import { onPostgres, setupTestDatabase } from "../../../tests/db.ts";
import { addMember, deposit, expectLedgerClean, seller, setPrices } from "../../../tests/membership.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import { quoteCryptoCheckout } from "./crypto-checkout.server.ts";
import { payCryptoCheckout, payPastDue } from "./crypto-pay.server.ts";
import { runMembershipJobs } from "./jobs.server.ts";
import { addPeriod } from "./plans.ts";

const t = setupTestDatabase();
const START = new Date("2026-11-20T12:00:00Z");

async function subscribeMonthly(userId: string) {
  const member = { userId, mode: "real" as const };
  const q = await quoteCryptoCheckout(
    t.db,
    member,
    { planId: "premium", period: "monthly", asset: "USD" },
    { now: START, quoteSeconds: 30, staleSeconds: 600 },
  );
  if (!q.ok) throw new Error(q.message);
  const paid = await payCryptoCheckout(t.db, member, { checkoutId: q.quote.id }, { now: START, seller });
  if (!paid.ok) throw new Error(paid.message);
}

describe.runIf(onPostgres)("membership renewals under concurrency (PostgreSQL)", () => {
  it("four servers running the renewal job at once: each due membership is charged once", async () => {
    await setPrices(t.db, START);
    const members: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await addMember(t.db, `race-renew-${i}`);
      await deposit(t.db, id, "USD", "1000");
      await subscribeMonthly(id);
      members.push(id);
    }
    const due = new Date(addPeriod(START, "monthly").getTime() + 60_000);
    await setPrices(t.db, due);
    await Promise.all(
      Array.from({ length: 4 }, () => runMembershipJobs(t.db, { now: due, staleSeconds: 600, seller })),
    );
    for (const id of members) {
      expect((await getBalances(t.db, { ledger: "real", userId: id })).USD.available).toBe(50_000n);
      expect(await t.db.select().from(invoices).where(eq(invoices.userId, id))).toHaveLength(2);
      const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
      expect(sub?.currentPeriodEnd.toISOString()).toBe(
        addPeriod(addPeriod(START, "monthly"), "monthly").toISOString(),
      );
    }
    await expectLedgerClean(t.db);
  });

  it("the member paying a past-due renewal while the job retries it: one charge", async () => {
    const id = await addMember(t.db, "race-pastdue");
    await setPrices(t.db, START);
    await deposit(t.db, id, "USD", "250");
    await subscribeMonthly(id);
    const end = addPeriod(START, "monthly");
    await setPrices(t.db, new Date(end.getTime() + 60_000));
    await runMembershipJobs(t.db, {
      now: new Date(end.getTime() + 60_000),
      staleSeconds: 600,
      seller,
      userId: id,
    });
    await deposit(t.db, id, "USD", "600");
    const retryAt = new Date(end.getTime() + 86_400_000 + 120_000);
    await setPrices(t.db, retryAt);
    const q = await quoteCryptoCheckout(
      t.db,
      { userId: id, mode: "real" },
      { planId: "premium", period: "monthly", asset: "USD" },
      { now: retryAt, quoteSeconds: 30, staleSeconds: 600 },
    );
    if (!q.ok) throw new Error(q.message);
    const [paid] = await Promise.all([
      payPastDue(t.db, { userId: id, checkoutId: q.quote.id, now: retryAt }),
      runMembershipJobs(t.db, { now: retryAt, staleSeconds: 600, seller, userId: id }),
      runMembershipJobs(t.db, { now: retryAt, staleSeconds: 600, seller, userId: id }),
    ]);
    // Whichever came first paid it; the other found nothing due.
    expect(paid.ok || paid.message === "Nothing is due on your membership.").toBe(true);
    expect((await getBalances(t.db, { ledger: "real", userId: id })).USD.available).toBe(35_000n);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, id))).toHaveLength(2);
    await expectLedgerClean(t.db);
  });
});
