import { useRef } from "react";
import { Link } from "react-router";
import { formatUsd } from "~/domain/market-data/format.ts";
import { isCryptoAsset } from "~/domain/money/assets.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { StakeForm } from "~/ui/earn/stake-form.tsx";
import { StakePositions } from "~/ui/earn/stake-positions.tsx";
import { CoinMark } from "~/ui/market/coin-mark.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { useRevealOnChange } from "~/ui/reveal-on-change.ts";
import type { Route } from "./+types/fixed-etf";
import { stakeAction, stakeBoardLoader } from "./stake-actions.server.ts";
import { stakeClientAction } from "./stake-client-action.ts";

export function meta() {
  return [{ title: "Fixed Returns · Coinlens" }];
}

/**
 * /fixed-etf ('Fixed Returns'): the fixed-term staking products in the seed's card-and-panel
 * layout. An ETF share cannot be staked (product brief §2), so the cards are the staking coins.
 */
export async function loader(args: Route.LoaderArgs) {
  const { coins, requested, shared } = await stakeBoardLoader(args);
  return { coins, selected: isCryptoAsset(requested) ? requested : "USDT", ...shared };
}

export const action = (args: Route.ActionArgs) => stakeAction(args);
export const clientAction = (args: Route.ClientActionArgs) => stakeClientAction(args);

export default function FixedReturns({ loaderData }: Route.ComponentProps) {
  const { coins, selected, prices } = loaderData;
  const coin = coins.find((c) => c.asset === selected) ?? coins[0];
  const formHeading = useRef<HTMLHeadingElement>(null);
  // On a phone the form is below the cards: choosing a coin scrolls to it.
  useRevealOnChange(selected, formHeading);
  if (!coin) return null;
  return (
    <div className="container-page space-y-6 py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Fixed Returns</h1>
          <p className="text-sm text-muted">
            Fixed-term staking at an estimated APR, not guaranteed. Every reward is reserved from a funded
            pool when you stake.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {loaderData.mode === "demo" ? <Badge tone="warning">Demo account · virtual funds</Badge> : null}
          <DataLabels sample={prices.sample} stale={prices.stale} asOf={prices.asOf} />
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1.3fr_1fr]">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Staking products">
          {coins.map((c) => {
            const active = c.asset === coin.asset;
            const best = Math.max(0, ...c.products.map((p) => p.aprBps));
            return (
              <li key={c.asset}>
                <Link
                  to={`/fixed-etf?asset=${c.asset}`}
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  className={cn(
                    "flex h-full flex-col gap-2 rounded-lg border bg-surface p-4 shadow-card transition-colors hover:border-brand",
                    active ? "border-brand ring-2 ring-brand" : "border-line",
                  )}
                >
                  <span className="flex items-center gap-2">
                    <CoinMark symbol={c.asset} className="size-8" />
                    <span>
                      <span className="block font-semibold text-ink">{c.name}</span>
                      <span className="block text-xs text-muted">{c.asset}</span>
                    </span>
                  </span>
                  <span className="text-sm font-semibold text-ink">{formatUsd(c.priceUsd)}</span>
                  <span className="text-xs text-positive">up to {(best / 100).toFixed(2)} % est. APR</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <Card className="h-fit p-5">
          <h2
            ref={formHeading}
            tabIndex={-1}
            className="mb-4 flex scroll-mt-20 items-center gap-2 text-lg font-semibold text-ink outline-none"
          >
            <CoinMark symbol={coin.asset} className="size-6" /> {coin.name} ({coin.asset})
          </h2>
          <StakeForm
            key={coin.asset}
            coin={coin}
            action={`/fixed-etf?asset=${coin.asset}`}
            initialKey={loaderData.idempotencyKey}
            brand={loaderData.brand}
            referralCode={loaderData.referralCode}
            referralUrl={loaderData.referralUrl}
            needsEmailConfirmation={loaderData.needsEmailConfirmation}
            result="popup"
          />
        </Card>
      </div>
      <StakePositions positions={loaderData.positions} action={`/fixed-etf?asset=${coin.asset}`} />
    </div>
  );
}
