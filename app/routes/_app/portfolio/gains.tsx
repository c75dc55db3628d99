import { Coins } from "lucide-react";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { gainsPage } from "~/domain/portfolio/gains.server.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import {
  GainsSummary,
  IncomeTable,
  Inconsistent,
  MoneyCurrency,
  PriceGainsTable,
  YearsTable,
} from "~/ui/portfolio/gains-tables.tsx";
import { SectionHeader } from "~/ui/portfolio/section-header.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/gains";

export const meta = () => [{ title: "Gains and income · Portfolio · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return gainsPage(getDb(), session.user.id, {
    staleSeconds: getConfig().market.staleSeconds,
    currency: parseDisplayPrefs(args.request.headers.get("cookie")).currency,
  });
}

/** Price gains (FIFO, realised and not) and staking income kept apart (issue 19, ADR 0078). */
export default function Gains({ loaderData: view }: Route.ComponentProps) {
  if (view.movements === 0)
    return (
      <Card>
        <EmptyState
          icon={Coins}
          title="No gains or income yet"
          action={
            <ButtonLink to="/deposit" variant="primary">
              Make a deposit
            </ButtonLink>
          }
        >
          Once you deposit, swap or earn staking rewards, or add holdings kept elsewhere, your gains and
          income show here.
        </EmptyState>
      </Card>
    );
  const estimated = view.assets.some((a) => a.estimated);
  return (
    <MoneyCurrency currency={view.currency} perUsd="1">
      <div className="space-y-6">
        <SectionHeader title="Gains and income" freshness={view.freshness} currency={view.currency}>
          <p className="text-sm text-muted">
            Gains are worked out first in, first out (FIFO): when you sell or swap a coin, the coins you got
            earliest are the ones counted as sold.
          </p>
          {view.currency === "USD" ? null : (
            <p className="text-sm text-muted">
              In {view.currency}: each purchase, sale and reward is converted at the exchange rate of its own
              day, and what you hold now at today's rate.
            </p>
          )}
          <p className="text-sm text-muted">
            Coins moved in are counted at their value on the day they arrived (that day's closing price; for
            today, the latest price). A swap counts as selling what you gave and buying what you got, at the
            same dollar value. Figures, not tax advice.
          </p>
        </SectionHeader>
        <Inconsistent assets={view.assets} />
        <GainsSummary totals={view.totals} />
        <PriceGainsTable view={view} />
        {estimated ? (
          <p className="text-sm text-muted">
            Estimated: for some days we don't keep a closing price yet, so those movements are valued at
            today's price.
          </p>
        ) : null}
        <IncomeTable view={view} />
        <YearsTable years={view.years} />
      </div>
    </MoneyCurrency>
  );
}
