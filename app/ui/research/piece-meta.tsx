import { LockKeyhole } from "lucide-react";
import { formatDate } from "~/domain/dates.ts";
import { KIND_LABELS, type PieceSummary } from "~/domain/research/reading.ts";
import { Badge } from "../badge.tsx";

/** The labels a piece carries wherever it is listed: its kind, Premium or Free, and Sample. */
export function PieceBadges({ piece }: { piece: Pick<PieceSummary, "kind" | "premium" | "sample"> }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone="brand">{KIND_LABELS[piece.kind]}</Badge>
      {piece.premium ? (
        <Badge tone="neutral">
          <LockKeyhole aria-hidden className="mr-1 size-3" />
          Premium
        </Badge>
      ) : (
        <Badge tone="positive">Free</Badge>
      )}
      {piece.sample ? (
        <Badge tone="warning">
          <span title="Sample content that shows how research works, not real research">Sample</span>
        </Badge>
      ) : null}
    </span>
  );
}

/** "Maya Chen · 3 Dec 2026 · 4 min read". */
export function PieceByline({
  piece,
}: {
  piece: Pick<PieceSummary, "author" | "publishedAt" | "readingMinutes">;
}) {
  return (
    <span className="text-sm text-muted">
      {piece.author.name} · <time dateTime={piece.publishedAt}>{formatDate(piece.publishedAt)}</time> ·{" "}
      {piece.readingMinutes} min read
    </span>
  );
}
