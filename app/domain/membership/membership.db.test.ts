import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { queryRows } from "../../db/client.server.ts";
import { getMembership, hasEntitlement, listInvoices, recordPaidPeriod } from "./membership.server.ts";
import { getDefaultPlan, getOfferedPlan, listPlans } from "./plans.server.ts";

const t = setupTestDatabase();
const seller = { name: "Coinlens" };

async function member(id: string) {
  await t.db.execute(sql`insert into users (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
  return id;
}

const start = new Date("2026-11-01T10:00:00Z");
const end = new Date("2026-12-01T10:00:00Z");
const paid = (userId: string, over: Partial<Parameters<typeof recordPaidPeriod>[1]> = {}) => ({
  userId,
  planId: "premium",
  period: "monthly" as const,
  method: "card" as const,
  amountMinor: 25_000n,
  periodStart: start,
  periodEnd: end,
  provider: "sample" as const,
  providerInvoiceId: `in_${userId}`,
  seller,
  ...over,
});

describe("membership", () => {
  it("ships the seed's plans: Standard is free and the default, Premium is 250.00 a month and 3,000.00 a year", async () => {
    const plans = await listPlans(t.db);
    expect(plans.map((p) => [p.id, p.name, p.monthlyPriceMinor, p.yearlyPriceMinor, p.isDefault])).toEqual([
      ["standard", "Standard", 0n, 0n, true],
      ["premium", "Premium", 25_000n, 300_000n, false],
    ]);
    expect((await getDefaultPlan(t.db)).id).toBe("standard");
    expect((await getOfferedPlan(t.db))?.entitlements).toContain("research:premium");
  });

  it("a member without a paid period holds the default plan's entitlements only; a second member's payment changes nothing for them", async () => {
    const a = await member("m-plain");
    const b = await member("m-payer");
    await t.db.transaction((tx) => recordPaidPeriod(tx, paid(b)));
    const now = new Date("2026-11-10T00:00:00Z");
    expect((await getMembership(t.db, a, now)).plan.id).toBe("standard");
    expect(await hasEntitlement(t.db, a, "research:premium", now)).toBe(false);
    expect(await hasEntitlement(t.db, b, "research:premium", now)).toBe(true);
    // The period ended and nothing renewed it: back to Standard.
    expect(await hasEntitlement(t.db, b, "research:premium", new Date("2026-12-01T10:00:00Z"))).toBe(false);
  });

  it("records a payment once: the same provider invoice again changes nothing; invoice numbers follow each other without gaps, even after a rolled-back payment", async () => {
    const a = await member("m-once");
    const b = await member("m-twice");
    const first = await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a)));
    const again = await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a)));
    expect(again).toEqual({ ...first, created: false });
    await expect(
      t.db.transaction(async (tx) => {
        await recordPaidPeriod(tx, paid(b, { providerInvoiceId: "in_rolled_back" }));
        throw new Error("the charge failed after all");
      }),
    ).rejects.toThrow("the charge failed");
    const second = await t.db.transaction((tx) => recordPaidPeriod(tx, paid(b)));
    expect(second.invoiceNumber).toBe(first.invoiceNumber + 1n);
    expect((await listInvoices(t.db, a)).map((i) => i.number)).toEqual([first.invoiceNumber]);
    const [row] = await queryRows<{ n: string | number }>(
      t.db,
      sql`select count(*) as n from subscriptions where user_id = ${a}`,
    );
    expect(Number(row?.n)).toBe(1);
  });

  it("a renewal extends the one live subscription instead of opening a second", async () => {
    const a = await member("m-renew");
    const first = await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a)));
    const next = await t.db.transaction((tx) =>
      recordPaidPeriod(
        tx,
        paid(a, {
          providerInvoiceId: "in_renewal",
          periodStart: end,
          periodEnd: new Date("2027-01-01T10:00:00Z"),
        }),
      ),
    );
    expect(next.subscriptionId).toBe(first.subscriptionId);
    expect(next.invoiceNumber).toBe(first.invoiceNumber + 1n);
    const m = await getMembership(t.db, a, new Date("2026-12-15T00:00:00Z"));
    expect(m.plan.id).toBe("premium");
    expect(m.subscription?.currentPeriodEnd.toISOString()).toBe("2027-01-01T10:00:00.000Z");
  });
});
