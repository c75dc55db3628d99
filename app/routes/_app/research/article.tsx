import { ArrowLeft, History } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { watchlistChoices } from "~/domain/alerts/watchlist-items.server.ts";
import { type CommentAnswer, commentAction } from "~/domain/comments/actions.server.ts";
import { listComments, readablePiece } from "~/domain/comments/comments.server.ts";
import { formatDate } from "~/domain/dates.ts";
import type { PaywallBody } from "~/domain/membership/paywall.ts";
import { decideAccess } from "~/domain/payments/permissions.ts";
import { articleRecord, followedKeys } from "~/domain/research/article-record.server.ts";
import { getArticle } from "~/domain/research/reading.server.ts";
import { KIND_LABELS } from "~/domain/research/reading.ts";
import { AddToWatchlist } from "~/ui/alerts/add-to-watchlist.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { PaywallCard } from "~/ui/membership/paywall.tsx";
import { FollowRow, RecordBox } from "~/ui/research/article-record.tsx";
import { CommentsSection } from "~/ui/research/comments.tsx";
import { NotAdviceNotice } from "~/ui/research/not-advice.tsx";
import { PieceCard } from "~/ui/research/piece-card.tsx";
import { PieceBadges, PieceByline } from "~/ui/research/piece-meta.tsx";
import { ResearchBody } from "~/ui/research/research-body.tsx";
import { requestMeta, requireSession } from "~/utils/auth.server.ts";
import { hasEntitlement, paywallBody } from "~/utils/entitlements.server.ts";
import type { Route } from "./+types/article";

export const meta = ({ loaderData: loaded }: Route.MetaArgs) =>
  loaded
    ? [
        { title: `${loaded.article.piece.title} · Coinlens` },
        { name: "description", content: loaded.article.piece.summary },
      ]
    : [{ title: "Research · Coinlens" }];

/**
 * A piece of research. Premium is decided here: without it, getArticle returns the opening only,
 * and the page shows the paywall where the rest would be — the rest is never sent.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const canReadPremium = await hasEntitlement(args, "research:premium");
  const db = getDb();
  const article = await getArticle(db, args.params.slug, { canReadPremium });
  if (!article) throw data({ message: "There is no published research at this address." }, { status: 404 });
  const paywall: PaywallBody | null = article.locked ? await paywallBody("research:premium") : null;
  const [record, followed, watchlists] = await Promise.all([
    articleRecord(db, args.params.slug),
    followedKeys(db, session.user.id),
    watchlistChoices(db, session.user.id),
  ]);
  // Comments are for those who can read the whole piece (ADR 0083): none are sent with a paywall.
  const comments = article.locked
    ? null
    : await listComments(db, article.piece.id, session.user.id, new Date());
  const moderator = decideAccess(session, "moderate:comment:any").ok;
  return { article, paywall, record, followed, watchlists, comments, moderator };
}

/** The comment forms: only on a piece the member can read in full; hiding needs the permission. */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const canReadPremium = await hasEntitlement(args, "research:premium");
  const db = getDb();
  const piece = await readablePiece(db, args.params.slug, canReadPremium);
  if (!piece) throw data({ message: "There is no published research at this address." }, { status: 404 });
  const moderator = decideAccess(session, "moderate:comment:any").ok
    ? {
        audit: {
          ip: requestMeta(args).ip,
          userAgent: args.request.headers.get("user-agent") ?? undefined,
          clock: systemClock,
        },
      }
    : null;
  return commentAction(db, { userId: session.user.id, moderator }, piece.id, await args.request.formData());
}

const tagClass =
  "inline-flex items-center rounded-full border border-line bg-surface px-2.5 py-0.5 text-xs font-semibold text-ink hover:border-brand hover:text-brand";

export default function ResearchArticle({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { article, paywall, record, followed, watchlists, comments, moderator } = loaderData;
  const { piece } = article;
  return (
    <div className="container-page py-8">
      <article className="mx-auto max-w-3xl">
        <Link
          to={`/research?kind=${piece.kind}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {`${KIND_LABELS[piece.kind]}s`}
        </Link>
        <header className="mt-4 space-y-3 border-b border-line pb-6">
          <PieceBadges piece={piece} />
          <h1 className="text-3xl font-bold leading-tight tracking-tight text-ink sm:text-4xl">
            {piece.title}
          </h1>
          {piece.summary ? <p className="text-lg leading-7 text-muted">{piece.summary}</p> : null}
          <p>
            <PieceByline piece={piece} />
          </p>
          {piece.assets.length + piece.topics.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {piece.assets.map((asset) => (
                <li key={`a-${asset}`} className="flex items-center gap-1">
                  <Link to={`/research?asset=${encodeURIComponent(asset)}`} className={tagClass}>
                    {asset}
                  </Link>
                  <AddToWatchlist
                    symbol={asset}
                    lists={watchlists}
                    back={`/research/${piece.slug}`}
                    align="left"
                  />
                </li>
              ))}
              {piece.topics.map((topic) => (
                <li key={`t-${topic}`}>
                  <Link to={`/research?topic=${encodeURIComponent(topic)}`} className={tagClass}>
                    #{topic}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {article.corrections.length > 0 ? (
            <ul
              className="space-y-1 rounded-md bg-brand-soft/60 px-4 py-3 text-sm text-ink"
              data-testid="corrections"
            >
              {article.corrections.map((c) => (
                <li key={c.version} className="flex gap-2">
                  <History aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
                  <span>
                    <strong className="font-semibold">Updated on {formatDate(c.at)}:</strong> {c.note}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <FollowRow piece={piece} followed={followed} />
        </header>

        <RecordBox record={record} />
        <div className="mt-6">
          <ResearchBody html={article.bodyHtml} />
          {article.locked && paywall ? (
            <div className="relative mt-2">
              <div
                aria-hidden
                className="pointer-events-none absolute inset-x-0 -top-16 h-16 bg-gradient-to-b from-transparent to-canvas"
              />
              <PaywallCard body={paywall} className="mt-6" />
            </div>
          ) : null}
        </div>

        <footer className="mt-8 space-y-3">
          <p
            className="rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink"
            data-testid="holdings"
          >
            <strong className="font-semibold">Disclosure:</strong>{" "}
            {piece.holdings || "No holdings disclosed."}
          </p>
          <NotAdviceNotice />
        </footer>
      </article>

      {comments ? (
        <CommentsSection
          comments={comments}
          answer={actionData as CommentAnswer | undefined}
          moderator={moderator}
        />
      ) : null}

      {article.related.length > 0 ? (
        <Card className="mx-auto mt-10 max-w-3xl">
          <CardHeader title="Related research" />
          <ul className="divide-y divide-line">
            {article.related.map((r) => (
              <li key={r.id}>
                <PieceCard piece={r} headingLevel={3} />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}
