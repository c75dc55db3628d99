// The chain watcher seam (codebase guide §8): Esplora for BTC, TronGrid for TRC20 USDT, and a
// simulated chain for development and tests, all behind one small interface.

export type ChainId = "bitcoin" | "tron";
export type WatchedAsset = "BTC" | "USDT";

/** One payment to one of our addresses: a BTC transaction output, or a TRC20 Transfer log. */
export interface ObservedOutput {
  chain: ChainId;
  asset: WatchedAsset;
  txid: string;
  /** BTC: the vout index. TRON: the index of the Transfer event in the transaction's log. */
  outputIndex: number;
  address: string;
  /** Minor units actually received (satoshis; USDT 6 decimals). */
  amountMinor: bigint;
  /** Null while unconfirmed (mempool). */
  blockHeight: number | null;
}

export interface ChainWatcher {
  readonly chain: ChainId;
  readonly asset: WatchedAsset;
  /** Every payment to `address` the chain knows of, confirmed or not. */
  listIncoming(address: string): Promise<ObservedOutput[]>;
  /** The height of the best block. */
  tipHeight(): Promise<number>;
}

/** Confirmations of an output: 0 in the mempool, 1 in the tip block, and so on. */
export function confirmationsOf(blockHeight: number | null, tipHeight: number): number {
  if (blockHeight === null || blockHeight > tipHeight) return 0;
  return tipHeight - blockHeight + 1;
}

export class ChainProviderError extends Error {
  readonly status: number | undefined;
  /** Set on 429: wait this long before the next call. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, options: { status?: number; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "ChainProviderError";
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Shared response handling: 429 with Retry-After, other non-2xx with the provider's text. */
export async function readProviderResponse(response: Response, provider: string): Promise<string> {
  const body = await response.text();
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new ChainProviderError(`${provider} rate limit reached`, {
      status: 429,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60,
    });
  }
  if (!response.ok) {
    throw new ChainProviderError(`${provider} answered ${response.status}: ${body.slice(0, 200)}`, {
      status: response.status,
    });
  }
  return body;
}
