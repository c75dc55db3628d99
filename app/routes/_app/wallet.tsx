import { Link } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { portfolioView } from "~/domain/portfolio/portfolio.server.ts";
import { type DisplayCurrency, formatCents } from "~/domain/portfolio/valuation.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card } from "~/ui/card.tsx";
import { asOfText, DataLabels } from "~/ui/market/data-labels.tsx";
import { CurrencySwitcher } from "~/ui/portfolio/currency-switcher.tsx";
import { Amount, EyeToggle } from "~/ui/portfolio/hidden-amount.tsx";
import { useDisplayPrefs } from "~/ui/portfolio/use-display-prefs.ts";
import { valueIn, WalletList } from "~/ui/portfolio/wallet-list.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/wallet";

export const meta = () => [
  { title: "Wallet · Coinlens" },
  { name: "description", content: "Your coin wallets and their balances." },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const portfolio = await portfolioView(getDb(), {
    ledger: session.session.accountMode,
    userId: session.user.id,
    staleSeconds: getConfig().market.staleSeconds,
  });
  return { portfolio, prefs: parseDisplayPrefs(args.request.headers.get("cookie")) };
}

export default function Wallet({ loaderData }: Route.ComponentProps) {
  const { portfolio } = loaderData;
  const [prefs, setPrefs] = useDisplayPrefs(loaderData.prefs);
  const rates = portfolio.fx.rates;
  // Without a rate for the chosen currency the page stays in USD and says why.
  const currency: DisplayCurrency = rates[prefs.currency] !== undefined ? prefs.currency : "USD";
  const total = valueIn(BigInt(portfolio.totalUsdCents), currency, rates) ?? 0n;
  const cash = valueIn(BigInt(portfolio.cash.totalCents), currency, rates) ?? 0n;
  const demo = portfolio.ledger === "demo";
  return (
    <div className="container-page space-y-5 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-ink">
            Wallet <Badge tone={demo ? "warning" : "brand"}>{demo ? "Demo account" : "Real account"}</Badge>
          </h1>
          <p className="mt-1 text-sm text-muted">
            Total value{" "}
            <Amount hidden={prefs.hidden} className="font-semibold text-ink">
              {formatCents(total, currency)}
            </Amount>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            cash <Amount hidden={prefs.hidden}>{formatCents(cash, currency)}</Amount>
          </p>
        </div>
        <div className="flex items-end gap-2">
          <CurrencySwitcher value={prefs.currency} onChange={(currency) => setPrefs({ currency })} />
          <EyeToggle hidden={prefs.hidden} onToggle={() => setPrefs({ hidden: !prefs.hidden })} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <DataLabels
          sample={portfolio.prices.sample}
          stale={portfolio.prices.stale}
          asOf={portfolio.prices.asOf}
        />
        {currency !== "USD" ? (
          <span>
            {currency} at {rates[currency]} per USD, {asOfText(portfolio.fx.asOf)}
            {portfolio.fx.sample ? " (sample rate)" : ""}
            {portfolio.fx.stale ? " (stale rate)" : ""}
          </span>
        ) : null}
        {prefs.currency !== currency ? (
          <span className="text-warning">No {prefs.currency} rate yet: values are shown in USD.</span>
        ) : null}
        <Link to="/recurring" className="ml-auto font-semibold text-brand underline">
          Set up a recurring buy
        </Link>
      </div>
      {portfolio.unpriced.length > 0 ? (
        <p className="text-sm text-warning">
          Not included in the total until a price is available: {portfolio.unpriced.join(", ")}.
        </p>
      ) : null}
      <Card>
        <WalletList wallets={portfolio.wallets} currency={currency} rates={rates} hidden={prefs.hidden} />
      </Card>
      <p className="text-xs text-muted">
        Values are estimates at the prices shown and can change at any time. Staked coins stay yours and
        return with their reward at the end of the term.
      </p>
    </div>
  );
}
