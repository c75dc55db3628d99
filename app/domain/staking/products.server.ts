// Staking products (ADR 0060): the terms an operator offers per asset and duration. An admin's
// edit changes what new stakes get; open positions keep the terms they opened with.
import { and, eq, sql } from "drizzle-orm";
import { stakingPositions, stakingProducts } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Ledger } from "../ledger/types.ts";
import type { CryptoAsset } from "../money/assets.ts";
import { defaultStakingProducts, type StakeDurationDays, type StakingProduct } from "./rules.ts";

export interface StakingProductRow extends StakingProduct {
  id: bigint;
}

export function productFromRow(r: typeof stakingProducts.$inferSelect): StakingProductRow {
  return {
    id: r.id,
    // The table's CHECKs hold both to the lists the types name.
    asset: r.asset as CryptoAsset,
    durationDays: r.durationDays as StakeDurationDays,
    aprBps: r.aprBps,
    minimumUsdMinor: r.minimumUsdMinor,
    perMemberMaximumMinor: r.perMemberMaximumMinor,
    totalCapacityMinor: r.totalCapacityMinor,
    enabled: r.enabled,
  };
}

/** The order the pages list assets in (the seed's), then shortest term first. */
const ASSET_ORDER = sql`array_position(array['BTC','ETH','SOL','BNB','BCH','TRX','USDT'], ${stakingProducts.asset})`;

/** Products, by asset then term. */
export async function listStakingProducts(
  db: Db,
  options: { asset?: CryptoAsset; enabledOnly?: boolean } = {},
): Promise<StakingProductRow[]> {
  const rows = await db
    .select()
    .from(stakingProducts)
    .where(
      and(
        options.asset === undefined ? undefined : eq(stakingProducts.asset, options.asset),
        options.enabledOnly ? eq(stakingProducts.enabled, true) : undefined,
      ),
    )
    .orderBy(ASSET_ORDER, stakingProducts.durationDays);
  return rows.map(productFromRow);
}

/** One product by id; `forUpdate` locks its row until the surrounding transaction ends. */
export async function getStakingProduct(
  db: Db,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<StakingProductRow | undefined> {
  const query = db.select().from(stakingProducts).where(eq(stakingProducts.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ? productFromRow(row) : undefined;
}

/**
 * The product a stake opens in, locked until the stake's transaction ends, so capacity and the
 * member maximum hold under concurrency; undefined when there is none for this asset and term.
 */
export async function lockProductFor(
  tx: Db,
  input: { asset: CryptoAsset; durationDays: StakeDurationDays },
): Promise<StakingProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(stakingProducts)
    .where(and(eq(stakingProducts.asset, input.asset), eq(stakingProducts.durationDays, input.durationDays)))
    .for("update");
  return row ? productFromRow(row) : undefined;
}

/** What is staked and still open in each product, per ledger (capacity is counted per ledger). */
export async function openAmountsByProduct(db: Db): Promise<Map<string, { real: bigint; demo: bigint }>> {
  const rows = await db
    .select({
      productId: stakingPositions.productId,
      ledger: stakingPositions.ledger,
      total: sql<string>`sum(${stakingPositions.amount})::text`,
    })
    .from(stakingPositions)
    .where(eq(stakingPositions.status, "open"))
    .groupBy(stakingPositions.productId, stakingPositions.ledger);
  const totals = new Map<string, { real: bigint; demo: bigint }>();
  for (const r of rows) {
    const key = r.productId.toString();
    const entry = totals.get(key) ?? { real: 0n, demo: 0n };
    entry[r.ledger as Ledger] = BigInt(r.total);
    totals.set(key, entry);
  }
  return totals;
}

/** Seeds the realistic defaults; existing rows (an admin's edits) are left alone. */
export async function seedStakingProducts(db: Db): Promise<number> {
  let inserted = 0;
  for (const p of defaultStakingProducts()) {
    const rows = await db
      .insert(stakingProducts)
      .values(p)
      .onConflictDoNothing({ target: [stakingProducts.asset, stakingProducts.durationDays] })
      .returning({ id: stakingProducts.id });
    inserted += rows.length;
  }
  return inserted;
}

/** An admin's change to a product; open positions keep the terms they opened with. */
export async function updateStakingProduct(
  db: Db,
  id: bigint,
  patch: Partial<Omit<StakingProduct, "asset" | "durationDays">>,
): Promise<void> {
  // Fields left undefined are not written.
  await db
    .update(stakingProducts)
    .set({
      aprBps: patch.aprBps,
      minimumUsdMinor: patch.minimumUsdMinor,
      perMemberMaximumMinor: patch.perMemberMaximumMinor,
      totalCapacityMinor: patch.totalCapacityMinor,
      enabled: patch.enabled,
      updatedAt: sql`now()`,
    })
    .where(eq(stakingProducts.id, id));
}
