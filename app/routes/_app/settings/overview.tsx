import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { AppearanceCard } from "~/ui/theme.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/overview";
import { AccountDataCard } from "./account-data-card.tsx";
import { AccountsCard } from "./accounts-card.tsx";
import { settingsAction } from "./actions.server.ts";
import { accountChoices, sessionRows } from "./data.server.ts";
import { PasswordCard } from "./password-card.tsx";
import { ProfileCard } from "./profile-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { type ActionAnswer, ALL_SETTINGS_INTENTS } from "./views.ts";

export const meta = () => [{ title: "Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const [choices, sessions] = await Promise.all([accountChoices(session), sessionRows(session)]);
  return { user: session.user, ...choices, sessions };
}

/** Every card's form posts here with its `intent`. */
export function action(args: Route.ActionArgs) {
  return settingsAction(args, ALL_SETTINGS_INTENTS);
}

export default function Settings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const answer = actionData as ActionAnswer | undefined;
  const { user } = loaderData;
  return (
    <>
      <ProfileCard user={user} answer={answer} />
      <AccountsCard
        memberAccounts={loaderData.memberAccounts}
        mode={loaderData.mode}
        demoResetKey={loaderData.demoResetKey}
      />
      <PasswordCard user={user} answer={answer} />
      <TwoFactorCard user={user} answer={answer} />
      <SessionsCard sessions={loaderData.sessions} answer={answer} />
      <AppearanceCard />
      <AccountDataCard />
    </>
  );
}
