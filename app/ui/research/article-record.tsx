import { Link } from "react-router";
import { formatUsd } from "~/domain/market-data/format.ts";
import type { ArticleRecord, PieceSummary } from "~/domain/research/reading.ts";
import { FollowButton } from "./follow-button.tsx";

/** Follow the piece's assets and its author: e-mail when a pick or a setup on them is published. */
export function FollowRow({ piece, followed }: { piece: PieceSummary; followed: readonly string[] }) {
  const sample = piece.author.id === "sample-analyst";
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="follow-row">
      <span className="text-sm text-muted">E-mail me new picks and setups on</span>
      {piece.assets.map((asset) => (
        <FollowButton
          key={asset}
          kind="asset"
          target={asset}
          label={asset}
          following={followed.includes(`asset:${asset}`)}
        />
      ))}
      {sample ? null : (
        <FollowButton
          kind="analyst"
          target={piece.author.id}
          label={piece.author.name}
          following={followed.includes(`analyst:${piece.author.id}`)}
        />
      )}
    </div>
  );
}

/** The pick's place on the track record, or the setup's status on the board. */
export function RecordBox({ record }: { record: ArticleRecord }) {
  if (record.pick) {
    const p = record.pick;
    return (
      <p
        className="mt-6 rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink"
        data-testid="pick-record"
      >
        <strong className="font-semibold">The pick: {p.asset}</strong>, entered at {formatUsd(p.entryPrice)} —
        our price feed's at the moment it was published
        {p.closed && p.exitPrice ? `, closed at ${formatUsd(p.exitPrice)}` : ""}.{" "}
        <Link to="/picks" className="font-medium text-brand underline">
          See it on the track record
        </Link>
      </p>
    );
  }
  if (record.setup) {
    const s = record.setup;
    return (
      <p
        className="mt-6 rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink"
        data-testid="setup-record"
      >
        <strong className="font-semibold">
          The setup: {s.asset} {s.side}
        </strong>{" "}
        — now <strong className="font-semibold">{s.statusLabel}</strong>.{" "}
        <Link to="/setups" className="font-medium text-brand underline">
          Follow it on the setups board
        </Link>
      </p>
    );
  }
  return null;
}
