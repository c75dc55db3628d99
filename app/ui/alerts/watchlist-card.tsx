import { BellPlus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import type { FormAnswer } from "~/domain/alerts/rules.ts";
import { formatPercent, formatUsd } from "~/domain/market-data/format.ts";
import { Button } from "../button.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";
import { Table, Td, Th } from "../table.tsx";

export interface WatchlistView {
  id: string;
  name: string;
  items: {
    symbol: string;
    name: string;
    priceUsd: string | null;
    change24hPct: number | null;
    stale: boolean;
  }[];
}

function changeTone(change: number | null) {
  if (change == null || change === 0) return "text-muted";
  return change > 0 ? "text-positive" : "text-negative";
}

/** One named list: its assets with their current prices, and the forms that change it. */
export function WatchlistCard({
  list,
  assets,
  answer,
}: {
  list: WatchlistView;
  assets: { symbol: string; name: string }[];
  /** The last form's answer when it was about this list. */
  answer: FormAnswer | undefined;
}) {
  const [renaming, setRenaming] = useState(answer?.intent === "rename" && !answer.ok);
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  const choices = assets.filter((a) => !list.items.some((i) => i.symbol === a.symbol));
  return (
    <Card data-testid="watchlist" aria-labelledby={`watchlist-${list.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4">
        <h2 id={`watchlist-${list.id}`} className="text-base font-semibold text-ink">
          {list.name}
        </h2>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setRenaming((r) => !r)}
            aria-expanded={renaming}
          >
            Rename
          </Button>
          <Form method="post">
            <input type="hidden" name="id" value={list.id} />
            <Button
              type="submit"
              name="intent"
              value="delete"
              variant="ghost"
              size="sm"
              aria-label={`Delete ${list.name}`}
            >
              Delete
            </Button>
          </Form>
        </div>
      </div>
      {renaming ? (
        <Form method="post" className="flex flex-wrap items-start gap-3 border-b border-line px-5 py-4">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={list.id} />
          <Field
            label="New name"
            name="name"
            defaultValue={list.name}
            maxLength={40}
            error={answer?.intent === "rename" ? errors.name : undefined}
            className="min-w-0 flex-1"
          />
          <Button type="submit" className="mt-7">
            Save
          </Button>
        </Form>
      ) : null}
      {list.items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">No assets yet. Add one below.</p>
      ) : (
        <Table caption={`${list.name}: assets and prices`}>
          <thead>
            <tr>
              <Th>Asset</Th>
              <Th className="text-right">Price</Th>
              <Th className="hidden text-right sm:table-cell">24h %</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((item) => (
              <tr key={item.symbol} className="border-t border-line">
                <Td>
                  <span className="font-semibold text-ink">{item.symbol}</span>{" "}
                  <span className="text-muted">{item.name}</span>
                </Td>
                <Td className="text-right tabular-nums">
                  <span className="block font-semibold text-ink">{formatUsd(item.priceUsd)}</span>
                  {/* On a phone the 24 h change sits under the price (the screener's layout). */}
                  <span className={cn("block text-xs sm:hidden", changeTone(item.change24hPct))}>
                    {formatPercent(item.change24hPct, { signed: true })}
                  </span>
                </Td>
                <Td
                  className={cn(
                    "hidden text-right tabular-nums sm:table-cell",
                    changeTone(item.change24hPct),
                  )}
                >
                  {formatPercent(item.change24hPct, { signed: true })}
                </Td>
                <Td className="w-20 pl-0 text-right">
                  <Form method="post" className="flex justify-end gap-1">
                    <Link
                      to={`/alerts?symbol=${encodeURIComponent(item.symbol)}`}
                      className="grid size-9 place-items-center rounded-md text-muted hover:bg-subtle hover:text-ink"
                      aria-label={`Set a price alert on ${item.symbol}`}
                      title={`Set a price alert on ${item.symbol}`}
                    >
                      <BellPlus aria-hidden className="size-4" />
                    </Link>
                    <input type="hidden" name="id" value={list.id} />
                    <input type="hidden" name="symbol" value={item.symbol} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className="grid size-9 place-items-center rounded-md text-muted hover:bg-subtle hover:text-ink"
                      aria-label={`Remove ${item.symbol} from ${list.name}`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </Form>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Form method="post" className="flex flex-wrap items-start gap-3 border-t border-line px-5 py-4">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="id" value={list.id} />
        <Select
          label={`Add an asset to ${list.name}`}
          hideLabel
          name="symbol"
          placeholder="Choose an asset"
          options={choices.map((a) => ({ value: a.symbol, label: `${a.symbol} · ${a.name}` }))}
          error={answer?.intent === "add" ? errors.symbol : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          Add
        </Button>
      </Form>
      {errors.form && answer?.intent !== "create" ? (
        <div className="px-5 pb-4">
          <FieldError message={errors.form} />
        </div>
      ) : null}
    </Card>
  );
}
