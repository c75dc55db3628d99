// Esplora (Blockstream / mempool.space) HTTP API for BTC deposits.
//   GET /address/:address/txs                → up to 50 mempool txs and the newest 25 confirmed
//   GET /address/:address/txs/chain/:txid    → the next 25 confirmed after :txid
//   GET /blocks/tip/height                   → plain-text height
import {
  ChainProviderError,
  type ChainWatcher,
  type FetchLike,
  type ObservedOutput,
  readProviderResponse,
} from "./watcher.ts";

interface EsploraTx {
  txid: string;
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_height?: number };
}

const CONFIRMED_PAGE_SIZE = 25;
const MAX_PAGES = 20;

/** Pure: the outputs of `txs` that pay `address`. Values are integer satoshis in the JSON. */
export function parseEsploraTransactions(
  json: unknown,
  address: string,
): { outputs: ObservedOutput[]; confirmedCount: number; lastConfirmedTxid?: string } {
  if (!Array.isArray(json)) throw new ChainProviderError("Esplora: expected an array of transactions");
  const outputs: ObservedOutput[] = [];
  let confirmedCount = 0;
  let lastConfirmedTxid: string | undefined;
  for (const raw of json as EsploraTx[]) {
    if (typeof raw?.txid !== "string" || !/^[0-9a-f]{64}$/.test(raw.txid) || !Array.isArray(raw.vout)) {
      throw new ChainProviderError("Esplora: malformed transaction");
    }
    const confirmed = raw.status?.confirmed === true;
    if (confirmed) {
      confirmedCount++;
      lastConfirmedTxid = raw.txid;
    }
    raw.vout.forEach((vout, index) => {
      if (vout.scriptpubkey_address !== address) return;
      if (!Number.isSafeInteger(vout.value) || vout.value <= 0) {
        throw new ChainProviderError("Esplora: output value is not a positive integer of satoshis");
      }
      outputs.push({
        chain: "bitcoin",
        asset: "BTC",
        txid: raw.txid,
        outputIndex: index,
        address,
        amountMinor: BigInt(vout.value),
        blockHeight:
          confirmed && Number.isSafeInteger(raw.status.block_height)
            ? (raw.status.block_height as number)
            : null,
      });
    });
  }
  return { outputs, confirmedCount, lastConfirmedTxid };
}

export function parseEsploraTipHeight(text: string): number {
  const height = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(height)) {
    throw new ChainProviderError("Esplora: tip height is not a number");
  }
  return height;
}

export function createEsploraWatcher(options: { baseUrl: string; fetch?: FetchLike }): ChainWatcher {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  async function get(path: string): Promise<string> {
    const response = await fetchImpl(`${base}${path}`, { headers: { accept: "application/json" } });
    return readProviderResponse(response, "Esplora");
  }
  return {
    chain: "bitcoin",
    asset: "BTC",
    async listIncoming(address) {
      const all: ObservedOutput[] = [];
      let page = parseEsploraTransactions(
        JSON.parse(await get(`/address/${encodeURIComponent(address)}/txs`)),
        address,
      );
      all.push(...page.outputs);
      for (
        let i = 1;
        i < MAX_PAGES && page.confirmedCount >= CONFIRMED_PAGE_SIZE && page.lastConfirmedTxid;
        i++
      ) {
        page = parseEsploraTransactions(
          JSON.parse(
            await get(`/address/${encodeURIComponent(address)}/txs/chain/${page.lastConfirmedTxid}`),
          ),
          address,
        );
        all.push(...page.outputs);
      }
      return all;
    },
    async tipHeight() {
      return parseEsploraTipHeight(await get("/blocks/tip/height"));
    },
  };
}
