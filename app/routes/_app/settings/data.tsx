import { data } from "react-router";
import { getConfig } from "~/config.server.ts";
import { askForDataExport, dataPageView } from "~/domain/account-data/settings.server.ts";
import { formValues } from "~/domain/forms.ts";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { accounts, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/data";
import { type DataAnswer, DataCard } from "./data-card.tsx";
import { AllSettingsLink } from "./parts.tsx";

export const meta = () => [{ title: "Download all my data · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { db, env } = accounts();
  const view = await dataPageView(db, session.user.id, env.clock.now());
  return { ...view, exportDays: getConfig().accountData.exportDays };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  if (values.intent !== "data-export")
    return data<DataAnswer>({ error: "Unknown request." }, { status: 400 });
  const { db, env } = accounts();
  const result = await askForDataExport(db, env, session, requestMeta(args));
  if (!result.ok) return data<DataAnswer>({ error: result.message }, { status: 429 });
  return {
    success: `We are preparing your data. We will e-mail ${session.user.email} a link when it is ready, usually within a minute.`,
  } satisfies DataAnswer;
}

export default function DataSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  return (
    <>
      <AllSettingsLink />
      <DataCard
        exports={loaderData.exports}
        exportDays={loaderData.exportDays}
        answer={actionData as DataAnswer | undefined}
      />
    </>
  );
}
