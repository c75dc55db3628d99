// Reading what an address holds now (watch-only wallets, ADR 0078), beside the deposit watcher
// seam: the same providers, one more small question. Pure parsers of recorded responses here; the
// HTTP and simulated readers in balances.server.ts.
import { type ChainId, ChainProviderError, type WatchedAsset } from "./watcher.ts";

export interface BalanceReader {
  readonly chain: ChainId;
  readonly asset: WatchedAsset;
  /** What the address holds now, unconfirmed included, and whether it was ever used. */
  balanceOf(address: string): Promise<AddressBalance>;
}

export interface AddressBalance {
  /** Minor units: satoshis, or USDT's 6 decimals. */
  balanceMinor: bigint;
  /** The chain has seen the address (an xpub scan's gap limit counts unused addresses). */
  used: boolean;
}

interface EsploraStats {
  funded_txo_sum?: unknown;
  spent_txo_sum?: unknown;
}

function sats(value: unknown): bigint {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new ChainProviderError("Esplora: a balance sum is not a whole number of satoshis");
  }
  return BigInt(value);
}

/** Esplora GET /address/:address → funded − spent, confirmed plus mempool (never below zero). */
export function parseEsploraAddressBalance(json: unknown): AddressBalance {
  const body = json as {
    chain_stats?: EsploraStats & { tx_count?: unknown };
    mempool_stats?: EsploraStats & { tx_count?: unknown };
  };
  if (!body || typeof body !== "object" || !body.chain_stats) {
    throw new ChainProviderError("Esplora: unexpected address response");
  }
  const net = (s: EsploraStats | undefined) => (s ? sats(s.funded_txo_sum) - sats(s.spent_txo_sum) : 0n);
  const total = net(body.chain_stats) + net(body.mempool_stats);
  const txs = Number(body.chain_stats.tx_count ?? 0) + Number(body.mempool_stats?.tx_count ?? 0);
  return { balanceMinor: total > 0n ? total : 0n, used: txs > 0 || total > 0n };
}

/** TronGrid GET /v1/accounts/:address → the TRC20 balance of `contract` (0 for an unused account). */
export function parseTronAccountTokenBalance(json: unknown, contract: string): AddressBalance {
  const body = json as { success?: boolean; error?: string; data?: unknown };
  if (body?.success !== true || !Array.isArray(body.data)) {
    throw new ChainProviderError(`TronGrid: ${body?.error ?? "unexpected account response"}`);
  }
  const account = body.data[0] as { trc20?: Record<string, unknown>[] } | undefined;
  for (const entry of account?.trc20 ?? []) {
    const value = entry?.[contract];
    if (value === undefined) continue;
    if (typeof value !== "string" || !/^\d{1,40}$/.test(value)) {
      throw new ChainProviderError("TronGrid: the token balance is not a whole number");
    }
    return { balanceMinor: BigInt(value), used: true };
  }
  return { balanceMinor: 0n, used: account !== undefined };
}
