import { Form, isRouteErrorResponse, Link, Outlet } from "react-router";
import { Button } from "~/ui/button.tsx";
import { ErrorPanel } from "~/ui/error-panel.tsx";
import { errorPageContent } from "~/utils/error-page.ts";
import type { Route } from "./+types/layout";

/** The research studio (ADR 0073): each page checks access itself (guard.server.ts). */
export default function StudioLayout() {
  return (
    <div className="container-page space-y-6 py-8">
      <Outlet />
    </div>
  );
}

const studioRefusal: Readonly<Record<string, string>> = Object.freeze({
  permission: "The research studio is for analysts and admins.",
  "staff-only": "The research studio is for analysts and admins.",
  "two-factor-off": "Turn on two-factor sign-in in Settings before using the research studio.",
  "two-factor-session": "Sign in again with your two-factor code to use the research studio.",
});

/** A refusal says why and offers the way out that fits (two-factor on, or sign in with it). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = error.data as { message?: string; reason?: string } | undefined;
    const message = body?.message ?? "The studio is for analysts.";
    return (
      <div className="container-page max-w-xl space-y-3 py-8">
        <title>Access refused · Coinlens</title>
        <h1 className="text-2xl font-semibold text-ink">Access refused</h1>
        <p className="text-ink">{studioRefusal[body?.reason ?? ""] ?? message}</p>
        {body?.reason === "two-factor-session" ? (
          <Form method="post" action="/logout">
            <input type="hidden" name="redirectTo" value="/studio" />
            <Button type="submit">Sign out and sign in again</Button>
          </Form>
        ) : (
          <Link
            to={body?.reason === "two-factor-off" ? "/settings/two-factor" : "/dashboard"}
            className="font-semibold text-brand underline"
          >
            {body?.reason === "two-factor-off" ? "Turn on two-factor sign-in" : "Back to your dashboard"}
          </Link>
        )}
      </div>
    );
  }
  return <ErrorPanel content={errorPageContent(error)} inShell />;
}
