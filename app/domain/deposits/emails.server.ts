// The member's deposit e-mails, queued in the transaction that changes the deposit (the outbox,
// ADR 0056), once per deposit and event (the message key), so a replayed scan or a retried click
// sends nothing twice. The words are in emails.ts.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/auth.ts";
import type { Db } from "../../db/client.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { formatAmount } from "../money/amount.ts";
import { notify } from "../notifications/notifications.server.ts";
import type { CreditNotice, DepositAsset, DetectedNotice, RejectNotice } from "./types.ts";

async function memberOf(db: Db, userId: string) {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

const amountText = (amount: bigint, asset: DepositAsset) =>
  `${formatAmount(amount, asset, { grouping: true })} ${asset}`;

/** "Your deposit has been credited": call inside the crediting transaction. */
export async function queueDepositCreditedEmail(tx: Db, notice: CreditNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  // The notification centre says it too, under the same event name (ADR 0075); the deposit's own
  // live event already toasts, so this one is quiet.
  await notify(tx, {
    userId: notice.userId,
    key: `deposit:${notice.depositId}:credited`,
    kind: "deposit",
    title: `Deposit of ${amountText(notice.amount, notice.asset)} credited`,
    link: "/transactions",
    quiet: true,
  });
  await enqueueEmail(tx, `deposit:${notice.depositId}:credited`, {
    to: user.email,
    template: "deposit-credited",
    data: { name: user.name, amount: amountText(notice.amount, notice.asset), reference: notice.reference },
  });
}

/** "We have seen your deposit", once per deposit (see DetectedNotice). */
export async function queueDepositDetectedEmail(tx: Db, notice: DetectedNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  await enqueueEmail(tx, `deposit:${notice.depositId}:detected`, {
    to: user.email,
    template: "deposit-detected",
    data: {
      name: user.name,
      amount: amountText(notice.amount, notice.asset),
      confirmations: notice.confirmations,
      required: notice.requiredConfirmations,
      reference: notice.reference,
    },
  });
}

/** "Your deposit has been rejected", with the admin's note as the reason. */
export async function queueDepositRejectedEmail(tx: Db, notice: RejectNotice) {
  const user = await memberOf(tx, notice.userId);
  if (!user) return;
  await enqueueEmail(tx, `deposit:${notice.depositId}:rejected`, {
    to: user.email,
    template: "deposit-rejected",
    data: {
      name: user.name,
      amount: notice.amount === null ? null : amountText(notice.amount, notice.asset),
      reason: notice.reason,
      reference: notice.reference,
    },
  });
}
