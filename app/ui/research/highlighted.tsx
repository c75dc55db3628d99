import type { TextSegment } from "~/domain/research/reading.ts";

/** Search words marked by <mark>; the text is React text, never HTML. */
export function Highlighted({ segments }: { segments: readonly TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed string
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 font-semibold text-ink">
            {s.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one fixed string
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
