import { Card, CardHeader } from "../card.tsx";
import { cn } from "../cn.ts";

/** "+12.34%" / "−5.00%" from basis points; "—" when there is no return to speak of. */
export function formatBps(bps: number | null): string {
  if (bps === null) return "—";
  const abs = Math.abs(bps);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}%`;
  return bps > 0 ? `+${text}` : bps < 0 ? `−${text}` : text;
}

const tone = (value: number | bigint | null) =>
  value === null || value === 0 || value === 0n ? "text-ink" : value > 0 ? "text-positive" : "text-negative";

export interface ReturnFigures {
  startCents: string;
  endCents: string;
  netFlowCents: string;
  incomeCents: string;
  priceGainCents: string;
  twrBps: number | null;
  mwrBps: number | null;
  benchmarkEndCents: string | null;
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-line py-2 last:border-b-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={cn("font-mono text-sm font-semibold", className)}>{value}</dd>
    </div>
  );
}

/** The range's returns and where the change came from, with the difference between the two returns in words. */
export function ReturnsCard({
  figures,
  money,
}: {
  figures: ReturnFigures;
  money: (cents: string) => string;
}) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Card>
        <CardHeader title="Returns for this range" />
        <div className="space-y-4 p-5">
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted">Time-weighted</dt>
              <dd className={cn("text-2xl font-bold", tone(figures.twrBps))} data-testid="twr">
                {formatBps(figures.twrBps)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Money-weighted</dt>
              <dd className={cn("text-2xl font-bold", tone(figures.mwrBps))} data-testid="mwr">
                {formatBps(figures.mwrBps)}
              </dd>
            </div>
          </dl>
          <div className="space-y-2 text-sm text-muted">
            <p>
              <strong className="text-ink">Time-weighted</strong> return shows how your holdings themselves
              did, as if you had never added or taken out money. Use it to compare with a coin or a fund.
            </p>
            <p>
              <strong className="text-ink">Money-weighted</strong> return shows how your own money did: a
              deposit made just before prices rose counts for more, one made before they fell counts against
              you.
            </p>
          </div>
        </div>
      </Card>
      <Card>
        <CardHeader title="Where the change came from" />
        <dl className="px-5 py-3">
          <Row label="Value at the start" value={money(figures.startCents)} className="text-ink" />
          <Row
            label="Paid in minus taken out"
            value={money(figures.netFlowCents)}
            className={tone(BigInt(figures.netFlowCents))}
          />
          <Row
            label="Staking income"
            value={money(figures.incomeCents)}
            className={tone(BigInt(figures.incomeCents))}
          />
          <Row
            label="Price gains and losses"
            value={money(figures.priceGainCents)}
            className={tone(BigInt(figures.priceGainCents))}
          />
          <Row label="Value at the end" value={money(figures.endCents)} className="text-ink" />
          {figures.benchmarkEndCents !== null ? (
            <Row
              label="Had the same money gone into BTC"
              value={money(figures.benchmarkEndCents)}
              className="text-ink"
            />
          ) : null}
        </dl>
      </Card>
    </div>
  );
}
