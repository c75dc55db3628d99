import { data, Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { getQuotes } from "~/domain/market-data/cache.server.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import {
  clearSamplePrices,
  getSampleOverrides,
  nudgeSamplePrice,
  parseSamplePrice,
  SAMPLE_NUDGES,
  type SampleNudge,
  samplePriceMessages,
  setSamplePrice,
} from "~/domain/market-data/sample-overrides.server.ts";
import { isTrackedSymbol } from "~/domain/market-data/types.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { inputClass } from "~/ui/field.tsx";
import { notFound, requireLocalDevelopment } from "~/utils/dev-only.server.ts";
import type { Route } from "./+types/market";

export const meta = () => [
  { title: "Sample prices (development) · Coinlens" },
  { name: "robots", content: "noindex" },
];

const nudgeText = (n: number) => `${n > 0 ? "+" : "−"}${Math.abs(n)}%`;

/**
 * Development and test only, to a browser on this machine, while market data is the offline
 * sample: set or nudge a coin's sample price (kept until cleared), like /dev/chain for deposits, so
 * a person can watch a setup trigger without waiting. 404 otherwise.
 */
function guard(args: Route.LoaderArgs | Route.ActionArgs) {
  const config = requireLocalDevelopment(args);
  if (config.marketData !== "sample") throw notFound();
  return config;
}

export async function loader(args: Route.LoaderArgs) {
  const config = guard(args);
  const db = getDb();
  const [{ quotes, asOf }, overrides] = await Promise.all([
    getQuotes(db, { staleSeconds: config.market.staleSeconds }),
    getSampleOverrides(db),
  ]);
  return {
    asOf,
    nudges: SAMPLE_NUDGES,
    coins: quotes.map((q) => {
      const override = overrides.find((o) => o.symbol === q.symbol);
      return { symbol: q.symbol, name: q.name, priceUsd: q.priceUsd, overrideSetAt: override?.setAt ?? null };
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  guard(args);
  const db = getDb();
  const form = formValues(await args.request.formData());
  const symbol = form.symbol ?? "";
  if (form.intent === "clear-all") {
    await clearSamplePrices(db);
    return { error: undefined, symbol: undefined };
  }
  if (!isTrackedSymbol(symbol)) return data({ error: samplePriceMessages.symbol, symbol: undefined }, 400);
  if (form.intent === "clear") {
    await clearSamplePrices(db, [symbol]);
  } else if (form.intent === "nudge") {
    const percent = Number(form.percent);
    if (!(SAMPLE_NUDGES as readonly number[]).includes(percent))
      return data({ error: "Unknown nudge.", symbol }, 400);
    if (!(await nudgeSamplePrice(db, symbol, percent as SampleNudge)))
      return data({ error: samplePriceMessages.noPrice, symbol }, 409);
  } else {
    const price = parseSamplePrice(form.priceUsd ?? "");
    if (!price) return data({ error: samplePriceMessages.price, symbol }, 400);
    await setSamplePrice(db, symbol, price);
  }
  return { error: undefined, symbol: undefined };
}

export default function DevMarket({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const overridden = loaderData.coins.some((c) => c.overrideSetAt);
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-ink">Sample prices (development)</h1>
        <p className="text-muted">
          Set or nudge a coin's sample price. It reaches every open page and every trading setup at once, and
          the sample feed keeps it until you clear it.
          {loaderData.asOf ? ` Prices as of ${formatDateTime(loaderData.asOf)}.` : ""}
        </p>
      </div>
      {actionData?.error ? (
        <p role="alert" className="font-medium text-negative">
          {actionData.symbol ? `${actionData.symbol}: ` : ""}
          {actionData.error}
        </p>
      ) : null}
      <Card>
        <ul className="divide-y divide-line" aria-label="Tracked coins">
          {loaderData.coins.map((coin) => (
            <li
              key={coin.symbol}
              className="space-y-3 px-4 py-4 sm:px-5"
              data-testid={`dev-coin-${coin.symbol}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-semibold text-ink">
                  {coin.symbol} <span className="font-normal text-muted">{coin.name}</span>
                </h2>
                <p className="flex items-center gap-2">
                  <span className="font-mono tabular-nums text-ink" data-testid={`dev-price-${coin.symbol}`}>
                    {formatUsd(coin.priceUsd)}
                  </span>
                  {coin.overrideSetAt ? (
                    <Badge tone="warning">Set by hand</Badge>
                  ) : (
                    <Badge>Sample feed</Badge>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="symbol" value={coin.symbol} />
                  <input type="hidden" name="intent" value="set" />
                  <label className="block space-y-1.5">
                    <span className="block text-sm font-medium text-ink">New {coin.symbol} price (USD)</span>
                    <input
                      name="priceUsd"
                      inputMode="decimal"
                      autoComplete="off"
                      defaultValue={coin.priceUsd}
                      className={`${inputClass} w-40`}
                    />
                  </label>
                  <Button type="submit" disabled={busy}>
                    Set
                  </Button>
                </Form>
                <Form method="post" className="flex flex-wrap gap-1">
                  <input type="hidden" name="symbol" value={coin.symbol} />
                  <input type="hidden" name="intent" value="nudge" />
                  {loaderData.nudges.map((n) => (
                    <Button
                      key={n}
                      type="submit"
                      name="percent"
                      value={String(n)}
                      variant="secondary"
                      disabled={busy}
                      aria-label={`${coin.symbol} ${nudgeText(n)}`}
                    >
                      {nudgeText(n)}
                    </Button>
                  ))}
                </Form>
                {coin.overrideSetAt ? (
                  <Form method="post">
                    <input type="hidden" name="symbol" value={coin.symbol} />
                    <input type="hidden" name="intent" value="clear" />
                    <Button type="submit" variant="ghost" disabled={busy} aria-label={`Clear ${coin.symbol}`}>
                      Clear
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Form method="post">
        <input type="hidden" name="intent" value="clear-all" />
        <Button type="submit" variant="secondary" disabled={busy || !overridden}>
          Clear all hand-set prices
        </Button>
      </Form>
    </main>
  );
}
