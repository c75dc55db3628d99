/**
 * HTTP for market data providers: a timeout on every call, a clear error for 429 carrying the
 * provider's Retry-After, and the provider's error text for other failures. No retries here: the
 * refresher backs off by rescheduling (shared by every app server through the database), which is
 * what keeps us inside a provider's rate limit.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class ProviderError extends Error {
  status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "ProviderError";
    this.status = status;
  }
}

export class RateLimitedError extends ProviderError {
  retryAfterSeconds: number | undefined;
  constructor(message: string, retryAfterSeconds?: number) {
    super(message, 429);
    this.name = "RateLimitedError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface HttpOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Names the provider in error messages (never the URL: it may carry an API key). */
  provider: string;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export async function fetchText(url: string, options: HttpOptions): Promise<string> {
  const doFetch = options.fetch ?? (globalThis.fetch as FetchLike);
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { "user-agent": "Coinlens market data (+https://github.com/coinlens)", ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      redirect: "follow",
    });
  } catch (error) {
    const name = (error as Error).name;
    const reason = name === "TimeoutError" || name === "AbortError" ? "timed out" : "could not be reached";
    throw new ProviderError(`${options.provider} ${reason}`);
  }
  const body = await response.text();
  if (response.status === 429) {
    throw new RateLimitedError(
      `${options.provider} rate limit reached${describeBody(body)}`,
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  if (!response.ok) {
    throw new ProviderError(
      `${options.provider} answered ${response.status}${describeBody(body)}`,
      response.status,
    );
  }
  return body;
}

export async function fetchJson(url: string, options: HttpOptions): Promise<unknown> {
  const text = await fetchText(url, {
    ...options,
    headers: { accept: "application/json", ...options.headers },
  });
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${options.provider} sent a response that is not JSON`);
  }
}

/** A short, single-line excerpt of an error body for logs (provider texts, never our secrets). */
function describeBody(body: string): string {
  let text = body;
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const status = json.status as { error_message?: unknown } | undefined;
    const message = status?.error_message ?? json.error ?? json["error-type"] ?? json.message;
    if (typeof message === "string") text = message;
  } catch {
    // not JSON: keep the text
  }
  text = text.replace(/\s+/g, " ").trim().slice(0, 160);
  return text ? `: ${text}` : "";
}
