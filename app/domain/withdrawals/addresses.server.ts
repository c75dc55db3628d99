// Crypto withdrawal destinations and their cooling-off (ADR 0053): a destination the member has
// not used before is registered on first sight and can be used only after the configured hours,
// and the member is e-mailed about it in the same transaction.
import { and, desc, eq } from "drizzle-orm";
import { withdrawalAddresses } from "../../../db/schema/withdrawals.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { parseId } from "../forms.ts";
import { ADDRESS_LABEL_MAX } from "./address-book.ts";
import { queueNewAddressEmail } from "./emails.server.ts";
import { AddressCoolingOffError } from "./errors.ts";

/**
 * Checks (and on first sight registers) a crypto destination. Throws AddressCoolingOffError while
 * the address is cooling off; on first sight the "new address" e-mail is queued with the address
 * (one transaction: the address is never registered without the member being told).
 */
export async function checkWithdrawalAddress(
  db: Db,
  input: { userId: string; asset: "BTC" | "USDT"; address: string; coolingOffHours: number; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const usableFrom = new Date(now.getTime() + input.coolingOffHours * 3_600_000);
  const registered = await withTx(db, async (tx) => {
    const [row] = await tx
      .insert(withdrawalAddresses)
      .values({ userId: input.userId, asset: input.asset, address: input.address, usableFrom })
      .onConflictDoNothing({
        target: [withdrawalAddresses.userId, withdrawalAddresses.asset, withdrawalAddresses.address],
      })
      .returning({ id: withdrawalAddresses.id });
    if (!row || input.coolingOffHours <= 0) return row !== undefined;
    const { userId, asset, address } = input;
    await queueNewAddressEmail(tx, { addressId: row.id, userId, asset, address, usableFrom });
    return true;
  });
  if (registered) {
    if (input.coolingOffHours > 0) throw new AddressCoolingOffError(usableFrom, true);
    return;
  }
  const [row] = await db
    .select({ usableFrom: withdrawalAddresses.usableFrom })
    .from(withdrawalAddresses)
    .where(
      and(
        eq(withdrawalAddresses.userId, input.userId),
        eq(withdrawalAddresses.asset, input.asset),
        eq(withdrawalAddresses.address, input.address),
      ),
    );
  const from = row?.usableFrom ?? new Date(Number.NaN);
  if (from.getTime() > now.getTime()) throw new AddressCoolingOffError(from, false);
}

/** A saved destination, as the address book shows it. */
export interface SavedAddress {
  id: string;
  address: string;
  label: string | null;
  /** ISO time from which a withdrawal to it is accepted. */
  usableFrom: string;
  usableNow: boolean;
}

/** The member's saved destinations for one asset, newest first (only their own). */
export async function listWithdrawalAddresses(
  db: Db,
  input: { userId: string; asset: "BTC" | "USDT"; now?: Date },
): Promise<SavedAddress[]> {
  const now = input.now ?? new Date();
  const rows = await db
    .select({
      id: withdrawalAddresses.id,
      address: withdrawalAddresses.address,
      label: withdrawalAddresses.label,
      usableFrom: withdrawalAddresses.usableFrom,
    })
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, input.userId), eq(withdrawalAddresses.asset, input.asset)))
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
  return rows.map((r) => ({
    id: String(r.id),
    address: r.address,
    label: r.label,
    usableFrom: r.usableFrom.toISOString(),
    usableNow: r.usableFrom.getTime() <= now.getTime(),
  }));
}

export const addressLabelMessages = Object.freeze({
  length: `A label is 1 to ${ADDRESS_LABEL_MAX} characters.`,
  notFound: "No such saved address.",
  saved: "Label saved.",
} as const);

export type LabelAddressResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404; errors: { label?: string; form?: string } };

/**
 * The member names one of their saved addresses (1–60 characters after trimming). Someone else's
 * row, or an id that is not one, is answered alike: "No such saved address."
 */
export async function labelWithdrawalAddress(
  db: Db,
  input: { userId: string; addressId: string; label: string },
): Promise<LabelAddressResult> {
  const label = input.label.trim();
  if (label.length < 1 || label.length > ADDRESS_LABEL_MAX) {
    return { ok: false, status: 400, errors: { label: addressLabelMessages.length } };
  }
  const id = parseId(input.addressId);
  if (id === null) return { ok: false, status: 404, errors: { form: addressLabelMessages.notFound } };
  const updated = await db
    .update(withdrawalAddresses)
    .set({ label })
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, input.userId)))
    .returning({ id: withdrawalAddresses.id });
  if (updated.length === 0)
    return { ok: false, status: 404, errors: { form: addressLabelMessages.notFound } };
  return { ok: true, message: addressLabelMessages.saved };
}
