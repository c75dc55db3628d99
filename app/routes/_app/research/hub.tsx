import { BookOpen, Rss, Search, SearchX } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { getMarketDirection } from "~/domain/research/market-direction.server.ts";
import { listResearch, researchFacets } from "~/domain/research/reading.server.ts";
import { HUB_TABS, hubHref, parseHubFilters } from "~/domain/research/reading.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EmptyState } from "~/ui/empty-state.tsx";
import { inputClass } from "~/ui/field.tsx";
import { Pager } from "~/ui/pager.tsx";
import { PieceCard } from "~/ui/research/piece-card.tsx";
import { HORIZON_LABELS, StanceBadge } from "~/ui/research/stance.tsx";
import { Select } from "~/ui/select.tsx";
import { hasEntitlement } from "~/utils/entitlements.server.ts";
import type { Route } from "./+types/hub";

export const meta = () => [
  { title: "Research · Coinlens" },
  { name: "description", content: "Reports, picks, trading setups and market updates from our analysts." },
  { tagName: "link", rel: "alternate", type: "application/atom+xml", href: "/research/feed.atom" },
];

export async function loader(args: Route.LoaderArgs) {
  const filters = parseHubFilters(new URL(args.request.url).searchParams);
  const canReadPremium = await hasEntitlement(args, "research:premium");
  const db = getDb();
  const [page, facets, direction] = await Promise.all([
    listResearch(db, filters, { canReadPremium }),
    researchFacets(db),
    getMarketDirection(db, { limit: 1 }),
  ]);
  return {
    filters: { ...filters, page: page.page },
    page,
    facets,
    current: direction.current,
    canReadPremium,
  };
}

export default function ResearchHub({ loaderData }: Route.ComponentProps) {
  const { filters, page, facets, current, canReadPremium } = loaderData;
  const submit = useSubmit();
  const searching = filters.q !== "";
  const analystName = facets.analysts.find((a) => a.id === filters.analyst)?.name;
  const narrowed = Boolean(filters.kind || filters.asset || filters.analyst || filters.topic);
  return (
    <div className="container-page space-y-6 py-8">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Research</h1>
          <p className="mt-1 text-muted">
            Reports, picks, trading setups and market updates from our analysts, newest first. Every piece
            names its author and what the author holds.
            {canReadPremium ? "" : " Premium pieces open with a preview; the rest is part of Premium."}
          </p>
        </div>
        <Form method="get" role="search" className="flex w-full gap-2 lg:w-96">
          <label htmlFor="research-q" className="sr-only">
            Search research
          </label>
          <input
            id="research-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Search reports and updates"
            className={inputClass}
          />
          {(["kind", "asset", "analyst", "topic"] as const).map((key) =>
            filters[key] ? <input key={key} type="hidden" name={key} value={filters[key]} /> : null,
          )}
          <Button type="submit" aria-label="Search">
            <Search aria-hidden className="size-4" />
          </Button>
        </Form>
      </div>

      <nav aria-label="Research types" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1 border-b border-line">
          {HUB_TABS.map((tab) => {
            const active = filters.kind === tab.kind;
            return (
              <li key={tab.label}>
                <Link
                  to={hubHref(filters, { kind: tab.kind })}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "-mb-px block border-b-2 px-4 py-2.5 text-sm font-semibold",
                    active ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-4">
          <Form
            method="get"
            className="flex flex-wrap items-end gap-3"
            onChange={(e) => submit(e.currentTarget)}
            aria-label="Filter research"
          >
            {(["q", "kind", "topic"] as const).map((key) =>
              filters[key] ? <input key={key} type="hidden" name={key} value={filters[key]} /> : null,
            )}
            <Select
              label="Asset"
              name="asset"
              defaultValue={filters.asset}
              placeholder="All assets"
              options={facets.assets.map((a) => ({ value: a, label: a }))}
              className="w-44"
            />
            <Select
              label="Analyst"
              name="analyst"
              defaultValue={filters.analyst}
              placeholder="All analysts"
              options={facets.analysts.map((a) => ({ value: a.id, label: a.name }))}
              className="w-64 max-w-full"
            />
            <noscript>
              <button type="submit" className={buttonClass("secondary")}>
                Filter
              </button>
            </noscript>
          </Form>

          <div className="flex flex-wrap items-center gap-2 text-sm text-muted" aria-live="polite">
            <p data-testid="research-count">
              {searching
                ? `${page.total} ${page.total === 1 ? "result" : "results"} for “${filters.q}”`
                : `${page.total} ${page.total === 1 ? "piece" : "pieces"}`}
              {analystName ? ` by ${analystName}` : ""}
            </p>
            {filters.topic ? (
              <Badge tone="brand">
                Topic: {filters.topic}
                <Link
                  to={hubHref(filters, { topic: "" })}
                  className="ml-1.5 underline"
                  aria-label={`Remove the topic ${filters.topic}`}
                >
                  ×
                </Link>
              </Badge>
            ) : null}
            {searching || narrowed ? (
              <Link to="/research" className="font-semibold text-brand hover:underline">
                Clear all
              </Link>
            ) : null}
          </div>

          <Card>
            {page.items.length === 0 ? (
              searching ? (
                <EmptyState icon={SearchX} title={`Nothing matches “${filters.q}”`}>
                  Try fewer or different words, or search all types and assets.
                </EmptyState>
              ) : (
                <EmptyState icon={BookOpen} title="No research here yet">
                  {narrowed
                    ? "Nothing has been published for this filter. Choose another, or see everything."
                    : "When our analysts publish, their reports and updates appear here."}
                </EmptyState>
              )
            ) : (
              <ol className="divide-y divide-line" aria-label={searching ? "Search results" : "Research"}>
                {page.items.map((piece) => (
                  <li key={piece.id}>
                    <PieceCard piece={piece} />
                  </li>
                ))}
              </ol>
            )}
          </Card>
          {page.pageCount > 1 ? (
            <Pager
              variant="buttons"
              label="Research pages"
              page={page.page}
              pageCount={page.pageCount}
              href={(n) => hubHref(filters, { page: n })}
              previous="Newer"
              next="Older"
            />
          ) : null}
        </div>

        <aside className="space-y-4" aria-label="Market direction and feed">
          <Card>
            <CardHeader
              title="Market direction"
              action={
                <Link to="/market-direction" className="text-sm font-semibold text-brand hover:underline">
                  Timeline
                </Link>
              }
            />
            <dl className="divide-y divide-line">
              {current.map(({ horizon, entry }) => (
                <div key={horizon} className="flex items-center justify-between gap-3 px-5 py-3">
                  <dt className="text-sm text-muted">{HORIZON_LABELS[horizon]}</dt>
                  <dd>
                    {entry ? (
                      <StanceBadge stance={entry.stance} />
                    ) : (
                      <span className="text-sm text-muted">—</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          <a
            href="/research/feed.atom"
            className="flex items-center gap-2 px-1 text-sm font-semibold text-brand hover:underline"
          >
            <Rss aria-hidden className="size-4" />
            Atom feed of free research
          </a>
        </aside>
      </div>
    </div>
  );
}
