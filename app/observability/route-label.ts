/**
 * The `route` label of the HTTP metrics (ADR 0089). Prometheus keeps one series per label value,
 * so a label must come from a small fixed set: the route PATTERN React Router matched
 * (`/research/:slug`), never the address a client typed (`/research/any-text-at-all`), which
 * would let anyone create series without end.
 */

/** Answered by the HTTP server itself, before React Router (server/app.ts, server/main.ts). */
const SERVER_PATHS = Object.freeze(["/healthz", "/readyz", "/metrics"]);

const METHODS = Object.freeze(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The label for one request: the pattern React Router reported for it, or — for what React Router
 * never saw — one of a few fixed names: the server's own endpoints, `/assets/*` for build assets,
 * `(static)` for other public files and `(other)` for the rest (a refused cross-site post, a
 * malformed address).
 */
export function routeLabel(input: { pattern?: string | undefined; path: string; status: number }): string {
  if (input.pattern) return normalisePattern(input.pattern);
  if (SERVER_PATHS.includes(input.path)) return input.path;
  if (input.path.startsWith("/assets/")) return "/assets/*";
  return input.status < 400 ? "(static)" : "(other)";
}

/** A pattern as React Router joins it: no trailing slash, `/` for the home page, `*` kept. */
export function normalisePattern(pattern: string): string {
  const withSlash = pattern.startsWith("/") ? pattern : `/${pattern}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
  // A pattern is code, but guard the label anyway: nothing long, nothing outside path syntax.
  return /^[\w\-/:.*?$@]{1,200}$/.test(trimmed) ? trimmed : "(other)";
}

/** The `method` label: the usual methods, anything else as OTHER (a client can send any word). */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.includes(upper) ? upper : "OTHER";
}

/** The `status` label: the class (2xx … 5xx), so there are five values at most. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}
