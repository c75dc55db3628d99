// Clearing a member's open stakes without paying them out: the demo balance reset
// (accounts/demo-reset.server.ts) takes the staked coins back in an entry of its own, and these
// functions lock the stakes beforehand and close them afterwards, inside its transaction. A
// cleared stake ends "exited", settled by that entry: the maturity job picks only open stakes, so
// it never pays out one of them, and the early-exit path refuses them like any ended stake.
import { and, asc, eq, inArray } from "drizzle-orm";
import { stakingPositions } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { PostingInput } from "../ledger/entries.ts";
import { advanceOperation } from "../ledger/operations.server.ts";
import type { Ledger } from "../ledger/types.ts";
import type { CryptoAsset } from "../money/assets.ts";
import { positionFromRow, type StakePosition } from "./positions.server.ts";

/**
 * The member's open stakes on one ledger, locked (FOR UPDATE) until the caller's transaction ends.
 * A stake the maturity job is settling right now is waited for, then left out: by then it has
 * matured. Lock these before the member's balances, in the order the maturity job takes them.
 */
export async function lockOpenStakes(
  tx: Db,
  input: { ledger: Ledger; userId: string },
): Promise<StakePosition[]> {
  const rows = await tx
    .select()
    .from(stakingPositions)
    .where(
      and(
        eq(stakingPositions.userId, input.userId),
        eq(stakingPositions.ledger, input.ledger),
        eq(stakingPositions.status, "open"),
      ),
    )
    .orderBy(asc(stakingPositions.id))
    .for("update");
  return rows.map(positionFromRow);
}

/**
 * The postings that hand the stakes' reserved rewards back to the rewards pool (reserved_rewards →
 * rewards_pool, one pair per asset), as an early exit does: a cleared stake earns nothing.
 */
export function releasedRewardPostings(positions: readonly StakePosition[], ledger: Ledger): PostingInput[] {
  const perAsset = new Map<CryptoAsset, bigint>();
  for (const p of positions) {
    if (p.rewardMinor > 0n) perAsset.set(p.asset, (perAsset.get(p.asset) ?? 0n) + p.rewardMinor);
  }
  return [...perAsset].flatMap(([asset, amount]) => [
    { account: { system: "reserved_rewards" as const, asset, ledger }, amount: -amount },
    { account: { system: "rewards_pool" as const, asset, ledger }, amount },
  ]);
}

/**
 * Closes stakes whose principal `entryId` took back: each becomes "exited", settled by that entry
 * at `now`, and its Stake operation Completed with `reason` beside it. The stakes must have been
 * locked by lockOpenStakes in the same transaction.
 */
export async function closeClearedStakes(
  tx: Db,
  positions: readonly StakePosition[],
  input: { entryId: bigint; now: Date; reason: string },
): Promise<void> {
  if (positions.length === 0) return;
  const closed = await tx
    .update(stakingPositions)
    .set({ status: "exited", settledAt: input.now, settleEntryId: input.entryId })
    .where(
      and(
        inArray(
          stakingPositions.id,
          positions.map((p) => p.id),
        ),
        eq(stakingPositions.status, "open"),
      ),
    )
    .returning({ id: stakingPositions.id });
  if (closed.length !== positions.length) throw new Error("a cleared stake was no longer open");
  for (const p of positions) {
    if (p.operationId === null) continue;
    await advanceOperation(tx, p.ledger, {
      id: p.operationId,
      status: "completed",
      references: { ended: input.reason },
    });
  }
}
