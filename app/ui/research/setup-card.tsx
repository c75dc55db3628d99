import { Lock } from "lucide-react";
import { Link } from "react-router";
import { formatDate, formatDateTime } from "~/domain/dates.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import type { BoardSetup } from "~/domain/research/setup-board.ts";
import { Badge } from "../badge.tsx";
import { cn } from "../cn.ts";
import { SetupChartSvg } from "./setup-chart.tsx";

const sideLabel = (side: "long" | "short") => (side === "long" ? "Long" : "Short");

function Level({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 whitespace-nowrap font-mono text-sm tabular-nums text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * One setup on the board: what it is and where it stands, the levels and the chart, and each
 * status change with its price and time. A premium setup the member cannot open shows the asset,
 * the status and its time, and where Premium is described.
 */
export function SetupCard({ setup }: { setup: BoardSetup }) {
  const titleId = `setup-${setup.id}-title`;
  const { levels } = setup;
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-4 px-4 py-5 sm:px-5"
      data-testid={`setup-${setup.asset}`}
      data-status={setup.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-ink">
              {setup.asset} <span className="font-normal text-muted">{setup.assetName}</span>
            </span>
            {levels ? (
              <Badge tone={levels.side === "long" ? "positive" : "negative"}>{sideLabel(levels.side)}</Badge>
            ) : null}
            <Badge>{setup.timeframe} chart</Badge>
            {setup.premium ? <Badge tone="brand">Premium</Badge> : null}
            {setup.sample ? (
              <Badge tone="warning">
                <span title="A sample setup that shows how the board works, not real research">Sample</span>
              </Badge>
            ) : null}
          </p>
          <h3 id={titleId} className="text-base font-semibold text-ink">
            <Link to={`/research/${setup.slug}`} className="hover:underline">
              {setup.title}
            </Link>
          </h3>
          <p className="text-xs text-muted">
            {setup.author} · published {formatDate(setup.publishedAt)}
          </p>
        </div>
        <div className="text-left sm:text-right" data-testid="setup-status">
          <Badge tone={setup.statusTone}>{setup.statusLabel}</Badge>
          <p className="mt-1 text-xs text-muted" data-testid="setup-status-detail">
            {formatDateTime(setup.statusAt)}
            {levels ? (
              <>
                {" "}
                at <span className="font-mono tabular-nums text-ink">{formatUsd(levels.statusPrice)}</span>
              </>
            ) : null}
          </p>
          {setup.status === "waiting" ? (
            <p className="text-xs text-muted">Expires {formatDateTime(setup.expiresAt)}</p>
          ) : null}
        </div>
      </div>

      {levels ? (
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-4">
            <dl className="flex flex-wrap gap-x-8 gap-y-3">
              <Level label="Entry zone" testId="setup-entry">
                {formatUsd(levels.entryLow)} – {formatUsd(levels.entryHigh)}
              </Level>
              <Level label="Stop" testId="setup-stop">
                {formatUsd(levels.stop)}
              </Level>
              <Level label={levels.targets.length === 1 ? "Target" : "Targets"} testId="setup-targets">
                {levels.targets.map((t, i) => (
                  <span key={t} className="block">
                    {levels.targets.length > 1 ? `${i + 1}: ` : ""}
                    {formatUsd(t)}
                  </span>
                ))}
              </Level>
              <Level label="Price at publishing">{formatUsd(levels.publishedPrice)}</Level>
            </dl>
            <div>
              <h4 className="text-xs font-medium text-muted">History</h4>
              <ol className="mt-1 space-y-1 text-sm" data-testid="setup-history">
                {levels.events.map((e) => (
                  <li key={e.status} className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-ink">{e.label}</span>
                    <span className="font-mono tabular-nums text-ink">{formatUsd(e.price)}</span>
                    <span className="text-xs text-muted">{formatDateTime(e.at)}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
          {levels.chart ? (
            <figure className="rounded-md border border-line bg-canvas p-2">
              <SetupChartSvg
                chart={levels.chart}
                label={`${setup.asset} price since the day before publishing, with the entry zone, stop and targets, and a dot at each status change`}
              />
              <figcaption className="mt-1 text-xs text-muted">
                {setup.asset} price, hourly; dots mark each change
              </figcaption>
            </figure>
          ) : (
            <p className="text-sm text-muted">No price history to chart yet.</p>
          )}
        </div>
      ) : (
        <p
          className={cn(
            "flex flex-wrap items-center gap-2 rounded-md border border-line bg-subtle px-3 py-2 text-sm text-ink",
          )}
          data-testid="setup-premium-note"
        >
          <Lock aria-hidden className="size-4 text-muted" />
          The entry zone, stop and targets of this setup are for Premium members.
          <Link to="/membership" className="font-semibold text-brand hover:underline">
            See Premium
          </Link>
        </p>
      )}
    </article>
  );
}
