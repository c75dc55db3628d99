import { Banknote } from "lucide-react";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSET_INFO, type Asset } from "~/domain/money/assets.ts";
import { formatInCurrency, formatShareBps, type OverviewRow } from "~/domain/portfolio/overview.ts";
import { type DisplayCurrency, valueInUsdCents } from "~/domain/portfolio/valuation.ts";
import { cn } from "../cn.ts";
import { changeToneClass } from "../market/as-of.ts";
import { CoinMark } from "../market/coin-mark.tsx";
import { Table, Td, Th } from "../table.tsx";
import { ASSET_COLOURS } from "./allocation-chart.tsx";
import { Amount } from "./hidden-amount.tsx";

/** Columns a phone's width leaves out; their figures move under the name and the value. */
const PHONE_HIDDEN = "hidden sm:table-cell";

type Source = "coinlensMinor" | "elsewhereMinor" | "walletsMinor";
const SOURCES: readonly { key: Source; label: string }[] = Object.freeze([
  { key: "coinlensMinor", label: "On Coinlens" },
  { key: "elsewhereMinor", label: "Elsewhere" },
  { key: "walletsMinor", label: "Wallets" },
]);

/** A quantity for reading: the asset's usual decimals, trailing zeros trimmed, thousands grouped. */
export function formatQuantity(minor: bigint, asset: Asset): string {
  if (minor === 0n) return "—";
  if (asset === "USD") return formatAmount(minor, "USD", { minDecimals: 2, grouping: true });
  const text = formatAmount(minor, asset, { decimals: ASSET_INFO[asset].displayDecimals, grouping: true });
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  // A holding too small for the usual decimals is shown in full rather than as 0.
  return trimmed === "0" ? formatAmount(minor, asset, { grouping: true }) : trimmed;
}

/** "+2.35%" / "-1.2%" from basis points. */
export function formatSignedBps(bps: bigint): string {
  return `${bps > 0n ? "+" : bps < 0n ? "-" : ""}${formatShareBps(bps < 0n ? -bps : bps)}`;
}

/**
 * The holdings, one row per asset: the quantity from each source in use, the price, the value and
 * its share of the total, and the 24 h move, all in the display currency. An asset without a price
 * is listed with its quantity and "No price yet" (and counted in no total).
 */
export function HoldingsTable({
  rows,
  currency,
  rates,
  hidden,
}: {
  rows: readonly OverviewRow[];
  currency: DisplayCurrency;
  rates: Partial<Record<DisplayCurrency, string>>;
  hidden: boolean;
}) {
  // Per-source columns only when the holdings come from more than one source.
  const inUse = SOURCES.filter((s) => rows.some((r) => BigInt(r[s.key]) > 0n));
  const bySource = inUse.length > 1 ? inUse : [];
  const money = (cents: bigint, signed = false) =>
    formatInCurrency(cents, currency, rates, { signed }) ?? "—";
  return (
    <Table
      caption="Holdings by asset"
      // Narrower cells on a phone, so the three columns it shows fit without scrolling.
      className="sm:min-w-[40rem] max-sm:[&_td]:px-3 max-sm:[&_th]:px-3"
    >
      <thead>
        <tr>
          <Th>Asset</Th>
          {bySource.map((s) => (
            <Th key={s.key} className={cn("text-right", PHONE_HIDDEN)}>
              {s.label}
            </Th>
          ))}
          <Th className={cn("text-right", PHONE_HIDDEN)}>
            {bySource.length > 0 ? "Total quantity" : "Quantity"}
          </Th>
          <Th className={cn("text-right", PHONE_HIDDEN)}>Price</Th>
          <Th className="text-right">Value</Th>
          <Th className={cn("text-right", PHONE_HIDDEN)}>Share</Th>
          <Th className="text-right">24 h</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const price =
            r.priceUsd === null
              ? null
              : money(valueInUsdCents(10n ** BigInt(ASSET_INFO[r.asset].scale), r.asset, r.priceUsd));
          const changeBps = r.change24hBps === null ? null : BigInt(r.change24hBps);
          return (
            <tr key={r.asset} data-testid={`holding-${r.asset}`}>
              <Td>
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="hidden h-8 w-1 shrink-0 rounded-full sm:block"
                    style={{ backgroundColor: ASSET_COLOURS[r.asset] }}
                  />
                  {r.asset === "USD" ? (
                    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-subtle text-muted">
                      <Banknote aria-hidden className="size-4" />
                    </span>
                  ) : (
                    <CoinMark symbol={r.asset} className="size-7" />
                  )}
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{r.asset === "USD" ? "Cash" : r.name}</p>
                    <p className="text-xs text-muted">{r.asset}</p>
                    {/* On a phone the quantity sits under the name (its column is hidden). */}
                    <p className="text-xs text-muted sm:hidden">
                      <Amount hidden={hidden}>{formatQuantity(BigInt(r.totalMinor), r.asset)}</Amount>
                    </p>
                  </div>
                </div>
              </Td>
              {bySource.map((s) => (
                <Td key={s.key} className={cn("text-right text-muted", PHONE_HIDDEN)}>
                  <Amount hidden={hidden}>{formatQuantity(BigInt(r[s.key]), r.asset)}</Amount>
                </Td>
              ))}
              <Td className={cn("text-right", PHONE_HIDDEN)}>
                <Amount hidden={hidden}>{formatQuantity(BigInt(r.totalMinor), r.asset)}</Amount>
              </Td>
              <Td className={cn("text-right tabular-nums", PHONE_HIDDEN)}>
                {price ?? <span className="text-warning">No price yet</span>}
              </Td>
              <Td className="text-right font-semibold">
                {r.valueUsdCents === null ? (
                  <span className="font-normal text-warning">Not valued</span>
                ) : (
                  <Amount hidden={hidden}>{money(BigInt(r.valueUsdCents))}</Amount>
                )}
                {/* On a phone the share sits under the value (its column is hidden). */}
                {r.shareBps === null ? null : (
                  <span className="block text-xs font-normal text-muted sm:hidden">
                    {formatShareBps(BigInt(r.shareBps))} of total
                  </span>
                )}
              </Td>
              <Td className={cn("text-right tabular-nums", PHONE_HIDDEN)}>
                {r.shareBps === null ? "—" : formatShareBps(BigInt(r.shareBps))}
              </Td>
              <Td
                className={cn(
                  "text-right whitespace-nowrap tabular-nums",
                  changeToneClass(changeBps === null ? null : Number(changeBps)),
                )}
              >
                {changeBps === null ? (
                  <span className="text-muted">—</span>
                ) : (
                  <>
                    <span className="block">{formatSignedBps(changeBps)}</span>
                    {r.change24hUsdCents !== null && r.asset !== "USD" ? (
                      <Amount hidden={hidden} className="block text-xs">
                        {money(BigInt(r.change24hUsdCents), true)}
                      </Amount>
                    ) : null}
                  </>
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
