import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { alertsAction } from "~/domain/alerts/actions.server.ts";
import { alertsPage } from "~/domain/alerts/alerts.server.ts";
import { alertMessages, type FormAnswer } from "~/domain/alerts/rules.ts";
import { pushDeviceCount } from "~/domain/push/subscriptions.server.ts";
import { resolveVapidKeys } from "~/domain/push/vapid.server.ts";
import { AlertForm } from "~/ui/alerts/alert-form.tsx";
import { AlertList } from "~/ui/alerts/alert-list.tsx";
import { PushCard } from "~/ui/alerts/push-card.tsx";
import { RevalidateOnQuotes } from "~/ui/live/revalidate-on-quotes.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/alerts";

export const meta = () => [{ title: "Price alerts · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  const page = await alertsPage(getDb(), session.user.id, { staleSeconds: config.market.staleSeconds });
  const push = {
    publicKey: resolveVapidKeys(config)?.publicKey ?? null,
    devices: await pushDeviceCount(getDb(), session.user.id),
  };
  // "Set an alert" from a watchlist row opens the form on that asset (only one we have a price for).
  const wanted = new URL(args.request.url).searchParams.get("symbol");
  return { ...page, push, preset: page.assets.some((a) => a.symbol === wanted) ? wanted : null };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const answer = await alertsAction(getDb(), session.user.id, await args.request.formData(), {
    staleSeconds: getConfig().market.staleSeconds,
  });
  return answer;
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { alerts, kept, limit, assets, sample, preset, push } = loaderData;
  const answer = useKeptAnswer(actionData as FormAnswer | undefined);
  const listError = answer && !answer.ok && answer.intent !== "create" ? answer.errors?.form : undefined;
  return (
    <div className="container-page max-w-4xl space-y-6 py-6 sm:py-8">
      <RevalidateOnQuotes />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Price alerts</h1>
          <p className="text-sm text-muted">
            We check every alert each time prices refresh, and tell you once per crossing.
          </p>
        </div>
        <DataLabels sample={sample} stale={false} />
      </div>
      <PushCard publicKey={push.publicKey} devices={push.devices} />
      <AlertForm
        pushDevices={push.devices}
        assets={assets}
        preset={preset}
        answer={answer}
        full={kept >= limit ? alertMessages.limit(limit) : null}
      />
      <div aria-live="polite" className="text-sm font-medium">
        {answer?.ok ? <p className="text-positive">{answer.message}</p> : null}
        {listError ? <p className="text-negative">{listError}</p> : null}
      </div>
      <AlertList alerts={alerts} kept={kept} limit={limit} />
    </div>
  );
}
