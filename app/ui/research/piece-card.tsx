import { Link } from "react-router";
import type { PieceSummary } from "~/domain/research/reading.ts";
import { cn } from "../cn.ts";
import { Highlighted } from "./highlighted.tsx";
import { PieceBadges, PieceByline } from "./piece-meta.tsx";

/** One piece in a list: labels, the title as its link, the summary (or the search passage), byline. */
export function PieceCard({
  piece,
  headingLevel = 2,
  className,
}: {
  piece: PieceSummary;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cn("flex flex-col gap-2 px-5 py-5", className)} data-testid="research-item">
      <PieceBadges piece={piece} />
      <Heading className="text-lg font-semibold leading-snug tracking-tight text-ink">
        <Link to={`/research/${piece.slug}`} className="hover:text-brand hover:underline">
          {piece.highlight ? <Highlighted segments={piece.highlight.title} /> : piece.title}
        </Link>
      </Heading>
      <p
        className="text-sm leading-6 text-muted"
        data-testid={piece.highlight ? "research-snippet" : undefined}
      >
        {piece.highlight && piece.highlight.snippet.length > 0 ? (
          <>
            <Highlighted segments={piece.highlight.snippet} />
            {" …"}
          </>
        ) : (
          piece.summary
        )}
      </p>
      <PieceByline piece={piece} />
    </article>
  );
}
