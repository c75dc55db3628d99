// The USD value a withdrawal request counts for under the two-admin rule, at the latest fresh quote.
import type { Db } from "../../db/client.server.ts";
import { getQuotes } from "../market-data/cache.server.ts";
import type { WithdrawalAsset } from "./types.ts";
import { usdValueForApproval } from "./value.ts";

/** The value the two-admin rule counts, at the latest quote (null when none is fresh). */
export async function usdValueAtRequest(
  db: Db,
  asset: WithdrawalAsset,
  amount: bigint,
  staleSeconds: number,
  now: Date,
) {
  if (asset === "USD") return usdValueForApproval(amount, asset, null);
  const { quotes, stale } = await getQuotes(db, { now, staleSeconds, symbols: [asset] });
  const quote = quotes.find((q) => q.symbol.toUpperCase() === asset);
  return usdValueForApproval(amount, asset, quote ? { priceUsd: quote.priceUsd, stale } : null);
}
