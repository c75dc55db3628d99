import { Check } from "lucide-react";
import { data, Link, useRouteLoaderData } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { featurePreviews, findPreview } from "~/domain/content/previews.ts";
import { formatDate } from "~/domain/dates.ts";
import { paywallPrice } from "~/domain/membership/paywall.ts";
import { previewView } from "~/domain/research/preview.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { EmptyState } from "~/ui/empty-state.tsx";
import { PlanFeatures } from "~/ui/membership/plan-features.tsx";
import { NotAdviceNotice } from "~/ui/research/not-advice.tsx";
import { PieceBadges, PieceByline } from "~/ui/research/piece-meta.tsx";
import { ResearchBody } from "~/ui/research/research-body.tsx";
import { HORIZON_LABELS, StanceBadge } from "~/ui/research/stance.tsx";
import { seo } from "~/utils/seo.ts";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) =>
  loaded
    ? seo({
        title: `${loaded.preview.title}: a free preview`,
        description: loaded.preview.intro,
        path: `/preview/${loaded.preview.id}`,
        matches,
      })
    : [{ title: "Preview" }];

/** /preview/:feature — public: what a research feature is, with a real free sample from it. */
export async function loader({ params }: Route.LoaderArgs) {
  const preview = findPreview(params.feature);
  if (!preview) throw data({ message: "There is no preview at this address." }, { status: 404 });
  return { preview, view: await previewView(getDb(), preview) };
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { preview, view } = loaderData;
  const layout = useRouteLoaderData("routes/_public/layout") as { signedIn?: boolean } | undefined;
  const signedIn = layout?.signedIn ?? false;
  const price = view.plan ? paywallPrice(view.plan.monthlyPriceMinor) : null;
  const signIn = `/login?redirectTo=${encodeURIComponent(preview.memberPath)}`;
  const actions = signedIn ? (
    <ButtonLink to={preview.memberPath} size="lg">
      Open {preview.title}
    </ButtonLink>
  ) : (
    <>
      <ButtonLink to="/signup" size="lg">
        Sign up
      </ButtonLink>
      <ButtonLink to={signIn} size="lg" variant="secondary">
        Log in
      </ButtonLink>
    </>
  );
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-brand-soft/70 to-canvas">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold text-brand">Free preview</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            {preview.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">{preview.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">{actions}</div>
        </div>
      </section>

      <div className="container-page grid gap-8 py-12 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-labelledby="sample-heading" className="min-w-0 space-y-4">
          <h2 id="sample-heading" className="text-xl font-bold tracking-tight text-ink">
            {view.direction ? "The desk's current stance" : "A free sample"}
          </h2>
          <SampleContent view={view} />
        </section>

        <aside className="space-y-4 lg:sticky lg:top-24" aria-labelledby="premium-heading">
          <Card>
            <CardHeader title={<span id="premium-heading">What Premium adds</span>} />
            <div className="space-y-5 px-5 py-5">
              <CheckList lines={preview.premiumAdds} />
              <div>
                <p className="text-sm font-semibold text-ink">With a free account</p>
                <CheckList lines={preview.memberGets} className="mt-2" />
              </div>
              {view.plan ? (
                <div className="border-t border-line pt-4">
                  <p className="text-sm font-semibold text-ink">Everything in {view.plan.name}</p>
                  <PlanFeatures features={view.plan.features} className="mt-3" />
                  {price ? (
                    <p className="mt-4 text-ink">
                      <span className="text-2xl font-extrabold tabular-nums">{price}</span>{" "}
                      <span className="text-sm text-muted">per month</span>
                    </p>
                  ) : null}
                </div>
              ) : null}
              <div className="flex flex-col gap-2">{actions}</div>
            </div>
          </Card>
          <nav aria-label="Other previews" className="px-1 text-sm">
            <p className="font-semibold text-ink">More previews</p>
            <ul className="mt-2 space-y-1">
              {featurePreviews
                .filter((p) => p.id !== preview.id)
                .map((p) => (
                  <li key={p.id}>
                    <Link to={`/preview/${p.id}`} className="font-medium text-brand hover:underline">
                      {p.title}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        </aside>
      </div>
    </>
  );
}

function CheckList({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2 text-sm text-ink", className)}>
      {lines.map((line) => (
        <li key={line} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-positive" />
          {line}
        </li>
      ))}
    </ul>
  );
}

function SampleContent({ view }: { view: Route.ComponentProps["loaderData"]["view"] }) {
  if (view.article) {
    const { piece } = view.article;
    return (
      <Card className="px-5 py-6 sm:px-8">
        <article className="space-y-4" data-testid="preview-sample">
          <PieceBadges piece={piece} />
          <h3 className="text-2xl font-bold leading-tight tracking-tight text-ink">{piece.title}</h3>
          {piece.summary ? <p className="text-lg leading-7 text-muted">{piece.summary}</p> : null}
          <p>
            <PieceByline piece={piece} />
          </p>
          <ResearchBody html={view.article.bodyHtml} className="border-t border-line pt-4" />
          <p className="text-sm text-ink">
            <strong className="font-semibold">Disclosure:</strong> {piece.holdings}
          </p>
          <NotAdviceNotice />
        </article>
      </Card>
    );
  }
  if (view.direction) {
    return (
      <div className="space-y-4" data-testid="preview-sample">
        {view.direction.sample ? <Badge tone="warning">Sample data</Badge> : null}
        <ul className="grid gap-4 md:grid-cols-3">
          {view.direction.current.map(({ horizon, entry }) => (
            <li key={horizon}>
              <Card className="flex h-full flex-col gap-3 px-5 py-5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-ink">{HORIZON_LABELS[horizon]}</h3>
                  {entry ? <StanceBadge stance={entry.stance} /> : null}
                </div>
                <p className="text-sm leading-6 text-ink">
                  {entry ? entry.rationale : "No stance taken yet."}
                </p>
                {entry ? (
                  <p className="mt-auto text-xs text-muted">
                    Since {formatDate(entry.setAt)} · {entry.author.name}
                  </p>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
        <NotAdviceNotice />
      </div>
    );
  }
  if (view.picks.length > 0) {
    return (
      <div className="space-y-4" data-testid="preview-sample">
        <Card>
          <ul className="divide-y divide-line">
            {view.picks.map((p) => (
              <li key={p.id} className="space-y-1.5 px-5 py-4">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-ink">{p.asset}</span>
                  <span className="text-ink">{p.title}</span>
                  {p.closed ? <Badge>Closed</Badge> : <Badge tone="brand">Open</Badge>}
                  {p.sample ? <Badge tone="warning">Sample</Badge> : null}
                </p>
                <p className="text-sm leading-6 text-muted">{p.thesis}</p>
                <p className="text-xs text-muted">
                  {p.analyst} · {formatDate(p.publishedAt)} · {p.risk} risk · {p.horizon} term
                </p>
              </li>
            ))}
          </ul>
        </Card>
        <NotAdviceNotice />
      </div>
    );
  }
  return (
    <Card>
      <EmptyState title="No free sample yet">
        Our analysts have not published a free piece of this kind yet. Members see each one as it is
        published.
      </EmptyState>
    </Card>
  );
}
