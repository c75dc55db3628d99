import { useRouteLoaderData } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { faqItems } from "~/domain/content/faq.ts";
import { featurePanels, wavePanels } from "~/domain/content/features.ts";
import { getMembershipOffer } from "~/domain/content/pricing.server.ts";
import { getQuotes } from "~/domain/market-data/cache.server.ts";
import { listApprovedReviews, reviewReporterKey } from "~/domain/reviews/reviews.server.ts";
import landingScript from "~/islands/landing.ts?worker&url";
import { ButtonLink } from "~/ui/button.tsx";
import { Disclosure } from "~/ui/disclosure.tsx";
import { RegisterButtons, RiskNote } from "~/ui/marketing/cta-buttons.tsx";
import { FeaturePanels } from "~/ui/marketing/feature-panels.tsx";
import { IntroVideo } from "~/ui/marketing/intro-video.tsx";
import { JsonLd } from "~/ui/marketing/json-ld.tsx";
import { MarketSnapshot, type SnapshotQuote } from "~/ui/marketing/market-snapshot.tsx";
import { PricingBlock } from "~/ui/marketing/pricing-block.tsx";
import { ReviewCards } from "~/ui/marketing/review-cards.tsx";
import { getSession } from "~/utils/auth.server.ts";
import { useRootData } from "~/utils/brand.ts";
import { seo } from "~/utils/seo.ts";
import type { StaticPageHandle } from "~/utils/static-document.tsx";
import { faqPageData, organizationData } from "~/utils/structured-data.ts";
import type { Route } from "./+types/home";

/**
 * Sent as server-rendered HTML without React, with app/islands/landing.ts (a few KiB) for its
 * panels, menus, pricing, reviews and ticker: the landing page's 120 KiB JavaScript budget cannot be
 * met by a hydrated page (ADR 0043, ADR 0063). Vite bundles the script on its own (the `worker`
 * query is only the bundling mechanism; it runs as an ordinary deferred script).
 */
export const handle: StaticPageHandle = Object.freeze({ hydrate: false, script: landingScript });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    description:
      "Research, trading setups, community and tools for crypto investors at every level. Membership from $250 a month.",
    path: "/",
    matches,
  });

