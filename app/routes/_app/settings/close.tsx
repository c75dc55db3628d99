import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { closeMyAccount, closePageView } from "~/domain/account-data/settings.server.ts";
import { formValues } from "~/domain/forms.ts";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { accounts, cookieHeaders, requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/close";
import { type CloseAnswer, CloseCard } from "./close-card.tsx";
import { AllSettingsLink } from "./parts.tsx";

export const meta = () => [{ title: "Close my account · Settings · Coinlens" }];

function retentionText(days: number) {
  if (days % 365 === 0 && days > 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const view = await closePageView(accounts().db, session);
  return {
    ...view,
    email: session.user.email,
    retentionYears: retentionText(getConfig().accountData.retentionDays),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  if (values.intent !== "close-account")
    return data<CloseAnswer>({ error: "Unknown request." }, { status: 400 });
  const fields = {
    password: values.password ? undefined : "Enter your password.",
    code:
      session.user.twoFactorEnabled && !values.code
        ? "Enter the code from your authenticator app."
        : undefined,
  };
  if (fields.password || fields.code) return data<CloseAnswer>({ fields }, { status: 400 });
  const { db, env } = accounts();
  const result = await closeMyAccount(
    db,
    env,
    session,
    { password: values.password ?? "", code: values.code ?? "" },
    requestMeta(args),
    getConfig().accountData.retentionDays,
  );
  if (result.ok) throw redirect("/login?closed=1", { headers: cookieHeaders(result.setCookies ?? []) });
  if (result.field) return data<CloseAnswer>({ fields: { [result.field]: result.message } }, { status: 400 });
  // Blockers that appeared since the page loaded are listed by the page's loader, read again.
  return data<CloseAnswer>({ error: result.message }, { status: result.retryAfterSeconds ? 429 : 409 });
}

export default function CloseSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  return (
    <>
      <AllSettingsLink />
      <CloseCard
        email={loaderData.email}
        blockers={loaderData.blockers}
        twoFactor={loaderData.twoFactor}
        retentionYears={loaderData.retentionYears}
        answer={actionData as CloseAnswer | undefined}
      />
    </>
  );
}
