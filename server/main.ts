// The HTTP process: static assets, compression, security headers, request ids and logs,
// graceful shutdown. Everything application-level comes from the server build (server/app.ts).
// Runs on Node 24 directly (type stripping), so only erasable TypeScript here.
import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { crossSiteRefusal, trustProxySetting } from "./request-guards.ts";
import { securityHeaders } from "./security-headers.ts";

type AppModule = typeof import("./app.ts");

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV = "production";
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

async function loadApp(): Promise<{ mod: AppModule; vite?: import("vite").ViteDevServer }> {
  if (!dev) {
    const buildPath = path.join(buildDir, "server", "index.js");
    return { mod: (await import(buildPath)) as AppModule };
  }
  const { createServer } = await import("vite");
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  return { mod: (await vite.ssrLoadModule("./server/app.ts")) as AppModule, vite };
}

const { mod, vite } = await loadApp();
const config = mod.getConfig();
const { log } = mod;

try {
  await mod.boot();
} catch (error) {
  console.error(`Coinlens cannot start: ${(error as Error).message}`);
  process.exit(1);
}

// Process-wide state (ADR 0064): set once, when the process is asked to stop.
let stopping = false;

const http = express();
http.disable("x-powered-by");
// One reverse proxy in front of us when TRUST_PROXY is set (server/request-guards.ts says why not `true`).
http.set("trust proxy", trustProxySetting(config.trustProxy));

http.use((req, res, next) => {
  // A stopping server answers what still reaches it on an open keep-alive connection (a proxy's
  // pooled one), then closes that connection, so the proxy sends the next request elsewhere.
  if (stopping) res.setHeader("Connection", "close");
  const incoming = config.trustProxy ? req.get("x-request-id") : undefined;
  const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = requestId;
  res.locals.nonce = randomBytes(16).toString("base64");
  res.setHeader("X-Request-Id", requestId);
  // Which of several servers behind the proxy answered: the operator's name for it, nothing more.
  if (config.instanceName) res.setHeader("X-Served-By", config.instanceName);
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    // Labelled by the route pattern React Router matched (ADR 0089), never by the address.
    mod.observeRequest({
      method: req.method,
      path: req.path,
      status: res.statusCode,
      pattern: typeof res.locals.routePattern === "string" ? res.locals.routePattern : undefined,
      durationSeconds: durationMs / 1000,
      eventStream: String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream"),
    });
    // The path only: query strings may carry reset tokens or e-mail addresses.
    log.info("request", {
      requestId,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
    });
  });
  // Every log line written while serving it carries its id, and the outbox rows it queues keep it.
  mod.withLogFields({ requestId }, next);
});

// Content-Security-Policy, HSTS and the rest (server/security-headers.ts), before anything can
// answer, so the server's own refusal pages carry them too.
http.use(securityHeaders({ dev, isProduction: config.isProduction, publicUrl: config.publicUrl }));

// Cross-site form posts are refused before any route sees them (server/request-guards.ts).
http.use((req, res, next) => {
  const refusal = crossSiteRefusal(req);
  if (!refusal) return next();
  log.warn("cross-site request refused", {
    requestId: res.locals.requestId,
    path: req.path,
    reason: refusal,
  });
  sendPlainPage(
    res,
    403,
    "This request was refused",
    "It came from another website. Please try again from this site.",
  );
});

// The anonymous landing page from memory (ADR 0091), before compression (it keeps a gzipped copy)
// and the static files (a file-system lookup per request): everything above still applies to it.
http.get("/", mod.serveLandingFromCache);

http.use(
  compression({
    // Server-Sent Events must not be buffered by compression.
    filter: (req, res) =>
      String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")
        ? false
        : compression.filter(req, res),
  }),
);

if (vite) {
  http.use(vite.middlewares);
} else {
  const client = path.join(buildDir, "client");
  // Fingerprinted file names: safe to cache for ever.
  http.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  http.use(express.static(client, { maxAge: "1h", index: false }));
}

if (vite) {
  http.use(async (req, res, next) => {
    try {
      const fresh = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
      fresh.app(req, res, next);
    } catch (error) {
      next(error);
    }
  });
} else {
  http.use(mod.app);
}

http.use(
  (
    error: Error & { status?: unknown },
    req: express.Request,
    res: express.Response,
    _next: express.NextFunction,
  ) => {
    // Express marks the client's own mistakes (a malformed %-escape in the address) with a 4xx
    // status: those are answered as such, not as our failure.
    const status =
      typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status < 500) {
      log.warn("bad request", { requestId: res.locals.requestId, status, error });
    } else {
      log.error("unhandled error", { requestId: res.locals.requestId, path: req.path, error });
    }
    if (res.headersSent) return;
    // React Router never saw this request, so there is no app page to render: a plain document
    // that says what happened and offers the way back, with nothing of the error in it.
    const [title, detail] =
      status < 500
        ? ["This address is not valid", "Please check it and try again."]
        : ["Something went wrong on our side", "Please try again."];
    sendPlainPage(res, status, title, detail);
  },
);

// The design system's colours (app/app.css), inline: this page must not depend on a build asset.
const plainPageStyle =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f8fb;color:#0f172a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}main{max-width:28rem;padding:2rem 1.5rem;text-align:center}p.status{margin:0;color:#1d4ed8;font-weight:700;font-size:.875rem}h1{margin:.5rem 0;font-size:1.5rem;line-height:1.25}p{color:#475569}a{display:inline-block;margin-top:1rem;padding:.625rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #1e3a8a;outline-offset:2px}";

/** A page for answers React Router never renders: what happened and the way back, nothing else. */
function sendPlainPage(res: express.Response, status: number, title: string, detail: string) {
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${escapeHtml(config.brand.name)}</title><style>${plainPageStyle}</style></head><body><main><p class="status">${status}</p><h1>${title}</h1><p>${detail}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
    );
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const server: Server = http.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = localUrl(config.host, port);
  log.info("listening", { url, host: config.host, appEnv: config.appEnv, dev });
  // The one line a person who ran `npm start` looks for: plain text, last, with the real address.
  // On stderr, the human channel: stdout stays one JSON object per line for log collectors.
  process.stderr.write(`${config.brand.name} is ready at ${url}\n`);
});

/** Where to open the server from this machine: localhost for a loopback or any-address host. */
function localUrl(host: string, port: number) {
  const local = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(host);
  const name = local ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
server.keepAliveTimeout = 65_000;

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  const forced = setTimeout(() => {
    log.warn("forced exit after 10 s");
    process.exit(1);
  }, 10_000);
  forced.unref();
  server.close(async () => {
    try {
      await vite?.close();
      await mod.shutdown();
    } finally {
      log.info("stopped");
      process.exit(0);
    }
  });
  // Idle keep-alive sockets would hold the server open; in-flight requests finish first, and a
  // connection that was busy is closed once its last response is sent (ADR 0090).
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
