import { CandlestickChart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { hasEntitlement } from "~/domain/membership/membership.server.ts";
import { setupBoard } from "~/domain/research/setup-board.server.ts";
import type { BoardSetup } from "~/domain/research/setup-board.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { RevalidateOnQuotes } from "~/ui/live/revalidate-on-quotes.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { SetupCard } from "~/ui/research/setup-card.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/setups";

export const meta = () => [
  { title: "Trading setups · Coinlens" },
  {
    name: "description",
    content:
      "Our analysts' trading setups: entry zone, stop and targets, with a status that follows the price feed.",
  },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const db = getDb();
  // Premium setups' levels are sent only to members whose plan includes research (ADR 0070's check,
  // without the paywall's 403: the rest of the board is for every member).
  const viewerHasPremium = await hasEntitlement(db, session.user.id, "research:premium");
  return setupBoard(db, { viewerHasPremium, staleSeconds: getConfig().market.staleSeconds });
}

/** "BTC setup: Triggered" for each setup whose status changed since the last render, for screen readers. */
function useStatusAnnouncements(setups: readonly BoardSetup[]) {
  const previous = useRef<Map<string, string> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    const now = new Map(setups.map((s) => [s.id, s.status]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    const changed = setups.filter((s) => before.has(s.id) && before.get(s.id) !== s.status);
    if (changed.length > 0) setMessage(changed.map((s) => `${s.asset} setup: ${s.statusLabel}`).join(". "));
  }, [setups]);
  return message;
}

function Section({ title, setups, testId }: { title: string; setups: BoardSetup[]; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} action={<span className="text-sm text-muted">{setups.length}</span>} />
      <ul className="divide-y divide-line">
        {setups.map((s) => (
          <li key={s.id}>
            <SetupCard setup={s} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function SetupsPage({ loaderData }: Route.ComponentProps) {
  const { live, finished, sample, prices } = loaderData;
  const announcement = useStatusAnnouncements([...live, ...finished]);
  const updating = useRevalidator().state === "loading";
  const empty = live.length === 0 && finished.length === 0;
  return (
    <div className="container-page space-y-6 py-8">
      {/* The board is derived from prices on the server (each setup's status), so the page re-reads
          it whenever any server signals a price change or a setup move — the same signal the live
          ticker uses — rather than polling; a signal during a re-read is folded into one. */}
      <RevalidateOnQuotes />
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Trading setups</h1>
        <p className="mt-1 text-muted">
          Our analysts' trade ideas with the entry zone, stop and targets written down before the price gets
          there. Each status moves by itself with our price feed and keeps the price and time that moved it; a
          setup is never edited or removed afterwards, losers included.
        </p>
        <p className="mt-2 text-sm font-semibold text-ink">
          Not financial advice. Hypothetical, before fees; past results do not predict future ones.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {sample ? (
            <Badge tone="warning">
              <span title="Sample setups that show how the board works, not real research">
                Sample setups
              </span>
            </Badge>
          ) : null}
          {!empty ? <DataLabels sample={prices.sample} stale={prices.stale} asOf={prices.asOf} /> : null}
          <span className="text-xs text-muted" aria-hidden={!updating}>
            {updating ? "Updating…" : ""}
          </span>
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {empty ? (
        <Card>
          <EmptyState icon={CandlestickChart} title="No trading setups yet">
            When an analyst publishes a setup it appears here, and its status follows the price from then on.
          </EmptyState>
        </Card>
      ) : (
        <>
          {live.length > 0 ? (
            <Section title="Live setups" setups={live} testId="setups-live" />
          ) : (
            <Card>
              <EmptyState icon={CandlestickChart} title="No live setups right now">
                Every published setup has reached a target, been stopped or expired; they are listed below.
              </EmptyState>
            </Card>
          )}
          {finished.length > 0 ? (
            <Section title="Finished setups" setups={finished} testId="setups-finished" />
          ) : null}
        </>
      )}
    </div>
  );
}
