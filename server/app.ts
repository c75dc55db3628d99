import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { getConfig } from "../app/config.server.ts";
import { requestContext } from "../app/context.server.ts";
import { openQuoteStream } from "../app/domain/market-data/quote-stream.server.ts";
import { log } from "../app/log.server.ts";
import { countPageCache, renderMetrics } from "../app/observability/metrics.server.ts";
import { metricsAllowList } from "../app/observability/metrics-allow.server.ts";
import { isReady } from "../app/runtime.server.ts";
import { writeEventStream } from "../app/utils/event-stream.server.ts";
import { bypassReason, createPageCache, type PageCache, sendCachedPage } from "./page-cache.ts";
import { withoutNonce } from "./security-headers.ts";

// Bundled by Vite as the server build's entry (see vite.config.ts), so this file, the routes,
// the config and the database share one module graph. server/main.ts loads it.
export { getConfig } from "../app/config.server.ts";
export { log, withLogFields } from "../app/log.server.ts";
export { observeRequest } from "../app/observability/metrics.server.ts";
export { boot, shutdown } from "../app/runtime.server.ts";

export const app = express.Router();

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  const ready = await isReady();
  res
    .status(ready ? 200 : 503)
    .set("Cache-Control", "no-store")
    .json({ status: ready ? "ok" : "unavailable", database: ready ? "ok" : "unreachable" });
});

// Prometheus (ADR 0089): only for the addresses METRICS_ALLOW names (req.ip, with TRUST_PROXY's
// one trusted hop); anyone else falls through to React Router's 404 page, as for a missing page.
app.get("/metrics", async (req, res, next) => {
  if (!metricsAllowList(getConfig().metricsAllow).allows(req.ip)) return next();
  const { contentType, body } = await renderMetrics();
  res.status(200).set("Cache-Control", "no-store").type(contentType).send(body);
});

const build = () => import("virtual:react-router/server-build");

/** A static document's policy (ADR 0091): the same Content-Security-Policy without the nonce. */
function applyStaticDocumentPolicy(res: express.Response) {
  res.locals.nonce = "";
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", withoutNonce(policy));
}

// The landing page as a visitor without any cookie sees it, rendered from a request this server
// makes itself: nothing of any visitor's request (cookies, headers, address) reaches it (ADR 0091).
const renderPage = createFetchHandler(build, process.env.NODE_ENV);
function renderAnonymousLanding(): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: randomUUID(), nonce: "", ip: undefined });
  const url = new URL("/", getConfig().publicUrl);
  return renderPage(new Request(url, { headers: { accept: "text/html" } }), context);
}

// ADR 0064: the landing page's micro-cache (ADR 0091), one page per process, made on the first
// visit to `/`. What it holds is the same for every visitor without a cookie.
let landingCache: PageCache | undefined;

function landingPageCache(): PageCache | undefined {
  const seconds = getConfig().pageCacheSeconds;
  // Vite's development server never caches: an edited component shows on the next reload.
  if (seconds === 0 || process.env.NODE_ENV !== "production") return undefined;
  landingCache ??= createPageCache({
    ttlMs: seconds * 1000,
    // Served stale for as long again while one refresh runs: a visitor's page is at most two
    // TTLs (plus one render) old, and an idle server's first visitor does not wait.
    staleMs: seconds * 1000,
    render: renderAnonymousLanding,
    onRefreshProblem: ({ error, status, setCookie }) =>
      log.warn("landing page not cached", { error, status, setCookie }),
  });
  return landingCache;
}

/**
 * `/` for visitors without a cookie, from the micro-cache (ADR 0091); anyone else, and the page
 * when it cannot be cached, goes on to React Router. server/main.ts mounts it for GET and HEAD of
 * `/` before compression and the static files, which a cached page needs neither of.
 */
export const serveLandingFromCache: express.RequestHandler = async (req, res, next) => {
  const cache = landingPageCache();
  if (!cache) return next();
  const found = bypassReason({ method: req.method, url: req.originalUrl, headers: req.headers })
    ? undefined
    : await cache.lookup();
  if (!found) {
    res.setHeader("X-Cache", "BYPASS");
    countPageCache("bypass");
    return next();
  }
  countPageCache(found.result);
  res.locals.routePattern = "/";
  applyStaticDocumentPolicy(res);
  sendCachedPage(req, res, found);
};

// Live prices (ADR 0092): written to the Node response here, before React Router, whose
// ReadableStream adapter cost more per change than the rest of the push with 2,000 streams open.
// The same rules as the route (app/domain/market-data/quote-stream.server.ts).
app.get("/api/stream/quotes", async (req, res, next) => {
  res.locals.routePattern = "/api/stream/quotes";
  try {
    const opened = await openQuoteStream(req.ip);
    if (!opened.ok) {
      res.status(opened.status).set(opened.headers).json(opened.body);
      return;
    }
    writeEventStream(res, opened.start);
  } catch (error) {
    next(error);
  }
});

app.all(
  "/{*path}",
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        requestId: String(res.locals.requestId ?? ""),
        nonce: String(res.locals.nonce ?? ""),
        ip: req.ip,
        notePattern: (pattern) => {
          res.locals.routePattern = pattern;
        },
        noteStaticDocument: () => applyStaticDocumentPolicy(res),
      });
      return context;
    },
  }),
);
