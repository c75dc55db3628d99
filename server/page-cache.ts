// A micro-cache of one anonymous page (the landing page, `/`): ADR 0091. The page is rendered
// from a request the server makes itself, with no cookie and none of any visitor's headers, so
// whatever it holds is what every visitor without a cookie would see; visitors with any cookie,
// any credential, a query string or another method are never answered from it.
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type express from "express";

const gzip = promisify(gzipCallback);

/** What the X-Cache header and the coinlens_page_cache_requests_total counter say. */
export type PageCacheResult = "hit" | "stale" | "miss" | "bypass";

export interface CachedPage {
  readonly status: number;
  /** The rendered response's own headers, without the ones each response sets for itself. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
  /** The same body gzipped once, so a hit costs no compression. */
  readonly gzipped: Buffer;
  /** Date.now() when it was rendered. */
  readonly renderedAt: number;
}

export interface PageCacheOptions {
  /** How long a rendered page is served as fresh (HIT). */
  ttlMs: number;
  /** After that, how much longer it is served (STALE) while one refresh runs in the background. */
  staleMs: number;
  /** Renders the anonymous page: a request with no cookie and no visitor's headers. */
  render: () => Promise<Response>;
  now?: () => number;
  /** A background refresh that failed or gave a page that may not be cached (the stale one stays). */
  onRefreshProblem?: (problem: { error?: unknown; status?: number; setCookie?: boolean }) => void;
}

export interface PageCache {
  /**
   * The page to send and how it was found, or undefined when no page can be cached right now (the
   * render failed, answered other than 200, or set a cookie): the caller renders as usual.
   */
  lookup(): Promise<{ page: CachedPage; result: Exclude<PageCacheResult, "bypass"> } | undefined>;
}

/** Headers each response sets for itself (or that describe the bytes as sent), never stored. */
const PER_RESPONSE_HEADERS: readonly string[] = Object.freeze([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "x-request-id",
  "content-security-policy",
]);

/**
 * Why this request must not be answered from the cache, or undefined when it may be. Any cookie
 * at all (a session, a theme, a half-finished sign-in) or an Authorization header means the page
 * may be someone's own; a query string may change the page (`?reported=`) and would let anyone
 * fill the cache with variants; only GET and HEAD read a page.
 */
export function bypassReason(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}): "method" | "cookie" | "authorization" | "query" | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return "method";
  if (request.headers.cookie !== undefined) return "cookie";
  if (request.headers.authorization !== undefined) return "authorization";
  if (request.url.includes("?")) return "query";
  return undefined;
}

/** A rendered response may be kept only if it is a plain 200 that sets no cookie. */
export function isCacheable(response: Pick<Response, "status" | "headers">): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  return !/\b(no-store|private)\b/i.test(response.headers.get("cache-control") ?? "");
}

async function toCachedPage(response: Response, renderedAt: number): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers.entries()]
    .filter(([name]) => !PER_RESPONSE_HEADERS.includes(name.toLowerCase()))
    .map(([name, value]) => Object.freeze([name, value] as const));
  return Object.freeze({
    status: response.status,
    headers: Object.freeze(headers),
    body,
    gzipped: await gzip(body),
    renderedAt,
  });
}

/**
 * One page, fresh for ttlMs, then served stale for up to staleMs while a single refresh runs
 * (never more than one render at a time: no stampede when it expires under load). Older than
 * both, or never rendered: the request waits for the one render in flight (MISS).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  let page: CachedPage | undefined;
  let refreshing: Promise<CachedPage | undefined> | undefined;

  function refresh(): Promise<CachedPage | undefined> {
    refreshing ??= (async () => {
      const startedAt = now();
      const response = await options.render();
      if (!isCacheable(response)) {
        await response.body?.cancel();
        options.onRefreshProblem?.({
          status: response.status,
          setCookie: response.headers.has("set-cookie"),
        });
        return undefined;
      }
      page = await toCachedPage(response, startedAt);
      return page;
    })()
      .catch((error: unknown) => {
        options.onRefreshProblem?.({ error });
        return undefined;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  return Object.freeze({
    async lookup() {
      const age = page ? now() - page.renderedAt : Number.POSITIVE_INFINITY;
      if (page && age < options.ttlMs) return { page, result: "hit" as const };
      if (page && age < options.ttlMs + options.staleMs) {
        void refresh();
        return { page, result: "stale" as const };
      }
      const fresh = await refresh();
      return fresh ? { page: fresh, result: "miss" as const } : undefined;
    },
  });
}

/**
 * Sends a cached page: its status and headers, `Age`, `X-Cache`, and the gzipped body when the
 * client takes gzip (the compression middleware leaves an encoded body alone). The headers each
 * response sets for itself (X-Request-Id, the Content-Security-Policy without a nonce) were
 * already set for this request.
 */
export function sendCachedPage(
  req: express.Request,
  res: express.Response,
  { page, result }: { page: CachedPage; result: Exclude<PageCacheResult, "bypass"> },
  now = Date.now(),
) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Cache", result.toUpperCase());
  res.setHeader("Age", String(Math.max(0, Math.floor((now - page.renderedAt) / 1000))));
  res.vary("Accept-Encoding");
  const gzipped = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  const body = gzipped ? page.gzipped : page.body;
  res.setHeader("Content-Length", String(body.length));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
