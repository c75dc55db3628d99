// Balance readers for watch-only wallets: Esplora and TronGrid in production, the simulated chain
// (the sum of its outputs to the address) otherwise — picked from CHAIN_WATCHER like the deposit
// watchers (deposits/watch.server.ts), so a test or a developer sees the same path as production.
import { sql } from "drizzle-orm";
import type { Config } from "../../config.server.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import { type BalanceReader, parseEsploraAddressBalance, parseTronAccountTokenBalance } from "./balance.ts";
import { getChainKeys } from "./keys.server.ts";
import { type ChainId, ChainProviderError, type FetchLike, readProviderResponse } from "./watcher.ts";

/** A lookup runs while a member waits for the page: a provider that hangs is given up on. */
const LOOKUP_TIMEOUT_MS = 10_000;

async function getJson(fetchImpl: FetchLike, url: string, provider: string, headers: Record<string, string>) {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
  } catch (error) {
    throw new ChainProviderError(`${provider}: no answer (${(error as Error).name})`);
  }
  const text = await readProviderResponse(response, provider);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChainProviderError(`${provider}: response is not JSON`);
  }
}

export function createEsploraBalanceReader(options: { baseUrl: string; fetch?: FetchLike }): BalanceReader {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  return {
    chain: "bitcoin",
    asset: "BTC",
    async balanceOf(address) {
      const url = `${base}/address/${encodeURIComponent(address)}`;
      return parseEsploraAddressBalance(
        await getJson(fetchImpl, url, "Esplora", { accept: "application/json" }),
      );
    },
  };
}

export function createTronGridBalanceReader(options: {
  baseUrl: string;
  contract: string;
  apiKey?: string;
  fetch?: FetchLike;
}): BalanceReader {
  const base = options.baseUrl.replace(/\/$/, "");
  const fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["TRON-PRO-API-KEY"] = options.apiKey;
  return {
    chain: "tron",
    asset: "USDT",
    async balanceOf(address) {
      const url = `${base}/v1/accounts/${encodeURIComponent(address)}`;
      return parseTronAccountTokenBalance(
        await getJson(fetchImpl, url, "TronGrid", headers),
        options.contract,
      );
    },
  };
}

/** The simulated chain never spends: an address holds every output sent to it, mined or not. */
export function createSimulatedBalanceReader(db: Db, chain: ChainId): BalanceReader {
  return {
    chain,
    asset: chain === "bitcoin" ? "BTC" : "USDT",
    async balanceOf(address) {
      const [row] = await queryRows<{ total: string | number | null; outputs: string | number }>(
        db,
        sql`select coalesce(sum(amount), 0)::text as total, count(*) as outputs from simulated_chain_outputs
            where chain = ${chain} and address = ${address}`,
      );
      return { balanceMinor: BigInt(row?.total ?? 0), used: Number(row?.outputs ?? 0) > 0 };
    },
  };
}

export type BalanceConfig = Pick<Config, "chainWatcher" | "payments" | "dataDir" | "isProduction">;

export interface BalanceReaders {
  bitcoin: BalanceReader;
  tron: BalanceReader;
  /** The Bitcoin network addresses must belong to (the deposit keys' network). */
  bitcoinNetwork: "mainnet" | "testnet";
}

export function createBalanceReaders(db: Db, config: BalanceConfig): BalanceReaders {
  const p = config.payments;
  const bitcoinNetwork = getChainKeys(config).btc.network;
  if (config.chainWatcher === "simulated") {
    return {
      bitcoin: createSimulatedBalanceReader(db, "bitcoin"),
      tron: createSimulatedBalanceReader(db, "tron"),
      bitcoinNetwork,
    };
  }
  const esplora =
    p.esploraUrl ??
    (bitcoinNetwork === "mainnet" ? "https://blockstream.info/api" : "https://blockstream.info/testnet/api");
  const trongrid =
    p.trongridUrl ?? (p.tronNetwork === "mainnet" ? "https://api.trongrid.io" : "https://nile.trongrid.io");
  return {
    bitcoin: createEsploraBalanceReader({ baseUrl: esplora }),
    tron: createTronGridBalanceReader({
      baseUrl: trongrid,
      contract: p.usdtTrc20Contract,
      apiKey: p.trongridApiKey,
    }),
    bitcoinNetwork,
  };
}
