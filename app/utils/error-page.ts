import { isRouteErrorResponse } from "react-router";

export interface ErrorPageContent {
  /** The HTTP status the page reports: the thrown response's own, or 500 for anything else. */
  status: number;
  title: string;
  message: string;
  /** The one step that gets the member past this refusal (a 4xx only; a path inside the site). */
  next?: { to: string; label: string };
}

/** `{ next: { to, label } }` from the thrown data, kept only when it points inside this site. */
function nextStep(data: unknown): ErrorPageContent["next"] {
  const next = (data as { next?: { to?: unknown; label?: unknown } } | null | undefined)?.next;
  if (!next || typeof next.to !== "string" || typeof next.label !== "string") return undefined;
  // A path, never another origin ("//host" or "/\\host" would leave the site).
  if (!/^\/(?![/\\])/.test(next.to) || !next.label.trim()) return undefined;
  return { to: next.to, label: next.label };
}

/**
 * What the root error page says for a thrown error. A thrown response keeps its status (a 403 is
 * not "500 Something went wrong"). For a 4xx, the message the server wrote for members (`{ message }`,
 * as a refusal thrown with `data({ message }, 403)`) is shown; a 5xx or an exception never shows anything from the
 * error itself, so no internals reach the page.
 */
export function errorPageContent(error: unknown): ErrorPageContent {
  if (!isRouteErrorResponse(error) || error.status >= 500 || error.status < 400) {
    return {
      status: isRouteErrorResponse(error) && error.status >= 500 ? error.status : 500,
      title: "Something went wrong",
      message:
        "An unexpected error occurred on our side. Your money and data are safe. Please try again in a moment.",
    };
  }
  const written = (error.data as { message?: unknown } | null | undefined)?.message;
  const serverMessage = typeof written === "string" && written.trim() ? written : undefined;
  const next = nextStep(error.data);
  const content = contentForStatus(error.status, serverMessage);
  return next ? { ...content, next } : content;
}

/** What the error page says for a status, with the server's message for members where it has one. */
export function contentForStatus(status: number, serverMessage?: string): ErrorPageContent {
  switch (status) {
    case 404:
      return {
        status: 404,
        title: "We can't find that page",
        message: "The page may have moved, or the address may be mistyped.",
      };
    case 401:
      return {
        status: 401,
        title: "Please sign in",
        message: serverMessage ?? "Sign in to your account, then try again.",
      };
    case 403:
      return {
        status: 403,
        title: "You don't have access to this",
        message:
          serverMessage ??
          "Your account does not have access to this. If you think it should, contact support.",
      };
    case 429:
      return {
        status: 429,
        title: "Too many requests",
        message: serverMessage ?? "Please wait a minute and try again.",
      };
    default:
      return {
        status,
        title: "We couldn't complete that request",
        message: serverMessage ?? "Please go back and try again. Nothing was changed.",
      };
  }
}
