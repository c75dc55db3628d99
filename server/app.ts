import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { getConfig } from "../app/config.server.ts";
import { requestContext } from "../app/context.server.ts";
import { openQuoteStream } from "../app/domain/market-data/quote-stream.server.ts";
import { renderMetrics } from "../app/observability/metrics.server.ts";
import { metricsAllowList } from "../app/observability/metrics-allow.server.ts";
import { isReady } from "../app/runtime.server.ts";
import { writeEventStream } from "../app/utils/event-stream.server.ts";

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
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestContext, {
        requestId: String(res.locals.requestId ?? ""),
        nonce: String(res.locals.nonce ?? ""),
        ip: req.ip,
        notePattern: (pattern) => {
          res.locals.routePattern = pattern;
        },
      });
      return context;
    },
  }),
);
