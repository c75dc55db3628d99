import { ChartPie } from "lucide-react";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { insightsPage } from "~/domain/portfolio/insights.server.ts";
import { targetsAction } from "~/domain/portfolio/targets.server.ts";
import type { TargetAnswer } from "~/domain/portfolio/targets.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { MoneyCurrency } from "~/ui/portfolio/gains-tables.tsx";
import {
  AllocationCard,
  CoinVolatility,
  CorrelationTable,
  HistoryInsights,
} from "~/ui/portfolio/insight-cards.tsx";
import { SectionHeader } from "~/ui/portfolio/section-header.tsx";
import { RebalanceTable, TargetForm } from "~/ui/portfolio/target-allocation.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/insights";

export const meta = () => [{ title: "Insights · Portfolio · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  return insightsPage(getDb(), session.user.id, {
    staleSeconds: config.market.staleSeconds,
    feeBps: config.swap.feeBps,
    currency: parseDisplayPrefs(args.request.headers.get("cookie")).currency,
  });
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  return targetsAction(getDb(), session.user.id, await args.request.formData());
}

/** Figures about the member's own portfolio, each explained and dated; never advice (ADR 0078). */
export default function Insights({ loaderData: view, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const answer = actionData as TargetAnswer | undefined;
  if (view.holdings.length === 0 && view.unpriced.length === 0)
    return (
      <Card>
        <EmptyState
          icon={ChartPie}
          title="No insights yet"
          action={
            <ButtonLink to="/deposit" variant="primary">
              Make a deposit
            </ButtonLink>
          }
        >
          Once you hold something, here or elsewhere, you'll see how it is spread, how much it swings and how
          your coins move together.
        </EmptyState>
      </Card>
    );
  return (
    <MoneyCurrency currency={view.currency} perUsd={view.perUsd}>
      <div className="space-y-6">
        <SectionHeader title="Insights" freshness={view.freshness} currency={view.currency}>
          <p className="text-sm text-muted">
            Figures about your portfolio, each with what it means and how many days it rests on. They describe
            the past; they are not advice and don't say what to do.
          </p>
        </SectionHeader>
        <AllocationCard view={view} />
        <HistoryInsights view={view} />
        <CoinVolatility view={view} />
        <CorrelationTable view={view} />
        <div aria-live="polite" className="text-sm font-medium">
          {answer?.ok ? <p className="text-positive">{answer.message}</p> : null}
        </div>
        <TargetForm view={view} answer={answer} />
        <RebalanceTable view={view} />
      </div>
    </MoneyCurrency>
  );
}
