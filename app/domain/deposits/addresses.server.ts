// Where a member sends money: a deposit address per crypto asset, derived from the operator's
// extended public keys (ADR 0052), and a bank-transfer reference. Each is created on first use
// and belongs to that member for ever.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { depositAddresses, depositBankReferences } from "../../../db/schema/deposits.ts";
import type { Db } from "../../db/client.server.ts";
import type { ChainKeys } from "../chain/keys.server.ts";
import type { WatchedAsset } from "../chain/watcher.ts";

const CHAIN_OF = { BTC: "bitcoin", USDT: "tron" } as const;

/**
 * The member's deposit address for `asset`, allocating the next derivation index on first use.
 * An index, once given, belongs to that member for ever (unique (asset, index); rows are never
 * updated or deleted).
 */
export async function getOrCreateDepositAddress(
  db: Db,
  keys: Pick<ChainKeys, "btc" | "tron">,
  userId: string,
  asset: WatchedAsset,
): Promise<{ address: string; derivationIndex: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [existing] = await db
      .select({ address: depositAddresses.address, derivationIndex: depositAddresses.derivationIndex })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.asset, asset)));
    if (existing) return existing;
    const [next] = await db
      .select({ next: sql<number | string>`coalesce(max(${depositAddresses.derivationIndex}) + 1, 0)` })
      .from(depositAddresses)
      .where(eq(depositAddresses.asset, asset));
    const index = Number(next?.next ?? 0);
    const address = (asset === "BTC" ? keys.btc : keys.tron).derive(index);
    const inserted = await db
      .insert(depositAddresses)
      .values({ userId, asset, chain: CHAIN_OF[asset], derivationIndex: index, address })
      .onConflictDoNothing()
      .returning({ address: depositAddresses.address });
    if (inserted.length > 0) return { address, derivationIndex: index };
    // Another request took this index (or this member's row appeared): look again.
  }
  throw new Error("Could not allocate a deposit address; try again.");
}

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** The member's bank-transfer reference, e.g. "CL-7KQ2-M9XD", created on first use. */
export async function getOrCreateBankReference(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [existing] = await db
      .select({ reference: depositBankReferences.reference })
      .from(depositBankReferences)
      .where(eq(depositBankReferences.userId, userId));
    if (existing) return existing.reference;
    const bytes = randomBytes(8);
    const chars = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("");
    const reference = `CL-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
    await db.insert(depositBankReferences).values({ userId, reference }).onConflictDoNothing();
  }
  throw new Error("Could not allocate a bank reference; try again.");
}

/** The member a bank-transfer reference belongs to, if any. */
export async function findBankReferenceOwner(db: Db, reference: string): Promise<string | undefined> {
  const [owner] = await db
    .select({ userId: depositBankReferences.userId })
    .from(depositBankReferences)
    .where(eq(depositBankReferences.reference, reference.trim().toUpperCase()));
  return owner?.userId;
}
