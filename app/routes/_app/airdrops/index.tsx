import { Gift, ShieldAlert } from "lucide-react";
import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { memberAirdropsView, setTaskDone } from "~/domain/airdrops/checklist.server.ts";
import { SEED_PHRASE_WARNING } from "~/domain/airdrops/rules.ts";
import { formText } from "~/domain/forms.ts";
import { AirdropCard } from "~/ui/airdrops/airdrop-card.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Airdrops · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { airdrops: await memberAirdropsView(getDb(), session.user.id) };
}

/** Ticks or unticks one task on the signed-in member's own checklist (works without JavaScript). */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const form = await args.request.formData();
  const result = await setTaskDone(getDb(), {
    userId: session.user.id,
    taskId: formText(form.get("taskId")),
    done: formText(form.get("done")) === "1",
  });
  if (!result.ok && result.status === 404) throw data("Not found", { status: 404 });
  return result.ok ? { ok: true as const, message: "" } : { ok: false as const, message: result.message };
}

/** /airdrops: the airdrops our team reviewed, each with the member's own checklist. */
export default function Airdrops({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { airdrops } = loaderData;
  return (
    <div className="container-page max-w-5xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Airdrops</h1>
        <p className="max-w-3xl text-sm text-muted">
          Campaigns our team has reviewed, with the official source of each. Tick off the tasks as you do
          them: your checklist is yours alone, and we e-mail you two days before the deadline of an airdrop
          you have started.
        </p>
      </div>
      <p className="flex items-start gap-2 rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink">
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <span>
          {SEED_PHRASE_WARNING} A token received in an airdrop can be worth little or nothing; estimated
          values are shown only where a source states one.
        </span>
      </p>
      <p
        role="alert"
        className={actionData && !actionData.ok ? "text-sm font-semibold text-negative" : "sr-only"}
      >
        {actionData && !actionData.ok ? actionData.message : ""}
      </p>
      {airdrops.length === 0 ? (
        <Card>
          <EmptyState icon={Gift} title="No airdrops listed right now">
            Our team adds campaigns once they have been reviewed. Check back soon.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {airdrops.map((airdrop) => (
            <li key={airdrop.id}>
              <AirdropCard airdrop={airdrop} />
            </li>
          ))}
        </ul>
      )}
      {airdrops.some((a) => a.isSample) ? (
        <p className="text-sm text-muted">
          Entries marked Sample are fictional examples shown on a new installation; they are not real
          campaigns and their links lead to example.com.
        </p>
      ) : null}
    </div>
  );
}
