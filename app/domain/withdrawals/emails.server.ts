// The member's withdrawal e-mails, queued in the transaction that changes the withdrawal (the
// outbox, ADR 0056), one per withdrawal and state (the message key), so nothing is said that did
// not happen and nothing that happened goes unsaid. The words are in emails.ts.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/auth.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { notify } from "../notifications/notifications.server.ts";
import { WITHDRAWAL_PAGES } from "./emails.ts";
import type { Withdrawal } from "./types.ts";

async function memberOf(db: Db, userId: string) {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

const amountText = (w: Withdrawal) => `${formatAmount(w.amount, w.asset, { grouping: true })} ${w.asset}`;

/** The e-mail the member gets at every state change. */
export async function queueStatusEmail(tx: Db, w: Withdrawal): Promise<void> {
  const user = await memberOf(tx, w.userId);
  if (!user) return;
  // "Sent" also goes to the notification centre, once per withdrawal (ADR 0075); quiet, since the
  // withdrawal's own live event already toasts.
  if (w.status === "completed") {
    await notify(tx, {
      userId: w.userId,
      key: `withdrawal:${w.id}:completed`,
      kind: "withdrawal",
      title: `Withdrawal of ${amountText(w)} sent`,
      link: "/transactions",
      quiet: true,
    });
  }
  await enqueueEmail(tx, `withdrawal:${w.id}:status:${w.status}`, {
    to: user.email,
    template: "withdrawal-status",
    data: {
      name: user.name,
      amount: amountText(w),
      status: w.status,
      sentReference: w.sentReference,
      rejectReason: w.rejectReason,
    },
  });
}

/** Queues the state-change e-mail and hands the withdrawal back. */
export async function withStatusEmail(tx: Db, w: Withdrawal): Promise<Withdrawal> {
  await queueStatusEmail(tx, w);
  return w;
}

function destinationText(w: Withdrawal) {
  const d = w.destination;
  if (d.address) return d.address;
  const account = d.account ? `account ending ${d.account.slice(-4)}` : "";
  return [d.accountHolder, d.bankName, account].filter(Boolean).join(", ");
}

/**
 * The confirmation e-mail of a member without two-factor: the link (to the method's page, which
 * asks them to sign in) and the deadline. Nothing moves to review until they confirm.
 */
export async function queueConfirmationEmail(tx: Db, w: Withdrawal, token: string): Promise<void> {
  const user = await memberOf(tx, w.userId);
  if (!user) return;
  await enqueueEmail(tx, `withdrawal:${w.id}:confirm`, {
    to: user.email,
    template: "withdrawal-confirm",
    data: {
      name: user.name,
      amount: amountText(w),
      destination: destinationText(w),
      path: WITHDRAWAL_PAGES[w.method],
      token,
      until: w.confirmExpiresAt ? w.confirmExpiresAt.toUTCString() : "soon",
    },
  });
}

/** "A new withdrawal address was added", queued with the address's registration. */
export async function queueNewAddressEmail(
  tx: Db,
  input: { addressId: bigint; userId: string; asset: string; address: string; usableFrom: Date },
): Promise<void> {
  const user = await memberOf(tx, input.userId);
  if (!user) return;
  await enqueueEmail(tx, `withdrawal-address:${input.addressId}`, {
    to: user.email,
    template: "withdrawal-new-address",
    data: { asset: input.asset, address: input.address, usableFrom: input.usableFrom.toUTCString() },
  });
}
