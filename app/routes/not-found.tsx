import { data } from "react-router";
import { ErrorPanel } from "~/ui/error-panel.tsx";
import { AppShell } from "~/ui/layout/app-shell.tsx";
import { getSession } from "~/utils/auth.server.ts";
import { contentForStatus } from "~/utils/error-page.ts";
import { AccountBadge } from "./_app/account-badge.tsx";
import { shellData } from "./_app/shell-data.server.ts";
import type { Route } from "./+types/not-found";

/**
 * Any unknown address: a real 404 status. A visitor gets the root's friendly error page; a
 * signed-in member gets the same page inside the app's shell, so the navigation stays.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await getSession(args);
  if (!session) throw data(null, { status: 404 });
  return data(await shellData(session), { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell user={loaderData.user} badge={<AccountBadge badge={loaderData.badge} />}>
      <ErrorPanel content={contentForStatus(404)} inShell />
    </AppShell>
  );
}