export async function loader(args: Route.LoaderArgs) {
  const db = getDb();
  const session = await getSession(args);
  const [offer, market, reviews] = await Promise.all([
    getMembershipOffer(db),
    getQuotes(db, {
      symbols: ["BTC", "ETH", "SOL", "BNB", "USDT"],
      // The operator's freshness limit (MARKET_DATA_STALE_SECONDS), as on every other page.
      staleSeconds: getConfig().market.staleSeconds,
    }),
    listApprovedReviews(db, {
      viewerId: session?.user.id ?? null,
      // A member's reports are theirs alone, so their cards show as reported; a visitor's are
      // keyed by address, shared with everyone behind it, so only ?reported=<id> (where
      // routes/review-action.ts sends a visitor without JavaScript) marks one.
      reporterKey: session
        ? reviewReporterKey({ userId: session.user.id, secret: getConfig().sessionSecret })
        : null,
      limit: 6,
    }),
  ]);
  // Quotes come from the market data cache with their source and age; none means none shown.
  // Only what the snapshot shows travels to the browser (no 7-day sparklines in the page data).
  const quotes: SnapshotQuote[] = market.quotes.map((q) => ({
    symbol: q.symbol,
    name: q.name,
    priceUsd: q.priceUsd,
    change24hPct: q.change24hPct,
    lastUpdated: q.lastUpdated,
    source: q.source,
  }));
  const reported = session ? null : new URL(args.request.url).searchParams.get("reported");
  const cards = reported
    ? reviews.map((r) => (r.id === reported ? { ...r, reportedByViewer: true } : r))
    : reviews;
  return {
    offer,
    signedIn: Boolean(session),
    quotes,
    stale: market.stale,
    reviews: cards,
    now: new Date().toISOString(),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { brand, publicUrl } = useRootData();
  const faq = faqItems(brand.name);
  const layout = useRouteLoaderData("routes/_public/layout") as { signedIn?: boolean } | undefined;
  const signedIn = layout?.signedIn ?? false;
  return (
    <>
      <JsonLd data={organizationData(brand, publicUrl)} />
      <JsonLd data={faqPageData(faq)} />
      <section className="border-b border-line bg-gradient-to-b from-brand-soft/70 to-canvas">
        <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[1.35fr_1fr] lg:items-center">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
              The time to invest in crypto is now.
            </h1>
            <p className="mt-4 text-xl text-muted">Seize the moment before the giants do</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/login" size="lg">
                Become a Winner
              </ButtonLink>
              <ButtonLink to="/signup" size="lg" variant="secondary">
                Register
              </ButtonLink>
              <ButtonLink to="/signup?demo=1" size="lg" variant="secondary">
                Try Free Demo
              </ButtonLink>
            </div>
            <RiskNote />
          </div>
          <MarketSnapshot quotes={loaderData.quotes} stale={loaderData.stale} signedIn={signedIn} />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="container-page py-16">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold text-brand">What you get</p>
            <h2 id="features-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink">
              Research, analysis, community and tools in one membership
            </h2>
            <p className="mt-4 text-muted">
              {brand.name} helps you understand the market before you put money in it. Watch the 20-second
              intro, then open any feature below to see what it does.
            </p>
          </div>
          <IntroVideo />
        </div>
        <div className="mt-12">
          <FeaturePanels panels={featurePanels} signedIn={signedIn} />
        </div>
      </section>

      <section aria-labelledby="wave-heading" className="border-y border-line bg-surface py-16">
        <div className="container-page">
          <h2 id="wave-heading" className="max-w-2xl text-3xl font-bold tracking-tight text-ink">
            Ride the crypto wave to a multi-million dollar portfolio
          </h2>
          <p className="mt-3 max-w-2xl text-muted">
            Big goals need a method. Ours is research first, a plan for every trade and risk you can afford.
            Results are never guaranteed.
          </p>
          <div className="mt-10 grid gap-10 lg:grid-cols-2 lg:items-start">
            <div className="grid grid-cols-2 gap-4">
              {wavePanels.map((panel) => (
                <img
                  key={panel.id}
                  src={panel.image.src}
                  alt={panel.image.alt}
                  width={480}
                  height={320}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-full rounded-xl border border-line dark:brightness-[0.85]"
                />
              ))}
            </div>
            <div className="border-t border-line">
              {wavePanels.map((panel, index) => (
                <Disclosure key={panel.id} title={panel.title} defaultOpen={index === 0}>
                  <p>{panel.text}</p>
                </Disclosure>
              ))}
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="escape-heading" className="relative overflow-hidden bg-deep text-white">
        <svg
          aria-hidden
          className="absolute inset-y-0 right-0 h-full w-2/3 text-white/10"
          viewBox="0 0 600 300"
          preserveAspectRatio="none"
        >
          <path
            d="M0 260 C120 240 160 200 240 210 S380 120 450 130 S560 40 600 30"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
          />
          <path
            d="M0 290 C140 280 200 250 280 250 S420 180 500 180 S570 120 600 110"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <div className="container-page relative py-16 sm:py-20">
          <h2 id="escape-heading" className="max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">
            Escape the financial rat race &amp; earn generational wealth in the 2024 bull run
          </h2>
          <ButtonLink to="/signup" size="lg" variant="onDeep" className="mt-8">
            Become a winner
          </ButtonLink>
          <RiskNote tone="dark" />
        </div>
      </section>

      <section id="reviews" aria-labelledby="reviews-heading" className="container-page pt-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-brand">Reviews</p>
            <h2 id="reviews-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink">
              What members say
            </h2>
            <p className="mt-2 max-w-2xl text-sm text-muted">
              Written by signed-in members and checked by our team before they appear; we publish critical
              reviews too. Cards marked Sample are example content on a new installation.
            </p>
          </div>
          <ButtonLink
            to={signedIn ? "/reviews/new" : "/login?redirectTo=%2Freviews%2Fnew"}
            variant="secondary"
          >
            Write a review
          </ButtonLink>
        </div>
        <div className="mt-8">
          {loaderData.reviews.length > 0 ? (
            <ReviewCards reviews={loaderData.reviews} signedIn={signedIn} now={loaderData.now} />
          ) : (
            <p className="text-muted">No reviews yet. Members can be the first to write one.</p>
          )}
        </div>
      </section>

      {loaderData.offer ? <PricingBlock offer={loaderData.offer} signedIn={loaderData.signedIn} /> : null}

      <section aria-labelledby="faq-heading" className="container-page max-w-3xl pb-8">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Frequently asked questions
        </h2>
        <div className="mt-6 border-t border-line">
          {faq.map((item, index) => (
            <Disclosure key={item.question} title={item.question} defaultOpen={index === 0}>
              <p>{item.answer}</p>
            </Disclosure>
          ))}
        </div>
        <RegisterButtons className="mt-10" />
      </section>
    </>
  );
}
