import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/sessions";
import { settingsAction } from "./actions.server.ts";
import { sessionRows } from "./data.server.ts";
import { AllSettingsLink } from "./parts.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { type ActionAnswer, SETTINGS_INTENTS } from "./views.ts";

export const meta = () => [{ title: "Active sessions · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { sessions: await sessionRows(session) };
}

export function action(args: Route.ActionArgs) {
  return settingsAction(args, SETTINGS_INTENTS.sessions);
}

export default function SessionsSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AllSettingsLink />
      <SessionsCard sessions={loaderData.sessions} answer={actionData as ActionAnswer | undefined} />
    </>
  );
}
