import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/two-factor";
import { settingsAction } from "./actions.server.ts";
import { AllSettingsLink } from "./parts.tsx";
import { TwoFactorCard } from "./two-factor-card.tsx";
import { type ActionAnswer, SETTINGS_INTENTS } from "./views.ts";

export const meta = () => [{ title: "Two-factor sign-in · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { user: session.user };
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args, SETTINGS_INTENTS.twoFactor);
}

export default function TwoFactorSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  return (
    <>
      <AllSettingsLink />
      <TwoFactorCard user={loaderData.user} answer={actionData as ActionAnswer | undefined} />
    </>
  );
}
