// The sample processor's hosted pages (ADR 0070): its checkout page with three test cards, the
// extra confirmation step of the card that needs one, and its customer portal for changing the
// card on file. The member is signed in to Coinlens on these pages (they are on our site), and a
// session or customer that is not theirs does not exist for them (404).
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import {
  sampleBillingCustomers,
  sampleBillingSessions,
  sampleBillingSubscriptions,
} from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import {
  completeSampleSession,
  queueCardAttached,
  queueSampleEvent,
  type SampleCard,
  type SampleSession,
  sampleMessages,
  sessionEvent,
} from "./sample-processor.server.ts";

export interface SampleCheckoutView {
  id: string;
  productName: string;
  period: "monthly" | "yearly";
  amountMinor: string;
  email: string;
  status: "open" | "requires_action" | "complete" | "expired";
  lastError: string | null;
  cancelUrl: string;
  successUrl: string;
}

/** Whose session this is: the merchant's member id the checkout carries in its metadata. */
const ownedBy = (session: SampleSession, userId: string) => session.metadata.userId === userId;

async function ownSession(db: Db, sessionId: string, userId: string, lock: boolean) {
  const query = db.select().from(sampleBillingSessions).where(eq(sampleBillingSessions.id, sessionId));
  const [session] = lock ? await query.for("update") : await query;
  return session && ownedBy(session, userId) ? session : null;
}

export async function sampleCheckoutView(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<SampleCheckoutView | null> {
  const session = await ownSession(db, sessionId, userId, false);
  if (!session) return null;
  const lapsed = session.status === "open" && session.expiresAt.getTime() <= now.getTime();
  return {
    id: session.id,
    productName: session.productName,
    period: session.period === "yearly" ? "yearly" : "monthly",
    amountMinor: session.amountMinor.toString(),
    email: session.customerEmail,
    status: lapsed ? "expired" : (session.status as SampleCheckoutView["status"]),
    lastError: lapsed ? sampleMessages.expired : session.lastError,
    cancelUrl: session.cancelUrl,
    successUrl: session.successUrl,
  };
}

export type SampleStep =
  | { ok: true; next: "success"; url: string }
  | { ok: true; next: "confirm" }
  | { ok: false; status: 404 | 409 | 402; message: string };

const notFound: SampleStep = { ok: false, status: 404, message: "This checkout does not exist." };

/** The member chose a test card and pressed Pay. */
export async function paySampleCheckout(
  db: Db,
  input: { sessionId: string; userId: string; card: SampleCard; now: Date },
): Promise<SampleStep> {
  return db.transaction(async (tx) => {
    const session = await ownSession(tx, input.sessionId, input.userId, true);
    if (!session) return notFound;
    if (session.status === "complete") return { ok: true, next: "success", url: session.successUrl };
    if (session.status === "expired" || session.expiresAt.getTime() <= input.now.getTime())
      return { ok: false, status: 409, message: sampleMessages.expired };
    if (input.card === "decline") {
      await tx
        .update(sampleBillingSessions)
        .set({ status: "open", pendingCard: null, lastError: sampleMessages.declined })
        .where(eq(sampleBillingSessions.id, session.id));
      return { ok: false, status: 402, message: sampleMessages.declined };
    }
    if (input.card === "confirm") {
      await tx
        .update(sampleBillingSessions)
        .set({ status: "requires_action", pendingCard: "confirm", lastError: null })
        .where(eq(sampleBillingSessions.id, session.id));
      return { ok: true, next: "confirm" };
    }
    await completeSampleSession(tx, session, input.card, input.now);
    return { ok: true, next: "success", url: session.successUrl };
  });
}

/** The bank's confirmation step: Confirm completes the payment, Fail returns to the card choice. */
export async function confirmSampleCheckout(
  db: Db,
  input: { sessionId: string; userId: string; confirm: boolean; now: Date },
): Promise<SampleStep> {
  return db.transaction(async (tx) => {
    const session = await ownSession(tx, input.sessionId, input.userId, true);
    if (!session) return notFound;
    if (session.status === "complete") return { ok: true, next: "success", url: session.successUrl };
    if (session.status !== "requires_action" || session.pendingCard !== "confirm")
      return { ok: false, status: 409, message: "There is no payment waiting for confirmation." };
    if (!input.confirm) {
      await tx
        .update(sampleBillingSessions)
        .set({ status: "open", pendingCard: null, lastError: sampleMessages.notAuthenticated })
        .where(eq(sampleBillingSessions.id, session.id));
      return { ok: false, status: 402, message: sampleMessages.notAuthenticated };
    }
    await completeSampleSession(tx, session, "confirm", input.now);
    return { ok: true, next: "success", url: session.successUrl };
  });
}

/** Open sessions past their expiry are expired and checkout.session.expired is queued (as Stripe does). */
export async function expireSampleSessions(db: Db, now: Date, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(sampleBillingSessions)
      .where(
        and(
          inArray(sampleBillingSessions.status, ["open", "requires_action"]),
          lte(sampleBillingSessions.expiresAt, now),
        ),
      )
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const session of due) {
      const [expired] = await tx
        .update(sampleBillingSessions)
        .set({ status: "expired", pendingCard: null })
        .where(eq(sampleBillingSessions.id, session.id))
        .returning();
      if (expired) await queueSampleEvent(tx, "checkout.session.expired", sessionEvent(expired), now);
    }
    return due.length;
  });
}

// ---------------------------------------------------------------------------------------------
// The portal: the card on file

export interface SamplePortalView {
  customerId: string;
  email: string;
  card: string | null;
  pastDue: boolean;
}

async function ownCustomer(db: Db, customerId: string, userId: string) {
  const [customer] = await db
    .select()
    .from(sampleBillingCustomers)
    .where(eq(sampleBillingCustomers.id, customerId));
  return customer && customer.merchantUserId === userId ? customer : null;
}

export async function samplePortalView(
  db: Db,
  customerId: string,
  userId: string,
): Promise<SamplePortalView | null> {
  const customer = await ownCustomer(db, customerId, userId);
  if (!customer) return null;
  const pastDue = await db
    .select({ id: sampleBillingSubscriptions.id })
    .from(sampleBillingSubscriptions)
    .where(
      and(
        eq(sampleBillingSubscriptions.customerId, customerId),
        eq(sampleBillingSubscriptions.status, "past_due"),
      ),
    );
  return { customerId, email: customer.email, card: customer.card, pastDue: pastDue.length > 0 };
}

/**
 * A new card on file. A subscription whose renewal failed is retried at once with it (the
 * renewal job picks it up), as a processor retries an open invoice when the card changes.
 */
export async function changeSampleCard(
  db: Db,
  input: { customerId: string; userId: string; card: SampleCard; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const customer = await ownCustomer(tx, input.customerId, input.userId);
    if (!customer) return false;
    await tx
      .update(sampleBillingCustomers)
      .set({ card: input.card })
      .where(eq(sampleBillingCustomers.id, customer.id));
    await queueCardAttached(tx, customer.id, input.card, input.now);
    await tx
      .update(sampleBillingSubscriptions)
      .set({ nextActionAt: input.now, updatedAt: sql`now()` })
      .where(
        and(
          eq(sampleBillingSubscriptions.customerId, customer.id),
          eq(sampleBillingSubscriptions.status, "past_due"),
        ),
      );
    return true;
  });
}
