import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { systemClock } from "~/domain/accounts/clock.ts";
import { formText } from "~/domain/forms.ts";
import {
  joinLeaderboard,
  leaderboardView,
  leaveLeaderboard,
} from "~/domain/leaderboard/leaderboard.server.ts";
import { isLeaderboardPeriod, leaderboardMessages } from "~/domain/leaderboard/rules.ts";
import {
  type LeaderboardAnswer,
  MyStanding,
  PeriodNav,
  Rules,
  StandingsTable,
} from "~/ui/leaderboard/leaderboard-parts.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/leaderboard";

export const meta = () => [{ title: "Leaderboard · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const param = new URL(args.request.url).searchParams.get("period");
  const period = isLeaderboardPeriod(param) ? param : "week";
  const view = await leaderboardView(getDb(), { userId: session.user.id, period });
  return { view, sample: getConfig().marketData === "sample" };
}

export async function action(args: Route.ActionArgs): Promise<LeaderboardAnswer> {
  const session = await requireSession(args);
  const form = await args.request.formData();
  const intent = formText(form.get("intent"));
  const db = getDb();
  if (intent === "leave") return leaveLeaderboard(db, session.user.id);
  if (intent !== "join") return { ok: false, message: leaderboardMessages.staleForm };
  const result = await joinLeaderboard(db, {
    userId: session.user.id,
    displayName: formText(form.get("displayName")),
    brandName: getConfig().brand.name,
    clock: systemClock,
  });
  return result.ok ? result : { ok: false, message: result.message, errors: result.errors };
}

/** /leaderboard: demo traders who joined, ranked by time-weighted return (ADR 0084). */
export default function Leaderboard({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { view, sample } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Leaderboard</h1>
        <p className="text-sm text-muted">
          You can be a winner by just trading: demo accounts ranked by their time-weighted return.
        </p>
        {sample ? (
          <p className="text-sm font-medium text-warning" data-testid="sample-note">
            Sample data: prices come from the offline sample feed, not live markets, so these returns are
            sample figures.
          </p>
        ) : null}
      </div>
      <MyStanding view={view} answer={actionData} />
      <PeriodNav period={view.period} />
      <StandingsTable view={view} />
      <Rules />
    </div>
  );
}
