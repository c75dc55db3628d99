import { Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "~/ui/button.tsx";

interface Refusal {
  message: string;
  status: number;
  /** Why (payments-guard.server.ts): picks the way out that fits. */
  reason?: string | undefined;
}

function Refused({ message, status, reason }: Refusal) {
  const twoFactor = /two-factor/i.test(message);
  if (status === 404) {
    return (
      <div className="max-w-xl space-y-3">
        <h1 className="text-2xl font-semibold text-ink">Not found</h1>
        <p className="text-ink">{message}</p>
        <Link to="/admin" className="font-semibold text-brand underline">
          Back to the back-office
        </Link>
      </div>
    );
  }
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-2xl font-semibold text-ink">Access refused</h1>
      <p className="text-ink">{message}</p>
      {reason === "two-factor-session" ? (
        // This session was signed in with the password alone: sign out, then in with the code, and
        // come back here. A link to /login would bounce (a signed-in visitor skips it).
        <Form method="post" action="/logout">
          <input type="hidden" name="redirectTo" value="/admin" />
          <Button type="submit">Sign out and sign in again</Button>
        </Form>
      ) : (
        <Link to={twoFactor ? "/settings" : "/dashboard"} className="font-semibold text-brand underline">
          {twoFactor ? "Go to Settings" : "Back to your dashboard"}
        </Link>
      )}
    </div>
  );
}

/** 403 (permission, two-factor) and 404 (no such member …) answers, with the server's message. */
function refusal(error: unknown): Refusal | undefined {
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 404)) {
    const body = error.data as { message?: string; reason?: string } | null;
    return {
      status: error.status,
      message:
        body?.message ?? (error.status === 403 ? "You do not have permission to do this." : "Not found."),
      reason: body?.reason,
    };
  }
  return undefined;
}

/** A refused back-office request says why (permission, two-factor, not found), instead of a generic error. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const refused = refusal(error);
  if (refused === undefined) throw error;
  return <Refused {...refused} />;
}

/** The same, for the back-office shell itself (staff only): a page of its own, with a main landmark. */
export function AdminShellErrorBoundary() {
  const error = useRouteError();
  const refused = refusal(error);
  if (refused === undefined) throw error;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <title>{`${refused.status === 404 ? "Not found" : "Access refused"} · Back-office`}</title>
      <Refused {...refused} />
    </main>
  );
}

/** Above a queue this staff member may read but not act on (support): says who can act. */
export function ReadOnlyNote({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-line bg-subtle px-4 py-3 text-sm text-ink">{children}</p>;
}
