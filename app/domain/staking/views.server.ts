// What the /stake and /fixed-etf pages show, read in one place (loaders stay thin). Amounts
// travel to the browser as decimal strings of minor units ("12345"); the page turns them back
// into bigint for its estimates.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { getBalances } from "../ledger/ledger.server.ts";
import type { Ledger } from "../ledger/types.ts";
import { getQuotes } from "../market-data/cache.server.ts";
import type { TrackedSymbol } from "../market-data/types.ts";
import { CRYPTO_ASSETS } from "../money/assets.ts";
import { listStakePositions, type StakePosition } from "./positions.server.ts";
import { listStakingProducts } from "./products.server.ts";
import { stakeProgress } from "./rules.ts";
import type { CoinView, PositionView, ProductView, StakeBoardView } from "./views.ts";

export type { CoinView, PositionView, ProductView, StakeBoardView };

export function positionView(p: StakePosition, now: Date): PositionView {
  return {
    id: p.id.toString(),
    asset: p.asset,
    durationDays: p.durationDays,
    aprBps: p.aprBps,
    amountMinor: p.amountMinor.toString(),
    rewardMinor: p.rewardMinor.toString(),
    status: p.status,
    openedAt: p.openedAt.toISOString(),
    maturesAt: p.maturesAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
    progress: p.status === "open" ? stakeProgress(p.openedAt, p.maturesAt, now) : 1,
  };
}

/** Every stakeable coin with its stats, the member's available balance and the enabled terms. */
export async function stakeBoardView(
  db: Db,
  input: { ledger: Ledger; userId: string; now: Date; staleSeconds: number },
): Promise<StakeBoardView> {
  const [quotes, balances, products, positions, [user]] = await Promise.all([
    getQuotes(db, {
      staleSeconds: input.staleSeconds,
      now: input.now,
      symbols: CRYPTO_ASSETS as unknown as TrackedSymbol[],
    }),
    getBalances(db, { ledger: input.ledger, userId: input.userId }),
    listStakingProducts(db, { enabledOnly: true }),
    listStakePositions(db, { ledger: input.ledger, userId: input.userId }),
    db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, input.userId)),
  ]);
  const coins = CRYPTO_ASSETS.map((asset): CoinView => {
    const q = quotes.quotes.find((x) => x.symbol.toUpperCase() === asset);
    return {
      asset,
      name: q?.name ?? asset,
      rank: q?.rank ?? null,
      priceUsd: q?.priceUsd ?? null,
      marketCapUsd: q?.marketCapUsd ?? null,
      volume24hUsd: q?.volume24hUsd ?? null,
      high24hUsd: q?.high24hUsd ?? null,
      low24hUsd: q?.low24hUsd ?? null,
      availableMinor: balances[asset].available.toString(),
      products: products
        .filter((p) => p.asset === asset)
        .map((p) => ({
          durationDays: p.durationDays,
          aprBps: p.aprBps,
          minimumUsdMinor: p.minimumUsdMinor.toString(),
        })),
    };
  });
  return {
    coins,
    positions: positions.map((p) => positionView(p, input.now)),
    prices: { asOf: quotes.asOf, stale: quotes.stale, sample: quotes.sample },
    referralCode: user?.referralCode ?? null,
  };
}
