// Where smart money's transfers and balances come from (ADR 0085): Esplora and TronGrid through
// the chain providers' own response handling and balance readers, or — offline, with the simulated
// chain — a deterministic sample chain whose every row is labelled sample.
import { createHash } from "node:crypto";
import type { Config } from "../../config.server.ts";
import type { BalanceReader } from "../chain/balance.ts";
import { createEsploraBalanceReader, createTronGridBalanceReader } from "../chain/balances.server.ts";
import { ChainProviderError, type FetchLike, readProviderResponse } from "../chain/watcher.ts";
import {
  ASSET_OF,
  type ObservedTransfer,
  parseEsploraTransfers,
  parseTrc20Transfers,
  type SmartChain,
} from "./transfers.ts";

export interface TransferSource {
  readonly chain: SmartChain;
  /** True for the offline sample chain: what it reports is labelled sample. */
  readonly sample: boolean;
  /** The address's recent transfers (the provider's first page: the poller runs often). */
  listTransfers(address: string): Promise<ObservedTransfer[]>;
  balanceOf(address: string): Promise<bigint>;
}

export type TransferSources = Readonly<Record<SmartChain, TransferSource>>;

async function getJson(fetchImpl: FetchLike, url: string, provider: string, headers: Record<string, string>) {
  const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(15_000) });
  const text = await readProviderResponse(response, provider);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChainProviderError(`${provider}: response is not JSON`);
  }
}

export function createEsploraTransferSource(options: {
  baseUrl: string;
  balances: BalanceReader;
  fetch?: FetchLike;
}): TransferSource {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    chain: "bitcoin",
    sample: false,
    async listTransfers(address) {
      const url = `${base}/address/${encodeURIComponent(address)}/txs`;
      return parseEsploraTransfers(
        await getJson(fetchImpl, url, "Esplora", { accept: "application/json" }),
        address,
      );
    },
    balanceOf: async (address) => (await options.balances.balanceOf(address)).balanceMinor,
  };
}

export function createTronGridTransferSource(options: {
  baseUrl: string;
  contract: string;
  apiKey?: string;
  balances: BalanceReader;
  fetch?: FetchLike;
}): TransferSource {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  return {
    chain: "tron",
    sample: false,
    async listTransfers(address) {
      const query = new URLSearchParams({ contract_address: options.contract, limit: "200" });
      const url = `${base}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`;
      return parseTrc20Transfers(
        await getJson(fetchImpl, url, "TronGrid", headers),
        address,
        options.contract,
      );
    },
    balanceOf: async (address) => (await options.balances.balanceOf(address)).balanceMinor,
  };
}

const DAY_MS = 86_400_000;
/** How far back the sample chain reaches. */
export const SAMPLE_DAYS = 30;

function digest(...parts: (string | number)[]): Buffer {
  return createHash("sha256").update(parts.join("|")).digest();
}

/** A whole number in [min, max] drawn from a digest: the same inputs give the same number. */
function pick(bytes: Buffer, offset: number, min: bigint, max: bigint): bigint {
  return min + (bytes.readBigUInt64BE(offset) % (max - min + 1n));
}

const SAMPLE_RANGE: Record<SmartChain, [bigint, bigint]> = {
  bitcoin: [1_200_000_000n, 40_000_000_000n], // 12 to 400 BTC
  tron: [1_500_000_000_000n, 50_000_000_000_000n], // 1.5 to 50 million USDT
};

/**
 * The sample chain's transfers of `address`: about one every three days over the last
 * SAMPLE_DAYS days, each with a counterparty drawn from `peers` (the other watched addresses of
 * the chain) or an unlabelled one. Deterministic in its inputs, so tests and pages agree.
 */
export function sampleTransfers(
  chain: SmartChain,
  address: string,
  peers: readonly string[],
  now: Date,
): ObservedTransfer[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  const transfers: ObservedTransfer[] = [];
  for (let d = SAMPLE_DAYS - 1; d >= 0; d--) {
    const day = today - d;
    const bytes = digest("smart-money-sample", chain, address, day);
    if (bytes[0] === undefined || bytes[0] % 3 !== 0) continue;
    const others = peers.filter((p) => p !== address);
    const peerIndex = bytes[1] ?? 0;
    const counterparty =
      others.length > 0 && peerIndex % 2 === 0
        ? (others[peerIndex % others.length] as string)
        : `sample-unlabelled-${digest("peer", address, day).toString("hex").slice(0, 12)}`;
    const occurredAt = new Date(day * DAY_MS + Number(pick(bytes, 8, 0n, BigInt(DAY_MS - 1))));
    if (occurredAt.getTime() > now.getTime()) continue;
    const [min, max] = SAMPLE_RANGE[chain];
    transfers.push({
      txid: digest("sample-tx", chain, address, day).toString("hex"),
      address,
      flow: (bytes[2] ?? 0) % 2 === 0 ? "in" : "out",
      amountMinor: pick(bytes, 16, min, max),
      counterparty,
      blockHeight: null,
      occurredAt,
    });
  }
  return transfers;
}

/** The sample balance: a large base that the sample transfers move, never below zero. */
export function sampleBalance(
  chain: SmartChain,
  address: string,
  peers: readonly string[],
  now: Date,
): bigint {
  const [, max] = SAMPLE_RANGE[chain];
  const base = pick(digest("sample-base", chain, address), 0, max * 10n, max * 40n);
  return sampleTransfers(chain, address, peers, now).reduce(
    (sum, t) => (t.flow === "in" ? sum + t.amountMinor : sum - t.amountMinor),
    base,
  );
}

export function createSampleTransferSource(
  chain: SmartChain,
  peers: () => Promise<readonly string[]>,
  clock: () => Date = () => new Date(),
): TransferSource {
  return {
    chain,
    sample: true,
    listTransfers: async (address) => sampleTransfers(chain, address, await peers(), clock()),
    balanceOf: async (address) => sampleBalance(chain, address, await peers(), clock()),
  };
}

export type SourceConfig = Pick<Config, "chainWatcher" | "payments" | "dataDir" | "isProduction">;

/** Live providers when the chain watchers are live; the sample chain otherwise. */
export function createTransferSources(
  config: SourceConfig,
  peersOf: (chain: SmartChain) => Promise<readonly string[]>,
): TransferSources {
  if (config.chainWatcher === "simulated") {
    return Object.freeze({
      bitcoin: createSampleTransferSource("bitcoin", () => peersOf("bitcoin")),
      tron: createSampleTransferSource("tron", () => peersOf("tron")),
    });
  }
  // The watched addresses are mainnet ones whatever network the deposit keys use.
  const p = config.payments;
  const esplora = p.esploraUrl ?? "https://blockstream.info/api";
  const trongrid = p.trongridUrl ?? "https://api.trongrid.io";
  const tron = { baseUrl: trongrid, contract: p.usdtTrc20Contract, apiKey: p.trongridApiKey };
  return Object.freeze({
    bitcoin: createEsploraTransferSource({
      baseUrl: esplora,
      balances: createEsploraBalanceReader({ baseUrl: esplora }),
    }),
    tron: createTronGridTransferSource({ ...tron, balances: createTronGridBalanceReader(tron) }),
  });
}

export { ASSET_OF };
