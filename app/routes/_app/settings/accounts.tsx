import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/accounts";
import { AccountsCard } from "./accounts-card.tsx";
import { accountChoices } from "./data.server.ts";
import { AllSettingsLink } from "./parts.tsx";

export const meta = () => [{ title: "Accounts · Settings · Coinlens" }];

/** Its forms post to /account/mode, which sends the member back here. */
export async function loader(args: Route.LoaderArgs) {
  return accountChoices(await requireSession(args));
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AllSettingsLink />
      <AccountsCard
        memberAccounts={loaderData.memberAccounts}
        mode={loaderData.mode}
        demoResetKey={loaderData.demoResetKey}
      />
    </>
  );
}
