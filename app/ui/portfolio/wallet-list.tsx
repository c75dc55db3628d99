import { ArrowUpFromLine, Coins, Repeat } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSET_INFO } from "~/domain/money/assets.ts";
import { convertUsdCents, type DisplayCurrency, formatCents } from "~/domain/portfolio/valuation.ts";
import type { WalletView } from "~/domain/portfolio/views.ts";
import { buttonClass } from "../button.tsx";
import { CoinMark } from "../market/coin-mark.tsx";
import { Amount } from "./hidden-amount.tsx";

/** The seed's 1 second between tapping Stake and arriving on /stake (the button is disabled meanwhile). */
export const STAKE_DELAY_MS = 1000;

/** Coins that have a withdrawal method; the others can be swapped into one first. */
const WITHDRAW_PATHS: Partial<Record<string, string>> = { BTC: "/btc-withdrawal", USDT: "/usdt-withdrawal" };

export function valueIn(
  cents: bigint,
  currency: DisplayCurrency,
  rates: Partial<Record<DisplayCurrency, string>>,
) {
  const rate = rates[currency];
  return rate === undefined ? null : convertUsdCents(cents, rate);
}

function StakeButton({ asset }: { asset: string }) {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A GET form to /stake?asset=… so the button works before the script loads; once it has,
  // the seed's one-second pause runs first with the button disabled.
  return (
    <Form
      method="get"
      action="/stake"
      onSubmit={(event) => {
        event.preventDefault();
        if (waiting) return;
        setWaiting(true);
        timer.current = setTimeout(() => navigate(`/stake?asset=${asset}`), STAKE_DELAY_MS);
      }}
    >
      <input type="hidden" name="asset" value={asset} />
      <button
        type="submit"
        disabled={waiting}
        aria-label={`Stake ${asset}`}
        className={buttonClass("primary", "sm", "w-full")}
      >
        <Coins aria-hidden className="size-4" />
        {waiting ? "Opening…" : "Stake"}
      </button>
    </Form>
  );
}

export function WalletList({
  wallets,
  currency,
  rates,
  hidden,
}: {
  wallets: WalletView[];
  currency: DisplayCurrency;
  rates: Partial<Record<DisplayCurrency, string>>;
  hidden: boolean;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Your wallets">
      {wallets.map((w) => {
        const total = BigInt(w.totalMinor);
        const staked = BigInt(w.stakedMinor);
        const held = BigInt(w.heldMinor);
        const { displayDecimals } = ASSET_INFO[w.asset];
        const value = w.valueUsdCents === null ? null : valueIn(BigInt(w.valueUsdCents), currency, rates);
        const withdrawPath = WITHDRAW_PATHS[w.asset];
        return (
          <li
            key={w.asset}
            data-testid={`wallet-${w.asset}`}
            className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-3 px-4 py-4 sm:grid-cols-[auto_1fr_auto_16rem] sm:px-5"
          >
            <CoinMark symbol={w.asset} className="size-10" />
            <div className="min-w-0">
              <h3 className="truncate font-semibold text-ink">{w.name}</h3>
              <p className="text-sm text-muted">{w.asset}</p>
            </div>
            <div className="text-right">
              <p className="font-semibold text-ink">
                <Amount hidden={hidden}>
                  {formatAmount(total, w.asset, { decimals: displayDecimals, grouping: true })}
                </Amount>
                <span className="sr-only"> {w.asset}</span>
              </p>
              <p className="text-sm text-muted" data-testid={`wallet-${w.asset}-value`}>
                {value === null ? (
                  "No price yet"
                ) : (
                  <Amount hidden={hidden}>{formatCents(value, currency)}</Amount>
                )}
              </p>
              {!hidden && (staked > 0n || held > 0n) ? (
                <p className="text-xs text-muted">
                  {staked > 0n ? `${formatAmount(staked, w.asset, { grouping: true })} staked` : null}
                  {staked > 0n && held > 0n ? " · " : null}
                  {held > 0n ? `${formatAmount(held, w.asset, { grouping: true })} on hold` : null}
                </p>
              ) : null}
            </div>
            <div className="col-span-3 grid grid-cols-2 gap-2 sm:col-span-1">
              <StakeButton asset={w.asset} />
              {withdrawPath ? (
                <Link to={withdrawPath} className={buttonClass("secondary", "sm", "w-full")}>
                  <ArrowUpFromLine aria-hidden className="size-4" />
                  Withdraw<span className="sr-only"> {w.asset}</span>
                </Link>
              ) : (
                <Link
                  to="/swap"
                  className={buttonClass("secondary", "sm", "w-full")}
                  title={`${w.asset} is withdrawn by swapping it to BTC or USDT first`}
                >
                  <Repeat aria-hidden className="size-4" />
                  Swap<span className="sr-only"> {w.asset} to withdraw it as BTC or USDT</span>
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
