import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "lucide-react";
import { startTransition, useEffect, useId, useMemo, useRef, useState } from "react";
import type { WatchlistChoice } from "~/domain/alerts/watchlist-items.ts";
import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { AddToWatchlist } from "../alerts/add-to-watchlist.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";
import { CoinMark } from "./coin-mark.tsx";
import { DataLabels } from "./data-labels.tsx";
import { Sparkline } from "./sparkline.tsx";

export interface ScreenerRow {
  id: string;
  rank: number | null;
  symbol: string;
  name: string;
  priceUsd: string;
  change24hPct: number | null;
  marketCapUsd: string | null;
  volume24hUsd: string | null;
  /** The 7-day line's shape: each point 0 (the week's low) to 100 (its high). */
  sparkline7d: number[];
}

type SortKey = "rank" | "name" | "price" | "change" | "marketCap" | "volume";

// On a phone the table fits the screen instead of scrolling sideways (a number cut at the edge
// reads as a different number): the 24 h change moves under the price, and market cap, volume
// and the 7-day line are left to wider screens (`wide`).
const columns: { key: SortKey; label: string; align: "left" | "right"; wide?: boolean }[] = [
  { key: "rank", label: "#", align: "left" },
  { key: "name", label: "Coin", align: "left" },
  { key: "price", label: "Price", align: "right" },
  { key: "change", label: "24h %", align: "right", wide: true },
  { key: "marketCap", label: "Market cap", align: "right", wide: true },
  { key: "volume", label: "Volume (24h)", align: "right", wide: true },
];
const wideOnly = "hidden sm:table-cell";

function changeTone(change: number | null) {
  if (change == null || change === 0) return "text-muted";
  return change > 0 ? "text-positive" : "text-negative";
}

function value(row: ScreenerRow, key: SortKey): number | string {
  switch (key) {
    case "rank":
      return row.rank ?? Number.MAX_SAFE_INTEGER;
    case "name":
      return row.name.toLowerCase();
    case "price":
      return Number(row.priceUsd);
    case "change":
      return row.change24hPct ?? Number.NEGATIVE_INFINITY;
    case "marketCap":
      return Number(row.marketCapUsd ?? 0);
    case "volume":
      return Number(row.volume24hUsd ?? 0);
  }
}

