// Defaults and sample funding for staking and swaps (ADR 0060, ADR 0061). Idempotent: every funding entry
// has a fixed idempotency key, so running the seed twice funds once.
import type { Db } from "../../db/client.server.ts";
import { seedBrokers } from "../brokers/brokers.server.ts";
import { fundSystemAccount } from "../ledger/funding.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { parseAmount } from "../money/amount.ts";
import type { Asset, CryptoAsset } from "../money/assets.ts";
import { seedStakingProducts } from "./products.server.ts";

/** Rewards pools for the sample installation, per ledger, in whole units. */
const SAMPLE_POOLS: Record<CryptoAsset, string> = {
  BTC: "2",
  ETH: "40",
  SOL: "1500",
  BNB: "150",
  BCH: "150",
  TRX: "1000000",
  USDT: "100000",
};

/** Treasury reserves for swaps in the sample installation, per ledger. */
const SAMPLE_TREASURY: Record<Asset, string> = {
  USD: "1000000",
  BTC: "25",
  ETH: "400",
  SOL: "8000",
  BNB: "1500",
  BCH: "2000",
  TRX: "10000000",
  USDT: "1000000",
};

/** The realistic default products and the four brokers (added once). */
export async function seedTradeDefaults(db: Db): Promise<number> {
  return (await seedStakingProducts(db)) + (await seedBrokers(db));
}

/**
 * Sample data only: the operator's capital in the rewards pools and the swap treasury on both
 * ledgers, recorded as funding entries like an admin's (never in production: config refuses
 * sample data there).
 */
export async function fundSampleTrade(db: Db): Promise<number> {
  let written = 0;
  for (const ledger of ["real", "demo"] as Ledger[]) {
    for (const [asset, amount] of Object.entries(SAMPLE_POOLS) as [CryptoAsset, string][]) {
      const e = await fundSystemAccount(db, {
        account: "rewards-pool",
        ledger,
        asset,
        amountMinor: parseAmount(amount, asset),
        idempotencyKey: `seed:rewards_pool:${ledger}:${asset}`,
      });
      if (!e.replayed) written++;
    }
    for (const [asset, amount] of Object.entries(SAMPLE_TREASURY) as [Asset, string][]) {
      const e = await fundSystemAccount(db, {
        account: "treasury",
        ledger,
        asset,
        amountMinor: parseAmount(amount, asset),
        idempotencyKey: `seed:treasury:${ledger}:${asset}`,
      });
      if (!e.replayed) written++;
    }
  }
  return written;
}
