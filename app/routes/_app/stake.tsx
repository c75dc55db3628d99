import { Link } from "react-router";
import { formatUsd } from "~/domain/market-data/format.ts";
import { CRYPTO_ASSETS, isCryptoAsset } from "~/domain/money/assets.ts";
import { stakeMessages } from "~/domain/staking/schemas.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { StakeForm } from "~/ui/earn/stake-form.tsx";
import { StakePositions } from "~/ui/earn/stake-positions.tsx";
import { CoinMark } from "~/ui/market/coin-mark.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { useToast } from "~/ui/toast.tsx";
import type { Route } from "./+types/stake";
import { stakeAction, stakeBoardLoader } from "./stake-actions.server.ts";
import { stakeClientAction } from "./stake-client-action.ts";

export function meta() {
  return [{ title: "Stake · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { coins, requested, shared } = await stakeBoardLoader(args);
  const coin = isCryptoAsset(requested) ? (coins.find((c) => c.asset === requested) ?? null) : null;
  return { coin, assets: CRYPTO_ASSETS, ...shared };
}

export const action = (args: Route.ActionArgs) => stakeAction(args);
export const clientAction = (args: Route.ClientActionArgs) => stakeClientAction(args);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-canvas px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink">{value}</dd>
    </div>
  );
}

function NoWallet({ assets }: { assets: readonly string[] }) {
  const toast = useToast();
  return (
    <Card className="container-page mx-auto my-8 max-w-xl p-6 text-center">
      <h1 className="text-xl font-semibold text-ink">Stake</h1>
      <p className="mt-2 text-muted">{stakeMessages.noWalletPage}</p>
      <p className="mt-1 text-sm text-muted">
        Choose a coin from your{" "}
        <Link to="/wallet" className="font-semibold text-brand underline">
          wallet
        </Link>
        , or pick one here:
      </p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2">
        {assets.map((a) => (
          <li key={a}>
            <Link
              to={`/stake?asset=${a}`}
              className="inline-flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-semibold hover:bg-subtle"
            >
              <CoinMark symbol={a} className="size-5" /> {a}
            </Link>
          </li>
        ))}
      </ul>
      <Button className="mt-6" onClick={() => toast.show(stakeMessages.noWallet, { tone: "negative" })}>
        Stake
      </Button>
    </Card>
  );
}

export default function StakePage({ loaderData }: Route.ComponentProps) {
  const { coin, positions, prices } = loaderData;
  if (!coin) return <NoWallet assets={loaderData.assets} />;
  return (
    <div className="container-page space-y-6 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <CoinMark symbol={coin.asset} className="size-10" />
        <div>
          <h1 className="text-2xl font-semibold text-ink">
            Stake {coin.name} <span className="text-muted">{coin.asset}</span>
          </h1>
          <DataLabels sample={prices.sample} stale={prices.stale} asOf={prices.asOf} />
        </div>
        {loaderData.mode === "demo" ? <Badge tone="warning">Demo account · virtual funds</Badge> : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_1.1fr]">
        <Card>
          <CardHeader title="Coin stats" />
          <dl className="grid grid-cols-2 gap-3 p-5 sm:grid-cols-3">
            <Stat label="Name" value={coin.name} />
            <Stat label="Market cap rank" value={coin.rank ? `#${coin.rank}` : "—"} />
            <Stat label="Current price" value={formatUsd(coin.priceUsd)} />
            <Stat label="Market cap" value={formatUsd(coin.marketCapUsd, { compact: true })} />
            <Stat label="24h volume" value={formatUsd(coin.volume24hUsd, { compact: true })} />
            <Stat label="24h high" value={formatUsd(coin.high24hUsd)} />
            <Stat label="24h low" value={formatUsd(coin.low24hUsd)} />
          </dl>
        </Card>
        <Card className="p-5">
          <StakeForm
            key={coin.asset}
            coin={coin}
            action={`/stake?asset=${coin.asset}`}
            initialKey={loaderData.idempotencyKey}
            brand={loaderData.brand}
            referralCode={loaderData.referralCode}
            referralUrl={loaderData.referralUrl}
            needsEmailConfirmation={loaderData.needsEmailConfirmation}
          />
        </Card>
      </div>
      <StakePositions positions={positions} action={`/stake?asset=${coin.asset}`} />
    </div>
  );
}