/** 'All Crypto Assets': the top 100 in USD, sortable and searchable, in a 550 px scroll area. */
export function Screener({
  rows,
  sample,
  stale,
  asOf,
  watchlists,
  firstRows,
}: {
  rows: ScreenerRow[];
  sample: boolean;
  stale: boolean;
  asOf: string | null;
  /** The member's lists: each row gets "Add to watchlist" (absent: no column). */
  watchlists?: WatchlistChoice[];
  /**
   * Rows the server renders (all when absent). The rest follow when the table comes near the
   * screen or is searched or sorted, in a transition React renders in small slices: the 100 rows
   * made the dashboard's document 470 KiB, all of it parsed, styled and hydrated before a phone
   * could use the page, and rendering them all right after hydration still blocked a slow phone
   * for half a second (ADR 0095). Without JavaScript a link asks for the page with every row.
   */
  firstRows?: number;
}) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<{ key: SortKey; dir: "asc" | "desc" }>({ key: "rank", dir: "asc" });
  const searchId = useId();
  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    const filtered = q
      ? rows.filter((r) => r.name.toLowerCase().includes(q) || r.symbol.toLowerCase().includes(q))
      : rows;
    const sign = sort.dir === "asc" ? 1 : -1;
    return [...filtered].sort((a, b) => {
      const x = value(a, sort.key);
      const y = value(b, sort.key);
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }, [rows, query, sort]);

  const [all, setAll] = useState(firstRows == null || rows.length <= firstRows);
  const table = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = table.current;
    if (all || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setAll(true));
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [all]);
  // A search or a sort is over every coin.
  const shown = all || query || sort.key !== "rank" ? visible : visible.slice(0, firstRows);

  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, dir: s.dir === "asc" ? "desc" : "asc" }
        : { key, dir: key === "rank" || key === "name" ? "asc" : "desc" },
    );

  return (
    // Below the fold on a phone: the browser skips its 100 rows' style and layout until it is
    // scrolled near (content-visibility), with room kept for it meanwhile (ADR 0095).
    <Card className="overflow-hidden [contain-intrinsic-size:auto_700px] [content-visibility:auto]">
      <div className="flex flex-col gap-3 border-b border-line px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="all-crypto-assets" className="text-base font-semibold text-ink">
            All Crypto Assets
          </h2>
          <DataLabels sample={sample} stale={stale} asOf={asOf} className="mt-1" />
        </div>
        <div className="relative sm:w-64">
          <label htmlFor={searchId} className="sr-only">
            Search coins
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by name or symbol"
            className="h-10 w-full rounded-md border border-line bg-surface pr-3 pl-9 text-sm text-ink placeholder:text-muted"
          />
        </div>
      </div>
      <section
        ref={table}
        aria-label="Crypto assets table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative h-[550px] overflow-auto"
      >
        <table className="w-full border-collapse text-left text-sm sm:min-w-[760px]">
          <caption className="sr-only">
            Top 100 crypto assets in US dollars. Column headers sort the table.
          </caption>
          <thead className="sticky top-0 z-10 bg-subtle">
            <tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                    className={cn(
                      "border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase",
                      c.align === "right" && "text-right",
                      c.wide && wideOnly,
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => toggle(c.key)}
                      className={cn(
                        "inline-flex items-center gap-1 rounded-sm uppercase hover:text-ink",
                        active && "text-ink",
                      )}
                    >
                      {c.label}
                      <Icon aria-hidden className="size-3.5" />
                    </button>
                  </th>
                );
              })}
              <th
                scope="col"
                className={cn(
                  "border-b border-line px-3 py-2 text-right text-xs font-semibold text-muted uppercase",
                  wideOnly,
                )}
              >
                Last 7 days
              </th>
              {watchlists ? (
                <th scope="col" className="border-b border-line px-3 py-2 text-right">
                  <span className="sr-only">Watchlists</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const change = row.change24hPct;
              return (
                <tr key={row.id} className="hover:bg-subtle/60" data-testid="screener-row">
                  <td className="border-b border-line px-3 py-2.5 text-muted tabular-nums">
                    {row.rank ?? "—"}
                  </td>
                  <td className="border-b border-line px-3 py-2.5">
                    <span className="flex items-center gap-2.5">
                      <CoinMark symbol={row.symbol} />
                      <span className="flex flex-col sm:flex-row sm:items-baseline sm:gap-2.5">
                        <span className="font-semibold text-ink">{row.name}</span>
                        <span className="text-xs text-muted">{row.symbol}</span>
                      </span>
                    </span>
                  </td>
                  <td
                    className="border-b border-line px-3 py-2.5 text-right font-mono whitespace-nowrap tabular-nums text-ink"
                    data-testid="screener-price"
                  >
                    {formatUsd(row.priceUsd)}
                    <span className={cn("block text-xs sm:hidden", changeTone(change))}>
                      <span className="sr-only">24 h change </span>
                      {formatPercent(change, { signed: true })}
                    </span>
                  </td>
                  <td
                    className={cn(
                      "border-b border-line px-3 py-2.5 text-right font-mono tabular-nums",
                      changeTone(change),
                      wideOnly,
                    )}
                  >
                    {formatPercent(change, { signed: true })}
                  </td>
                  <td
                    className={cn(
                      "border-b border-line px-3 py-2.5 text-right tabular-nums text-ink",
                      wideOnly,
                    )}
                  >
                    {formatUsd(row.marketCapUsd, { compact: true })}
                  </td>
                  <td
                    className={cn(
                      "border-b border-line px-3 py-2.5 text-right tabular-nums text-ink",
                      wideOnly,
                    )}
                  >
                    {formatUsd(row.volume24hUsd, { compact: true })}
                  </td>
                  <td className={cn("border-b border-line px-3 py-1.5", wideOnly)}>
                    <span className="flex justify-end">
                      <Sparkline points={row.sparkline7d} />
                    </span>
                  </td>
                  {watchlists ? (
                    <td className="border-b border-line px-2 py-1.5 text-right">
                      <AddToWatchlist symbol={row.symbol} lists={watchlists} back="/dashboard" />
                    </td>
                  ) : null}
                </tr>
              );
            })}
            {shown.length < visible.length ? (
              <tr>
                <td colSpan={watchlists ? 8 : 7} className="px-3 py-4 text-center">
                  <a href="?coins=all#all-crypto-assets" className="font-semibold text-brand hover:underline">
                    Show all {visible.length} coins
                  </a>
                </td>
              </tr>
            ) : null}
            {visible.length === 0 ? (
              <tr>
                <td colSpan={watchlists ? 8 : 7} className="px-3 py-10 text-center text-muted">
                  No coin matches “{query}”.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
