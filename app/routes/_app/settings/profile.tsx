import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/profile";
import { settingsAction } from "./actions.server.ts";
import { AllSettingsLink } from "./parts.tsx";
import { ProfileCard } from "./profile-card.tsx";
import { type ActionAnswer, SETTINGS_INTENTS } from "./views.ts";

export const meta = () => [{ title: "Profile · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { user: session.user };
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args, SETTINGS_INTENTS.profile);
}

export default function ProfileSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  return (
    <>
      <AllSettingsLink />
      <ProfileCard user={loaderData.user} answer={actionData as ActionAnswer | undefined} />
    </>
  );
}
