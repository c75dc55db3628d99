import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { billingCheckouts, invoices } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import {
  addMember,
  deposit,
  expectLedgerClean,
  seller,
  setPrices,
  spend,
} from "../../../tests/membership.ts";
import { exportOperations } from "../ledger/history.server.ts";
import { historyToCsv } from "../ledger/history.ts";
import { getBalances, getSystemBalance } from "../ledger/ledger.server.ts";
import { cryptoCheckoutView, quoteCryptoCheckout } from "./crypto-checkout.server.ts";
import { payCryptoCheckout, payPastDue } from "./crypto-pay.server.ts";
import { getMembership, recordPaidPeriod } from "./membership.server.ts";
import { addPeriod, prorationCredit } from "./plans.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-20T12:00:00Z");
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const settings = { quoteSeconds: 30, staleSeconds: 600 };
const real = (userId: string) => ({ userId, mode: "real" as const });

function quote(userId: string, asset: string, period: "monthly" | "yearly" = "yearly", now = NOW) {
  return quoteCryptoCheckout(t.db, real(userId), { planId: "premium", period, asset }, { ...settings, now });
}

async function quoted(userId: string, asset: string, period: "monthly" | "yearly" = "yearly", now = NOW) {
  const result = await quote(userId, asset, period, now);
  if (!result.ok) throw new Error(result.message);
  return result.quote;
}

const pay = (userId: string, checkoutId: string, now = at(5)) =>
  payCryptoCheckout(t.db, real(userId), { checkoutId }, { now, seller });

beforeAll(async () => {
  await setPrices(t.db, NOW);
});

