// Receipts and the member's own billing changes (ADR 0070): a paid period queues one receipt with
// its payment, the PDF goes to its owner only, and cancel / resume keep access to the period end.
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, devMailbox, outbox, subscriptions } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { deliverMail } from "../../../tests/mailbox.ts";
import { billingPage } from "./billing-page.server.ts";
import { findMemberInvoice, memberInvoicePdf } from "./invoice-pdf.server.ts";
import { cancelMembership, resumeMembership } from "./manage.server.ts";
import { getMembership, recordPaidPeriod } from "./membership.server.ts";
import { sellerFromBrand } from "./receipts.ts";

process.env.APP_ENV = "test";
delete process.env.SMTP_URL;

const t = setupTestDatabase();
const seller = sellerFromBrand(
  {
    name: "Coinlens",
    legalEntity: "Coinlens Ltd",
    registration: "12345678",
    contactEmail: "help@coinlens.test",
  },
  "https://coinlens.test/",
);

async function member(id: string) {
  await t.db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${id}`}, ${`${id}@example.test`})`,
  );
  return id;
}

const start = new Date("2026-11-01T10:00:00Z");
const end = new Date("2026-12-01T10:00:00Z");
const paid = (userId: string, operationId: bigint) => ({
  userId,
  planId: "premium",
  period: "monthly" as const,
  method: "crypto" as const,
  amountMinor: 25_000n,
  periodStart: start,
  periodEnd: end,
  cryptoAsset: "USDT" as const,
  cryptoAmount: 25_000_000n,
  operationId,
  seller: { ...seller },
});

describe("receipts", () => {
  it("a paid period queues one receipt with the payment; the same payment again queues nothing more", async () => {
    const a = await member("r-once");
    const first = await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a, 9_001n)));
    await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a, 9_001n)));
    const queued = await t.db.select().from(outbox).where(like(outbox.messageKey, "receipt:%"));
    expect(queued.filter((m) => m.messageKey === `receipt:${first.invoiceId}`)).toHaveLength(1);

    // A payment that rolls back leaves no receipt behind.
    const b = await member("r-rolled-back");
    await expect(
      t.db.transaction(async (tx) => {
        await recordPaidPeriod(tx, paid(b, 9_002n));
        throw new Error("the ledger entry failed");
      }),
    ).rejects.toThrow("the ledger entry failed");
    const all = await t.db
      .select({ key: outbox.messageKey })
      .from(outbox)
      .where(like(outbox.messageKey, "receipt:%"));
    expect(all).toHaveLength(1);

    await deliverMail(t.db);
    const [mail] = await t.db.select().from(devMailbox).where(eq(devMailbox.to, "r-once@example.test"));
    const number = `CL-${first.invoiceNumber.toString().padStart(6, "0")}`;
    expect(mail?.subject).toBe(`Your Coinlens receipt ${number}`);
    expect(mail?.text).toContain("$250.00");
    expect(mail?.text).toContain(`/settings/billing/invoices/${first.invoiceId}.pdf`);
  });

  it("the invoice PDF is its owner's only: the number, the seller's details, the buyer, plan and amount", async () => {
    const owner = await member("r-owner");
    const other = await member("r-other");
    const { invoiceId, invoiceNumber } = await t.db.transaction((tx) =>
      recordPaidPeriod(tx, paid(owner, 9_003n)),
    );
    expect(await findMemberInvoice(t.db, { userId: other, invoiceId })).toBeNull();
    expect(await memberInvoicePdf(t.db, { userId: other, invoiceId })).toBeNull();
    expect(await memberInvoicePdf(t.db, { userId: owner, invoiceId: "no-such-invoice" })).toBeNull();

    const receipt = await memberInvoicePdf(t.db, { userId: owner, invoiceId });
    const number = `CL-${invoiceNumber.toString().padStart(6, "0")}`;
    expect(receipt?.filename).toBe(`${number}.pdf`);
    const text = receipt?.pdf.toString("latin1") ?? "";
    expect(text.startsWith("%PDF-")).toBe(true);
    for (const expected of [
      number,
      "Coinlens Ltd",
      "12345678",
      "help@coinlens.test",
      "Member r-owner",
      "Premium",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain("$250.00");
    expect(text).toContain("25 USDT");
  });
});

describe("cancel and resume", () => {
  const now = new Date("2026-11-10T00:00:00Z");

  it("cancel keeps Premium to the period's end and stops the renewal; resume takes it back; both audited", async () => {
    const a = await member("r-cancel");
    await t.db.transaction((tx) => recordPaidPeriod(tx, paid(a, 9_004n)));
    const before = await billingPage(t.db, a, now);
    expect(before.subscription).toMatchObject({ status: "active", renewal: { amount: "$250.00" } });
    expect(before.subscription?.switchTo).toMatchObject({ to: "yearly", price: "$3,000.00" });
    expect(before.invoices).toHaveLength(1);

    expect(await cancelMembership(t.db, { userId: a, now })).toEqual({
      ok: true,
      message: "Cancelled. Your membership stays active until 1 Dec 2026.",
    });
    const cancelled = await billingPage(t.db, a, now);
    expect(cancelled.subscription).toMatchObject({ status: "cancelling", renewal: null, switchTo: null });
    expect((await getMembership(t.db, a, now)).plan.id).toBe("premium");

    expect(await resumeMembership(t.db, { userId: a, now })).toMatchObject({ ok: true });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, a));
    expect(row).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    const events = await t.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, a));
    expect(events.map((e) => e.event).sort()).toEqual(["membership-cancelled", "membership-resumed"]);
  });

  it("a member on Standard has nothing to cancel and sees the offer", async () => {
    const a = await member("r-standard");
    expect(await cancelMembership(t.db, { userId: a, now })).toMatchObject({ ok: false, status: 409 });
    const overview = await billingPage(t.db, a, now);
    expect(overview).toMatchObject({ planName: "Standard", subscription: null, invoices: [] });
    expect(overview.offer).toMatchObject({ name: "Premium", monthly: "$250.00", yearly: "$3,000.00" });
  });
});
