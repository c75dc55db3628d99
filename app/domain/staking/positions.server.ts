// Members' stakes as stored (ADR 0060), and the rewards pool they draw on. Opening a stake is in
// open.server.ts, settling one in settle.server.ts.
import { and, desc, eq, sql } from "drizzle-orm";
import { stakingPositions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getSystemBalance } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import type { CryptoAsset } from "../money/assets.ts";
import type { StakeDurationDays } from "./rules.ts";
import type { PositionStatus } from "./views.ts";

export type { PositionStatus };

export interface StakePosition {
  id: bigint;
  ledger: Ledger;
  userId: string;
  productId: bigint;
  asset: CryptoAsset;
  durationDays: StakeDurationDays;
  aprBps: number;
  amountMinor: bigint;
  rewardMinor: bigint;
  status: PositionStatus;
  openedAt: Date;
  maturesAt: Date;
  settledAt: Date | null;
  operationId: bigint | null;
  rewardOperationId: bigint | null;
}

export function positionFromRow(r: typeof stakingPositions.$inferSelect): StakePosition {
  return {
    id: r.id,
    ledger: r.ledger,
    userId: r.userId,
    productId: r.productId,
    // The table's CHECKs hold both to the lists the types name.
    asset: r.asset as CryptoAsset,
    durationDays: r.durationDays as StakeDurationDays,
    aprBps: r.aprBps,
    amountMinor: r.amount,
    rewardMinor: r.reward,
    status: r.status,
    openedAt: r.openedAt,
    maturesAt: r.maturesAt,
    settledAt: r.settledAt,
    operationId: r.operationId,
    rewardOperationId: r.rewardOperationId,
  };
}

/** One member's stakes on one ledger: open ones first, then the newest. */
export async function listStakePositions(
  db: Db,
  input: { ledger: Ledger; userId: string; limit?: number },
): Promise<StakePosition[]> {
  const rows = await db
    .select()
    .from(stakingPositions)
    .where(and(eq(stakingPositions.userId, input.userId), eq(stakingPositions.ledger, input.ledger)))
    .orderBy(
      sql`(${stakingPositions.status} = 'open') desc`,
      desc(stakingPositions.openedAt),
      desc(stakingPositions.id),
    )
    .limit(input.limit ?? 100);
  return rows.map(positionFromRow);
}

/** One of the member's stakes; undefined for someone else's or the other ledger's. */
export async function getStakePosition(
  db: Db,
  input: { ledger: Ledger; userId: string; positionId: bigint },
): Promise<StakePosition | undefined> {
  const [row] = await db
    .select()
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.id, input.positionId),
        eq(stakingPositions.userId, input.userId),
        eq(stakingPositions.ledger, input.ledger),
      ),
    );
  return row ? positionFromRow(row) : undefined;
}

/** What the pool can still promise, and what it has promised to open stakes. */
export async function getRewardsPool(
  db: Db,
  input: { ledger: Ledger; asset: CryptoAsset },
): Promise<{ availableMinor: bigint; reservedMinor: bigint }> {
  const [availableMinor, reservedMinor] = await Promise.all([
    getSystemBalance(db, { ledger: input.ledger, kind: "rewards_pool", asset: input.asset }),
    getSystemBalance(db, { ledger: input.ledger, kind: "reserved_rewards", asset: input.asset }),
  ]);
  return { availableMinor, reservedMinor };
}