describe("paying the membership from the balance", () => {
  it("moves exactly the quoted amount to membership_revenue in one entry; the member holds Premium for a year; the books balance", async () => {
    const a = await addMember(t.db, "pay-btc");
    const bystander = await addMember(t.db, "pay-bystander");
    await deposit(t.db, a, "BTC", "0.5");
    await deposit(t.db, bystander, "BTC", "0.5");
    const revenueBefore = await getSystemBalance(t.db, {
      ledger: "real",
      kind: "membership_revenue",
      asset: "BTC",
    });
    const q = await quoted(a, "BTC");
    // $3,000 at $100,000 = 0.03 BTC.
    expect(q.cryptoAmountMinor).toBe("3000000");
    expect(q.payText).toBe("0.03000000 BTC");
    const result = await pay(a, q.id);
    expect(result).toMatchObject({ ok: true, replayed: false, paid: "0.03000000 BTC", planName: "Premium" });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).BTC.available).toBe(47_000_000n);
    expect(await getSystemBalance(t.db, { ledger: "real", kind: "membership_revenue", asset: "BTC" })).toBe(
      revenueBefore + 3_000_000n,
    );
    const membership = await getMembership(t.db, a, at(60));
    expect(membership.plan.id).toBe("premium");
    expect(membership.subscription).toMatchObject({ method: "crypto", cryptoAsset: "BTC", period: "yearly" });
    expect(membership.subscription?.currentPeriodEnd.toISOString()).toBe(
      addPeriod(at(5), "yearly").toISOString(),
    );
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, a));
    expect(invoice).toMatchObject({
      method: "crypto",
      amountMinor: 300_000n,
      cryptoAsset: "BTC",
      cryptoAmount: 3_000_000n,
    });
    // The bystander is untouched.
    expect((await getMembership(t.db, bystander, at(60))).plan.id).toBe("standard");
    expect((await getBalances(t.db, { ledger: "real", userId: bystander })).BTC.available).toBe(50_000_000n);
    await expectLedgerClean(t.db);
  });

  it("shows a Membership row in the history and its CSV, with the plan, period and invoice", async () => {
    const a = await addMember(t.db, "pay-history");
    await deposit(t.db, a, "USD", "3000");
    const result = await pay(a, (await quoted(a, "USD")).id);
    expect(result.ok).toBe(true);
    const rows = await exportOperations(t.db, { userId: a, filter: { period: "total", type: "membership" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "membership",
      status: "completed",
      asset: "USD",
      amount: 300_000n,
    });
    expect(rows[0]?.references).toMatchObject({ plan: "Premium", period: "Yearly" });
    expect(rows[0]?.references.invoice).toMatch(/^CL-\d{6}$/);
    expect(historyToCsv(rows)).toContain('"Membership","3000","USD","Completed","Real"');
  });

  it("a double click or a retry pays once", async () => {
    const a = await addMember(t.db, "pay-twice");
    await deposit(t.db, a, "USDT", "4000");
    const q = await quoted(a, "USDT");
    const [first, second] = await Promise.all([pay(a, q.id), pay(a, q.id)]);
    const again = await pay(a, q.id, at(600));
    expect([first, second, again].filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect([first, second, again].every((r) => r.ok)).toBe(true);
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USDT.available).toBe(1_000_000_000n);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, a))).toHaveLength(1);
    await expectLedgerClean(t.db);
  });

  it("an expired quote pays nothing: 'This quote has expired. Please get a new quote.'", async () => {
    const a = await addMember(t.db, "pay-expired");
    await deposit(t.db, a, "USD", "3000");
    const q = await quoted(a, "USD");
    const result = await pay(a, q.id, at(30));
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: "This quote has expired. Please get a new quote.",
      expired: true,
    });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(300_000n);
    const [row] = await t.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, q.id));
    expect(row?.status).toBe("expired");
    expect((await getMembership(t.db, a, at(60))).plan.id).toBe("standard");
  });

  it("a demo session can neither quote nor pay: its funds are virtual", async () => {
    const a = await addMember(t.db, "pay-demo");
    await deposit(t.db, a, "USD", "10000", "demo");
    await deposit(t.db, a, "USD", "3000");
    const demo = { userId: a, mode: "demo" as const };
    const refused = await quoteCryptoCheckout(
      t.db,
      demo,
      { planId: "premium", period: "yearly", asset: "USD" },
      { ...settings, now: NOW },
    );
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(refused.ok ? "" : refused.message).toMatch(/Demo funds are virtual/);
    const q = await quoted(a, "USD");
    expect(await payCryptoCheckout(t.db, demo, { checkoutId: q.id }, { now: at(5), seller })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await payPastDue(t.db, { userId: a, checkoutId: q.id, mode: "demo", now: at(5) })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect((await getBalances(t.db, { ledger: "demo", userId: a })).USD.available).toBe(1_000_000n);
    expect((await getMembership(t.db, a, at(60))).plan.id).toBe("standard");
  });

  it("a short balance is refused beside the asset, naming the balance; a balance spent after the quote pays nothing and burns no invoice number", async () => {
    const a = await addMember(t.db, "pay-short");
    await deposit(t.db, a, "BTC", "0.01");
    const low = await quote(a, "BTC");
    expect(low).toMatchObject({ ok: false, status: 400, field: "asset" });
    expect(low.ok ? "" : low.message).toContain("you have 0.01000000 BTC and it costs 0.03000000 BTC");
    expect(await quote(a, "USDT")).toMatchObject({
      ok: false,
      field: "asset",
      message: "You have no USDT to pay with. Choose another balance.",
    });
    await deposit(t.db, a, "BTC", "0.02");
    const q = await quoted(a, "BTC");
    await spend(t.db, a, "BTC", "0.001");
    const numberBefore = (await t.db.select().from(invoices)).length;
    const result = await pay(a, q.id);
    expect(result).toMatchObject({ ok: false, status: 400, field: "asset" });
    expect(result.ok ? "" : result.message).toContain("you have 0.02900000 BTC");
    expect(await t.db.select().from(invoices)).toHaveLength(numberBefore);
    // The next payment takes the next number: none was burned.
    const b = await addMember(t.db, "pay-after-short");
    await deposit(t.db, b, "USD", "3000");
    await pay(b, (await quoted(b, "USD")).id);
    const numbers = (await t.db.select({ n: invoices.number }).from(invoices))
      .map((r) => Number(r.n))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    await expectLedgerClean(t.db);
  });

  it("stale prices pause BTC and USDT quotes; USD cash needs no price", async () => {
    const a = await addMember(t.db, "pay-stale");
    await deposit(t.db, a, "BTC", "1");
    await deposit(t.db, a, "USD", "3000");
    const later = at(3600);
    expect(await quote(a, "BTC", "yearly", later)).toMatchObject({ ok: false, status: 409 });
    const view = await cryptoCheckoutView(t.db, real(a), {
      planId: "premium",
      period: "yearly",
      now: later,
      staleSeconds: 600,
    });
    expect(view.ok && view.pricesStale).toBe(true);
    expect(await quote(a, "USD", "yearly", later)).toMatchObject({ ok: true });
  });
});

