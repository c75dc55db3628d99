// The simulated chain (development and tests): a dev page or a command "sends" a payment to a
// deposit address and "mines" blocks; the SimulatedChainWatcher reports them exactly as Esplora or
// TronGrid would, so crediting runs the same code path as in production. Never used when
// CHAIN_WATCHER=live (production refuses 'simulated').
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import type { ChainId, ChainWatcher, ObservedOutput, WatchedAsset } from "./watcher.ts";

const ASSET_OF: Record<ChainId, WatchedAsset> = { bitcoin: "BTC", tron: "USDT" };
/** Simulated chains start at a plausible height so confirmations look like the real thing. */
const GENESIS_HEIGHT: Record<ChainId, number> = { bitcoin: 800_000, tron: 60_000_000 };

export async function simulatedTip(db: Db, chain: ChainId): Promise<number> {
  const [row] = await queryRows<{ height: number | string }>(
    db,
    sql`insert into simulated_chain_tips (chain, height) values (${chain}, ${GENESIS_HEIGHT[chain]})
        on conflict (chain) do update set height = simulated_chain_tips.height
        returning height`,
  );
  return Number(row?.height);
}

/** "Sends" `amountMinor` to `address` in a new unconfirmed transaction (one output). */
export async function simulateSend(
  db: Db,
  input: { chain: ChainId; address: string; amountMinor: bigint; txid?: string; outputIndex?: number },
): Promise<{ txid: string; outputIndex: number }> {
  if (input.amountMinor <= 0n) throw new RangeError("A simulated payment needs a positive amount.");
  const txid = input.txid ?? randomBytes(32).toString("hex");
  const outputIndex = input.outputIndex ?? 0;
  await db.execute(
    sql`insert into simulated_chain_outputs (chain, txid, output_index, address, amount)
        values (${input.chain}, ${txid}, ${outputIndex}, ${input.address}, ${input.amountMinor.toString()}::bigint)`,
  );
  return { txid, outputIndex };
}

/** Mines `count` blocks; every pending simulated payment goes into the first of them. */
export async function mineBlocks(db: Db, chain: ChainId, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("Mine at least one block.");
  return withTx(db, async (tx) => {
    const tip = await simulatedTip(tx, chain);
    await tx.execute(
      sql`update simulated_chain_outputs set block_height = ${tip + 1} where chain = ${chain} and block_height is null`,
    );
    await tx.execute(sql`update simulated_chain_tips set height = ${tip + count} where chain = ${chain}`);
    return tip + count;
  });
}

export function createSimulatedWatcher(db: Db, chain: ChainId): ChainWatcher {
  return {
    chain,
    asset: ASSET_OF[chain],
    async listIncoming(address) {
      const rows = await queryRows<{
        txid: string;
        output_index: number;
        amount: string;
        block_height: number | null;
      }>(
        db,
        sql`select txid, output_index, amount::text as amount, block_height from simulated_chain_outputs
            where chain = ${chain} and address = ${address} order by id`,
      );
      return rows.map(
        (row): ObservedOutput => ({
          chain,
          asset: ASSET_OF[chain],
          txid: row.txid,
          outputIndex: Number(row.output_index),
          address,
          amountMinor: BigInt(row.amount),
          blockHeight: row.block_height === null ? null : Number(row.block_height),
        }),
      );
    },
    tipHeight: () => simulatedTip(db, chain),
  };
}
