// Smart money's transfers (issue 20, ADR 0085), pure: what the chain providers' answers say moved
// in and out of a watched address, which way it went relative to the exchanges, and whether it is
// large enough for the feed. Provider answers are parsed strictly: a malformed one is an error,
// never a guessed transfer.
import { ChainProviderError } from "../chain/watcher.ts";
import { valueInUsdMinor } from "../money/conversion.ts";

export type SmartChain = "bitcoin" | "tron";
export type SmartAsset = "BTC" | "USDT";
export type Flow = "in" | "out";
export type Direction = "to-exchange" | "from-exchange" | "other";
export type AddressCategory = "exchange" | "fund" | "holder";

export const ASSET_OF: Readonly<Record<SmartChain, SmartAsset>> = Object.freeze({
  bitcoin: "BTC",
  tron: "USDT",
});

/** One transaction's net movement for one watched address. */
export interface ObservedTransfer {
  txid: string;
  address: string;
  flow: Flow;
  amountMinor: bigint;
  /** The other side when the chain names a single one. */
  counterparty: string | null;
  blockHeight: number | null;
  occurredAt: Date;
}

interface EsploraIo {
  scriptpubkey_address?: string;
  value?: number;
}
interface EsploraTx {
  txid?: string;
  vin?: { prevout?: EsploraIo | null }[];
  vout?: EsploraIo[];
  status?: { confirmed?: boolean; block_height?: number; block_time?: number };
}

const satoshis = (io: EsploraIo | null | undefined): bigint => {
  const value = io?.value;
  if (!Number.isSafeInteger(value) || (value as number) < 0)
    throw new ChainProviderError("Esplora: a value is not a whole number of satoshis");
  return BigInt(value as number);
};

/**
 * Esplora's /address/:address/txs answer → the address's confirmed net transfers: received outputs
 * minus spent inputs. The counterparty of an incoming transfer is the sender when every input
 * comes from one address; of an outgoing one, the largest output to another address.
 */
