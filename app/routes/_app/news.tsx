import { ExternalLink, Newspaper } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { timeAgo } from "~/domain/market-data/format.ts";
import { etfSymbols, trackedCoins } from "~/domain/market-data/types.ts";
import { getNews } from "~/domain/market-data/views.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { buttonClass } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Pager, pageHref } from "~/ui/pager.tsx";
import type { Route } from "./+types/news";

export const meta = () => [
  { title: "News · Coinlens" },
  { name: "description", content: "Market news from trusted crypto sources." },
];

const pageSize = 10;
const filters = [...trackedCoins.map((c) => c.symbol), ...etfSymbols.filter((s) => s !== "BTC")];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const coinParam = (params.get("coin") ?? "").toUpperCase();
  const coin = (filters as string[]).includes(coinParam) ? coinParam : "";
  const pageParam = Number(params.get("page") ?? 1);
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const news = await getNews(getDb(), { tag: coin || undefined, page, pageSize });
  return { ...news, coin, now: new Date().toISOString() };
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, coin, sample } = loaderData;
  const now = new Date(loaderData.now);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const submit = useSubmit();
  return (
    <div className="container-page space-y-6 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">News</h1>
          <p className="mt-1 text-muted">Headlines from crypto news sources, newest first.</p>
          {sample ? (
            <Badge tone="warning" className="mt-2">
              <span title="Offline sample headlines for demonstration, not live news">Sample data</span>
            </Badge>
          ) : null}
        </div>
        <Form method="get" className="flex items-end gap-2" onChange={(e) => submit(e.currentTarget)}>
          <div>
            <label htmlFor="news-coin" className="block text-sm font-medium text-ink">
              Coin or ETF
            </label>
            <select
              id="news-coin"
              name="coin"
              defaultValue={coin}
              className="mt-1 h-11 rounded-md border border-line bg-surface px-3 text-sm text-ink"
            >
              <option value="">All news</option>
              <optgroup label="Coins">
                {trackedCoins.map((c) => (
                  <option key={c.symbol} value={c.symbol}>
                    {c.name} ({c.symbol})
                  </option>
                ))}
              </optgroup>
              <optgroup label="Spot Bitcoin ETFs">
                {etfSymbols
                  .filter((s) => s !== "BTC")
                  .map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
              </optgroup>
            </select>
          </div>
          <noscript>
            <button type="submit" className={buttonClass("secondary")}>
              Filter
            </button>
          </noscript>
        </Form>
      </div>
      <Card>
        {items.length === 0 ? (
          <EmptyState icon={Newspaper} title="No news for this filter yet">
            New headlines arrive every few minutes. Choose another coin or show all news.
          </EmptyState>
        ) : (
          <ol className="divide-y divide-line" aria-label="Headlines">
            {items.map((item) => (
              <li key={item.url} className="px-5 py-4" data-testid="news-item">
                <p className="text-xs text-muted">
                  <span className="font-semibold text-ink">{item.source}</span> ·{" "}
                  <time dateTime={item.publishedAt}>{timeAgo(item.publishedAt, now)}</time>
                </p>
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-start gap-1 text-base font-semibold text-ink hover:text-brand"
                >
                  {item.title}
                  <ExternalLink aria-hidden className="mt-1.5 size-3.5 shrink-0" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                {item.summary ? <p className="mt-1 line-clamp-2 text-sm text-muted">{item.summary}</p> : null}
                {item.tags.length > 0 ? (
                  <p className="mt-2 flex flex-wrap gap-1.5">
                    {item.tags.map((tag) => (
                      <Link
                        key={tag}
                        to={`/news?coin=${tag}`}
                        className="rounded-full bg-subtle px-2 py-0.5 text-xs font-semibold text-muted hover:text-ink"
                      >
                        {tag}
                      </Link>
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Pager
        variant="buttons"
        label="News pages"
        page={page}
        pageCount={pages}
        href={(n) => pageHref("/news", { coin }, n)}
        previous="Previous"
        next="Next"
      />
    </div>
  );
}