describe("paying while a membership is live", () => {
  it("monthly → yearly: starts now, the unused part of the month credited (shown before paying)", async () => {
    const a = await addMember(t.db, "switch-up");
    await deposit(t.db, a, "USD", "4000");
    await pay(a, (await quoted(a, "USD", "monthly")).id);
    const paidAt = at(5);
    const monthEnd = addPeriod(paidAt, "monthly");
    const tenDays = new Date(paidAt.getTime() + 10 * 86_400_000);
    const credit = prorationCredit({
      priceMinor: 25_000n,
      periodStart: paidAt,
      periodEnd: monthEnd,
      now: tenDays,
    });
    const view = await cryptoCheckoutView(t.db, real(a), {
      planId: "premium",
      period: "yearly",
      now: tenDays,
      staleSeconds: 1e9,
    });
    expect(view).toMatchObject({
      ok: true,
      kind: "switch",
      creditMinor: credit.toString(),
      amountMinor: (300_000n - credit).toString(),
    });
    const q = await quoted(a, "USD", "yearly", tenDays);
    expect(q.creditMinor).toBe(credit.toString());
    expect(await pay(a, q.id, new Date(tenDays.getTime() + 5000))).toMatchObject({ ok: true });
    const sub = (await getMembership(t.db, a, tenDays)).subscription;
    expect(sub).toMatchObject({ period: "yearly", priceMinor: 300_000n });
    expect(sub?.currentPeriodEnd.toISOString()).toBe(
      addPeriod(new Date(tenDays.getTime() + 5000), "yearly").toISOString(),
    );
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(
      400_000n - 25_000n - (300_000n - credit),
    );
    await expectLedgerClean(t.db);
  });

  it("the same period again renews from the current period's end", async () => {
    const a = await addMember(t.db, "renew-early");
    await deposit(t.db, a, "USD", "6000");
    await pay(a, (await quoted(a, "USD")).id);
    const firstEnd = addPeriod(at(5), "yearly");
    const q = await quoted(a, "USD", "yearly", at(60));
    expect(await pay(a, q.id, at(65))).toMatchObject({
      ok: true,
      until: addPeriod(firstEnd, "yearly").toISOString(),
    });
  });

  it("a card membership is not paid from the balance", async () => {
    const a = await addMember(t.db, "card-member");
    await deposit(t.db, a, "USD", "3000");
    await t.db.transaction((tx) =>
      recordPaidPeriod(tx, {
        userId: a,
        planId: "premium",
        period: "monthly",
        method: "card",
        amountMinor: 25_000n,
        periodStart: NOW,
        periodEnd: addPeriod(NOW, "monthly"),
        provider: "sample",
        providerSubscriptionId: "sub_card",
        providerInvoiceId: "in_card",
        seller,
      }),
    );
    expect(await quote(a, "USD")).toMatchObject({ ok: false, status: 409 });
  });

  it("a quote for a membership that changed since is refused, not paid twice", async () => {
    const a = await addMember(t.db, "pay-changed");
    await deposit(t.db, a, "USD", "6000");
    const q1 = await quoted(a, "USD");
    const q2 = await quoted(a, "USD");
    expect(await pay(a, q1.id)).toMatchObject({ ok: true });
    // q2 was quoted for a first membership; there is one now.
    expect(await pay(a, q2.id)).toMatchObject({
      ok: false,
      status: 409,
      message: "Your membership changed since this quote. Please get a new quote.",
    });
    expect((await getBalances(t.db, { ledger: "real", userId: a })).USD.available).toBe(300_000n);
  });
});
