import { Eye } from "lucide-react";
import { Form } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { watchlistsAction } from "~/domain/alerts/actions.server.ts";
import type { FormAnswer } from "~/domain/alerts/rules.ts";
import { watchlistsPage } from "~/domain/alerts/watchlists.server.ts";
import { WatchlistCard } from "~/ui/alerts/watchlist-card.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Field } from "~/ui/field.tsx";
import { RevalidateOnQuotes } from "~/ui/live/revalidate-on-quotes.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/watchlists";

export const meta = () => [{ title: "Watchlists · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return watchlistsPage(getDb(), session.user.id, { staleSeconds: getConfig().market.staleSeconds });
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  return watchlistsAction(getDb(), session.user.id, await args.request.formData(), {
    staleSeconds: getConfig().market.staleSeconds,
  });
}

export default function Watchlists({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, assets, sample, asOf } = loaderData;
  const answer = useKeptAnswer(actionData as FormAnswer | undefined);
  const createErrors = answer?.intent === "create" && !answer.ok ? (answer.errors ?? {}) : {};
  return (
    <div className="container-page max-w-4xl space-y-6 py-6 sm:py-8">
      <RevalidateOnQuotes />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Watchlists</h1>
          <p className="text-sm text-muted">Your lists of assets to follow, with prices as they refresh.</p>
        </div>
        <DataLabels sample={sample} stale={false} asOf={asOf} />
      </div>
      <Card>
        <CardHeader title="New list" />
        <Form method="post" className="flex flex-wrap items-start gap-3 p-5">
          <input type="hidden" name="intent" value="create" />
          <Field
            label="List name"
            name="name"
            maxLength={40}
            placeholder="Long-term"
            error={createErrors.name ?? createErrors.form}
            className="min-w-0 flex-1"
          />
          <Button type="submit" className="mt-7">
            Create list
          </Button>
        </Form>
      </Card>
      <div aria-live="polite" className="text-sm font-medium text-positive">
        {answer?.ok ? <p>{answer.message}</p> : null}
      </div>
      {lists.length === 0 ? (
        <Card>
          <EmptyState icon={Eye} title="No watchlists yet">
            Name a list above, then add the coins you want to keep an eye on.
          </EmptyState>
        </Card>
      ) : (
        lists.map((list) => (
          <WatchlistCard
            key={list.id}
            list={list}
            assets={assets}
            answer={answer && answer.listId === list.id && answer.intent !== "create" ? answer : undefined}
          />
        ))
      )}
    </div>
  );
}
