import { useEffect, useState } from "react";
import { isRouteErrorResponse, Outlet, useNavigation, useRouteLoaderData } from "react-router";
import { deepFreeze } from "~/domain/freeze.ts";
import { isPaywallBody } from "~/domain/membership/paywall.ts";
import { ErrorPanel } from "~/ui/error-panel.tsx";
import { AppShell } from "~/ui/layout/app-shell.tsx";
import { AccountEvents } from "~/ui/live/account-events.tsx";
import { PaywallCard } from "~/ui/membership/paywall.tsx";
import { Spinner } from "~/ui/spinner.tsx";
import { putSessionOnContext, sessionContext } from "~/utils/auth.server.ts";
import { errorPageContent } from "~/utils/error-page.ts";
import type { Route } from "./+types/layout";
import { AccountBadge } from "./account-badge.tsx";
import { shellData } from "./shell-data.server.ts";

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
  return shellData(session);
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
    <AppShell
      user={loaderData.user}
      badge={<AccountBadge badge={loaderData.badge} />}
      notifications={loaderData.notifications}
    >
      {pending ? (
        <Spinner className="fixed inset-x-0 top-16 z-30 border-b border-line bg-surface/95 py-2" />
      ) : null}
      <AccountEvents />
      <Outlet />
    </AppShell>
  );
}

/**
 * An error in a signed-in page (a refusal, a missing record, a failure) keeps the app's shell
 * and its navigation around the error page. When the shell's own data could not load, the
 * error page stands alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>("routes/_app/layout");
  const content = errorPageContent(error);
  if (!shell)
    return (
      <main id="main" className="bg-canvas">
        <ErrorPanel content={content} />
      </main>
    );
  // A premium page the member's plan does not include (requireEntitlement's 403): the paywall.
  const paywall = isRouteErrorResponse(error) && error.status === 403 && isPaywallBody(error.data);
  return (
    <AppShell
      user={shell.user}
      badge={<AccountBadge badge={shell.badge} />}
      notifications={shell.notifications}
    >
      {paywall ? (
        <div className="container-page max-w-3xl py-8">
          <title>Premium · Coinlens</title>
          <PaywallCard body={error.data} headingLevel={1} />
        </div>
      ) : (
        <ErrorPanel content={content} inShell />
      )}
    </AppShell>
  );
}