export function parseEsploraTransfers(json: unknown, address: string): ObservedTransfer[] {
  if (!Array.isArray(json)) throw new ChainProviderError("Esplora: expected an array of transactions");
  const transfers: ObservedTransfer[] = [];
  for (const tx of json as EsploraTx[]) {
    if (typeof tx?.txid !== "string" || !/^[0-9a-f]{64}$/.test(tx.txid) || !Array.isArray(tx.vout))
      throw new ChainProviderError("Esplora: malformed transaction");
    if (tx.status?.confirmed !== true || !Number.isSafeInteger(tx.status.block_time)) continue;
    const inputs = (tx.vin ?? []).map((vin) => vin.prevout).filter((p): p is EsploraIo => Boolean(p));
    const received = tx.vout
      .filter((o) => o.scriptpubkey_address === address)
      .reduce((sum, o) => sum + satoshis(o), 0n);
    const sent = inputs
      .filter((i) => i.scriptpubkey_address === address)
      .reduce((sum, i) => sum + satoshis(i), 0n);
    const net = received - sent;
    if (net === 0n) continue;
    let counterparty: string | null = null;
    if (net > 0n) {
      const senders = new Set(inputs.map((i) => i.scriptpubkey_address ?? ""));
      counterparty = senders.size === 1 ? [...senders][0] || null : null;
    } else {
      const others = tx.vout.filter((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address);
      others.sort((a, b) => (satoshis(b) > satoshis(a) ? 1 : -1));
      counterparty = others[0]?.scriptpubkey_address ?? null;
    }
    transfers.push({
      txid: tx.txid,
      address,
      flow: net > 0n ? "in" : "out",
      amountMinor: net > 0n ? net : -net,
      counterparty,
      blockHeight: Number.isSafeInteger(tx.status.block_height) ? (tx.status.block_height as number) : null,
      occurredAt: new Date((tx.status.block_time as number) * 1000),
    });
  }
  return transfers;
}

interface Trc20Item {
  transaction_id?: string;
  token_info?: { address?: string };
  block_timestamp?: number;
  from?: string;
  to?: string;
  type?: string;
  value?: string;
}

/**
 * TronGrid's /v1/accounts/:address/transactions/trc20 answer → the address's USDT transfers (only
 * the given contract's Transfer events; a transfer to itself moves nothing).
 */
export function parseTrc20Transfers(json: unknown, address: string, contract: string): ObservedTransfer[] {
  const body = json as { success?: boolean; error?: string; data?: unknown };
  if (body?.success !== true || !Array.isArray(body.data))
    throw new ChainProviderError(`TronGrid: ${body?.error ?? "unexpected response"}`);
  const transfers: ObservedTransfer[] = [];
  for (const item of body.data as Trc20Item[]) {
    if (item.token_info?.address !== contract || item.type !== "Transfer") continue;
    if (typeof item.transaction_id !== "string" || !/^[0-9a-f]{64}$/.test(item.transaction_id))
      throw new ChainProviderError("TronGrid: malformed transaction id");
    if (typeof item.value !== "string" || !/^\d{1,30}$/.test(item.value))
      throw new ChainProviderError("TronGrid: malformed transfer value");
    if (!Number.isSafeInteger(item.block_timestamp))
      throw new ChainProviderError("TronGrid: transfer without a block time");
    const amount = BigInt(item.value);
    if (amount === 0n || item.from === item.to) continue;
    const incoming = item.to === address;
    if (!incoming && item.from !== address) continue;
    transfers.push({
      txid: item.transaction_id,
      address,
      flow: incoming ? "in" : "out",
      amountMinor: amount,
      counterparty: (incoming ? item.from : item.to) ?? null,
      blockHeight: null,
      occurredAt: new Date(item.block_timestamp as number),
    });
  }
  return transfers;
}

/**
 * Which way a transfer went relative to the exchanges: into an exchange's wallet (often a sign of
 * selling) or out of one (often of holding), or neither. An exchange's wallet receiving is money
 * to an exchange, unless it came from another exchange (shuffling between exchanges is neither).
 */
export function classifyDirection(
  watched: AddressCategory,
  flow: Flow,
  counterparty: AddressCategory | null,
): Direction {
  const watchedIsExchange = watched === "exchange";
  const otherIsExchange = counterparty === "exchange";
  if (watchedIsExchange && otherIsExchange) return "other";
  if (watchedIsExchange) return flow === "in" ? "to-exchange" : "from-exchange";
  if (otherIsExchange) return flow === "out" ? "to-exchange" : "from-exchange";
  return "other";
}

/** A transfer worth $1,000,000 or more; without a price, 10 BTC or 1,000,000 USDT or more. */
export const LARGE_USD_CENTS = 100_000_000n;
export const LARGE_WITHOUT_PRICE: Readonly<Record<SmartAsset, bigint>> = Object.freeze({
  BTC: 10n * 100_000_000n,
  USDT: 1_000_000n * 1_000_000n,
});

export function isLarge(asset: SmartAsset, amountMinor: bigint, usdCents: bigint | null): boolean {
  return usdCents !== null ? usdCents >= LARGE_USD_CENTS : amountMinor >= LARGE_WITHOUT_PRICE[asset];
}

/** The USD value at the day's close, in cents (halfUp: a figure for reading), or null without a close. */
export function usdValueAt(asset: SmartAsset, amountMinor: bigint, closeUsd: string | null): bigint | null {
  if (closeUsd === null) return null;
  return valueInUsdMinor(amountMinor, asset, closeUsd, "halfUp");
}

export const DIRECTION_LABELS: Readonly<Record<Direction, string>> = Object.freeze({
  "to-exchange": "To an exchange",
  "from-exchange": "From an exchange",
  other: "Wallet to wallet",
});

export const CATEGORY_LABELS: Readonly<Record<AddressCategory, string>> = Object.freeze({
  exchange: "Exchange wallet",
  fund: "Fund",
  holder: "Large holder",
});
