// TronGrid HTTP API for TRC20 USDT deposits.
//   GET  /v1/accounts/:address/transactions/trc20?only_to=true&contract_address=…&limit=200
//        lists transfer candidates (paged with meta.fingerprint);
//   POST /wallet/gettransactioninfobyid {value: txid}
//        gives the block number, the result and the event log: each Transfer(from, to, value)
//        log of the USDT contract paying our address is one output, its log index the output index;
//   POST /wallet/getnowblock gives the tip.
// A transfer is reported once it is in a block (TRON makes one every 3 s); the listing alone is
// never trusted for the amount — the amount comes from the receipt's log of a SUCCESS transaction.
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import {
  ChainProviderError,
  type ChainWatcher,
  type FetchLike,
  type ObservedOutput,
  readProviderResponse,
} from "./watcher.ts";

const base58check = createBase58check(sha256);
/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const MAX_PAGES = 20;

/** T… base58check → 20-byte hex (without the 0x41 prefix), as TRON logs write addresses. */
export function tronAddressToHex20(address: string): string {
  const bytes = base58check.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41)
    throw new ChainProviderError(`Not a TRON address: ${address}`);
  return Buffer.from(bytes.subarray(1)).toString("hex");
}

/** Pure: transaction ids from one page of /v1/accounts/:a/transactions/trc20, and the next-page fingerprint. */
export function parseTrc20Listing(
  json: unknown,
  contract: string,
): { txids: string[]; fingerprint?: string } {
  const body = json as { success?: boolean; error?: string; data?: unknown; meta?: { fingerprint?: string } };
  if (body?.success !== true || !Array.isArray(body.data)) {
    throw new ChainProviderError(`TronGrid: ${body?.error ?? "unexpected response"}`);
  }
  const txids = new Set<string>();
  for (const item of body.data as { transaction_id?: string; token_info?: { address?: string } }[]) {
    if (item.token_info?.address !== contract) continue;
    if (typeof item.transaction_id !== "string" || !/^[0-9a-f]{64}$/.test(item.transaction_id)) {
      throw new ChainProviderError("TronGrid: malformed transaction id");
    }
    txids.add(item.transaction_id);
  }
  return { txids: [...txids], fingerprint: body.meta?.fingerprint || undefined };
}

/** Pure: the USDT outputs paying `address` in one gettransactioninfobyid answer ({} = not in a block yet). */
export function parseTronTransactionInfo(
  json: unknown,
  txid: string,
  address: string,
  contract: string,
): ObservedOutput[] {
  const info = json as {
    id?: string;
    blockNumber?: number;
    receipt?: { result?: string };
    log?: { address?: string; topics?: string[]; data?: string }[];
  };
  if (!info || typeof info !== "object")
    throw new ChainProviderError("TronGrid: unexpected transaction info");
  if (info.id === undefined) return []; // not yet in a block
  if (info.id !== txid) throw new ChainProviderError("TronGrid: transaction info for another transaction");
  if (info.receipt?.result !== "SUCCESS" || !Number.isSafeInteger(info.blockNumber)) return [];
  const contractHex = tronAddressToHex20(contract);
  const toTopic = tronAddressToHex20(address).padStart(64, "0");
  const outputs: ObservedOutput[] = [];
  (info.log ?? []).forEach((log, index) => {
    if (log.address?.toLowerCase() !== contractHex) return;
    const topics = (log.topics ?? []).map((t) => t.toLowerCase());
    if (topics[0] !== TRANSFER_TOPIC || topics[2] !== toTopic) return;
    if (!log.data || !/^[0-9a-fA-F]{1,64}$/.test(log.data))
      throw new ChainProviderError("TronGrid: malformed Transfer value");
    const amount = BigInt(`0x${log.data}`);
    if (amount <= 0n) return;
    outputs.push({
      chain: "tron",
      asset: "USDT",
      txid,
      outputIndex: index,
      address,
      amountMinor: amount,
      blockHeight: info.blockNumber as number,
    });
  });
  return outputs;
}

export function parseTronNowBlock(json: unknown): number {
  const number = (json as { block_header?: { raw_data?: { number?: number } } })?.block_header?.raw_data
    ?.number;
  if (!Number.isSafeInteger(number)) throw new ChainProviderError("TronGrid: no block number in getnowblock");
  return number as number;
}

export function createTronGridWatcher(options: {
  baseUrl: string;
  contract: string;
  apiKey?: string;
  fetch?: FetchLike;
}): ChainWatcher {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  const headers: Record<string, string> = { accept: "application/json", "content-type": "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  async function call(path: string, body?: unknown): Promise<unknown> {
    const response = await fetchImpl(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await readProviderResponse(response, "TronGrid");
    try {
      return JSON.parse(text);
    } catch {
      throw new ChainProviderError("TronGrid: response is not JSON");
    }
  }
  return {
    chain: "tron",
    asset: "USDT",
    async listIncoming(address) {
      const txids = new Set<string>();
      let fingerprint: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = new URLSearchParams({
          only_to: "true",
          contract_address: options.contract,
          limit: "200",
        });
        if (fingerprint) query.set("fingerprint", fingerprint);
        const listing = parseTrc20Listing(
          await call(`/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`),
          options.contract,
        );
        for (const txid of listing.txids) txids.add(txid);
        fingerprint = listing.fingerprint;
        if (!fingerprint) break;
      }
      const outputs: ObservedOutput[] = [];
      for (const txid of txids) {
        const info = await call("/wallet/gettransactioninfobyid", { value: txid });
        outputs.push(...parseTronTransactionInfo(info, txid, address, options.contract));
      }
      return outputs;
    },
    async tipHeight() {
      return parseTronNowBlock(await call("/wallet/getnowblock", {}));
    },
  };
}
