import { Link } from "react-router";
import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { changeToneClass } from "./as-of.ts";
import { EtfMark } from "./coin-mark.tsx";

export interface EtfCardFund {
  symbol: string;
  name: string;
  priceUsd: string | null;
  changePct: number | null;
}

/** One fund as a card linking to its page: mark, name, symbol, price and the day's change. */
export function EtfCard({ fund }: { fund: EtfCardFund }) {
  return (
    <Link
      to={`/etfabout?symbol=${fund.symbol}`}
      className="block h-full rounded-lg border border-line bg-surface p-3 shadow-card sm:p-4 transition hover:border-brand hover:shadow-pop"
    >
      <EtfMark symbol={fund.symbol} className="size-11" />
      <p className="mt-3 line-clamp-2 min-h-10 text-sm font-semibold text-ink">{fund.name}</p>
      <p className="text-xs text-muted">{fund.symbol}</p>
      <p className="mt-2 flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-mono text-base font-semibold whitespace-nowrap tabular-nums text-ink">
          {formatUsd(fund.priceUsd)}
        </span>
        <span
          className={`font-mono text-xs whitespace-nowrap tabular-nums ${changeToneClass(fund.changePct)}`}
        >
          {formatPercent(fund.changePct, { signed: true })}
        </span>
      </p>
    </Link>
  );
}
