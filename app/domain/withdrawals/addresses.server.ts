// Crypto withdrawal destinations and their cooling-off (ADR 0053): a destination the member has
// not used before is registered on first sight and can be used only after the configured hours,
// and the member is e-mailed about it in the same transaction.
import { and, eq } from "drizzle-orm";
import { withdrawalAddresses } from "../../../db/schema/withdrawals.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
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
