import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** A refused back-office request says why (permission or two-factor), instead of a generic error. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message =
      (error.data as { message?: string } | null)?.message ?? "You do not have permission to do this.";
    return (
      <div className="max-w-xl space-y-3">
        <h1 className="text-2xl font-semibold text-ink">Access refused</h1>
        <p className="text-ink">{message}</p>
        <Link to="/settings" className="font-semibold text-brand underline">
          Go to Settings
        </Link>
      </div>
    );
  }
  throw error;
}
