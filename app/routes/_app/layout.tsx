import { useEffect, useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { listMemberAccounts } from "~/domain/accounts/member-accounts.server.ts";
import { deepFreeze } from "~/domain/freeze.ts";
import { AppShell } from "~/ui/layout/app-shell.tsx";
import { AccountEvents } from "~/ui/live/account-events.tsx";
import { Spinner } from "~/ui/spinner.tsx";
import { accounts, putSessionOnContext, sessionContext } from "~/utils/auth.server.ts";
import type { Route } from "./+types/layout";
import { AccountBadge } from "./account-badge.tsx";

/**
 * The signed-in area. The middleware runs before every loader and action below this layout:
 * no session → /login?redirectTo=…; otherwise the session is on the context for them
 * (`requireSession(args)` reads it), and the pages are never cached.
 */
export const middleware: Route.MiddlewareFunction[] = deepFreeze([
  async (args, next) => {
    await putSessionOnContext(args);
    const response = await next();
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
]);

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  if (!session) throw new Error("the _app middleware sets the session");
  const { db } = accounts();
  const memberAccounts = await listMemberAccounts(db, session.user.id);
  const selected = memberAccounts.find((a) => a.mode === session.session.accountMode) ?? memberAccounts[0];
  return {
    user: { name: session.user.name, email: session.user.email },
    badge: {
      mode: session.session.accountMode,
      plan: selected?.plan ?? "Standard",
      hasDemo: memberAccounts.some((a) => a.mode === "demo"),
    },
  };
}

/** The seed's 'Loading...' while the next page (and its session check) is on its way. */
function usePendingPage(delayMs = 250) {
  const loading = useNavigation().state === "loading";
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!loading) return setShow(false);
    const timer = setTimeout(() => setShow(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return show;
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const pending = usePendingPage();
  return (
    <AppShell user={loaderData.user} badge={<AccountBadge badge={loaderData.badge} />}>
      {pending ? (
        <Spinner className="fixed inset-x-0 top-16 z-30 border-b border-line bg-surface/95 py-2" />
      ) : null}
      <AccountEvents />
      <Outlet />
    </AppShell>
  );
}
