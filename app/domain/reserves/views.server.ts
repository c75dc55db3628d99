// What /proof-of-reserves shows (ADR 0087): the latest commitment, its history with the reserve
// ratio per asset, and the signed-in member's own place in it.
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { ASSETS } from "../money/assets.ts";
import { listReserveSnapshots, memberHasLeaf, type SnapshotSummary } from "./snapshots.server.ts";

export function reserveSourceLabel(config: Pick<Config, "chainWatcher">) {
  return config.chainWatcher === "simulated"
    ? "the simulated chain (sample data: no real coins)"
    : "Esplora (Bitcoin) and TronGrid (TRON)";
}

export interface AssetRow {
  asset: string;
  /** Minor units as decimal strings. */
  liabilities: string;
  onChain: string;
  bank: string;
  /** Reserves ÷ liabilities in basis points; null when nothing is owed. */
  ratioBps: number | null;
}

export interface SnapshotView extends Omit<SnapshotSummary, "totals" | "reserves"> {
  assets: AssetRow[];
}

function ratio(reserves: bigint, liabilities: bigint): number | null {
  if (liabilities === 0n) return null;
  return Number((reserves * 10_000n) / liabilities);
}

export function snapshotView(s: SnapshotSummary): SnapshotView {
  const { totals, reserves, ...rest } = s;
  return {
    ...rest,
    assets: ASSETS.map((asset) => {
      const liabilities = BigInt(totals[asset] ?? "0");
      const onChain = BigInt(reserves[asset]?.onChain ?? "0");
      const bank = BigInt(reserves[asset]?.bank ?? "0");
      return {
        asset,
        liabilities: liabilities.toString(),
        onChain: onChain.toString(),
        bank: bank.toString(),
        ratioBps: ratio(onChain + bank, liabilities),
      };
    }),
  };
}

export async function proofOfReservesView(db: Db) {
  const snapshots = await listReserveSnapshots(db, 30);
  return { latest: snapshots[0] ? snapshotView(snapshots[0]) : null, history: snapshots.map(snapshotView) };
}

/** The page's data: the public figures, and for a signed-in member whether they have a proof. */
export async function proofOfReservesPage(db: Db, userId: string | undefined) {
  const view = await proofOfReservesView(db);
  const hasProof =
    userId !== undefined && view.latest !== null
      ? await memberHasLeaf(db, { snapshotId: BigInt(view.latest.id), userId })
      : false;
  return { ...view, signedIn: userId !== undefined, hasProof };
}
