import { Flag, Share2, Star, ThumbsUp } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { formatDate } from "~/domain/dates.ts";
import { initials, relativeAge } from "~/domain/reviews/format.ts";
import { Badge } from "../badge.tsx";
import { Card } from "../card.tsx";
import { cn } from "../cn.ts";
import { useToast } from "../toast.tsx";

export interface ReviewCardData {
  id: string;
  authorName: string;
  authorReviewCount: number;
  country: string;
  rating: number;
  title: string;
  body: string;
  experiencedOn: string;
  createdAt: string;
  usefulCount: number;
  votedUseful: boolean;
  reportedByViewer: boolean;
  isSample: boolean;
}

// The data-review-action forms and data-share buttons are driven by app/islands/reviews.ts on
// the landing page, which is not hydrated (ADR 0063); the look follows aria-pressed/disabled so
// both implementations change only the state.
const action =
  "inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-muted hover:bg-subtle hover:text-ink";

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-4", n <= rating ? "fill-positive text-positive" : "fill-subtle text-line")}
        />
      ))}
    </span>
  );
}

function ReviewCardView({ review, signedIn, now }: { review: ReviewCardData; signedIn: boolean; now: Date }) {
  const useful = useFetcher<{ ok: boolean; usefulCount?: number }>();
  const flag = useFetcher<{ ok: boolean }>();
  const toast = useToast();
  const voted = review.votedUseful || useful.data?.ok === true;
  const count = useful.data?.usefulCount ?? review.usefulCount;
  const flagged = review.reportedByViewer || flag.data?.ok === true;

  async function share() {
    const url = `${window.location.origin}/#review-${review.id}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: review.title, url });
        return;
      } catch {
        // Cancelled or unavailable: fall back to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show("Link copied");
    } catch {
      toast.show("Could not copy the link", { tone: "negative" });
    }
  }

  return (
    <Card id={`review-${review.id}`} className="flex h-full flex-col p-5">
      <article aria-labelledby={`review-title-${review.id}`} className="flex h-full flex-col">
        <header className="flex items-center gap-3">
          <span
            aria-hidden
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-sm font-bold text-brand-strong"
          >
            {initials(review.authorName)}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-ink">{review.authorName}</p>
            <p className="text-xs text-muted">
              {review.authorReviewCount} {review.authorReviewCount === 1 ? "review" : "reviews"} ·{" "}
              <abbr title="Country">{review.country}</abbr>
            </p>
          </div>
          {review.isSample ? (
            <Badge tone="warning" className="ml-auto">
              Sample
            </Badge>
          ) : null}
        </header>
        <div className="mt-4 flex items-center justify-between gap-2 border-t border-line pt-3">
          <Stars rating={review.rating} />
          <time dateTime={review.createdAt} className="text-xs text-muted">
            {relativeAge(review.createdAt, now)}
          </time>
        </div>
        <h3 id={`review-title-${review.id}`} className="mt-3 font-semibold text-ink">
          {review.title}
        </h3>
        <p className="mt-1 text-sm text-muted">{review.body}</p>
        <p className="mt-3 mb-4 text-xs text-muted">
          <span className="font-semibold text-ink">Date of experience:</span>{" "}
          {formatDate(review.experiencedOn)}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-line pt-3">
          {signedIn ? (
            <useful.Form method="post" action={`/reviews/${review.id}/useful`} data-review-action="useful">
              <button type="submit" className={cn(action, "group")} aria-pressed={voted} disabled={voted}>
                <ThumbsUp
                  aria-hidden
                  className="size-4 group-aria-pressed:fill-brand group-aria-pressed:text-brand"
                />
                <span data-label>Useful{count > 0 ? ` (${count})` : ""}</span>
              </button>
            </useful.Form>
          ) : (
            <Link to={`/login?redirectTo=${encodeURIComponent(`/#review-${review.id}`)}`} className={action}>
              <ThumbsUp aria-hidden className="size-4" />
              Useful{count > 0 ? ` (${count})` : ""}
              <span className="sr-only">: sign in to vote</span>
            </Link>
          )}
          <button
            type="button"
            className={action}
            onClick={share}
            data-share={`#review-${review.id}`}
            data-share-title={review.title}
          >
            <Share2 aria-hidden className="size-4" />
            Share
          </button>
          <flag.Form
            method="post"
            action={`/reviews/${review.id}/flag`}
            className="ml-auto"
            data-review-action="flag"
          >
            <button
              type="submit"
              className={cn(action, "group")}
              disabled={flagged}
              aria-label={flagged ? "Reported for moderation" : `Report the review “${review.title}”`}
            >
              <Flag
                aria-hidden
                className="size-4 group-disabled:fill-negative group-disabled:text-negative"
              />
              {flagged ? <span className="text-xs">Reported</span> : null}
            </button>
          </flag.Form>
        </div>
      </article>
    </Card>
  );
}

export function ReviewCards({
  reviews,
  signedIn,
  now,
}: {
  reviews: ReviewCardData[];
  signedIn: boolean;
  now: string;
}) {
  const nowDate = new Date(now);
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCardView review={review} signedIn={signedIn} now={nowDate} />
        </li>
      ))}
    </ul>
  );
}
