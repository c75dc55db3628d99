import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { requestContext } from "../app/context.server.ts";
import { isReady } from "../app/runtime.server.ts";

// Bundled by Vite as the server build's entry (see vite.config.ts), so this file, the routes,
// the config and the database share one module graph. server/main.ts loads it.
export { getConfig } from "../app/config.server.ts";
export { log } from "../app/log.server.ts";
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
      });
      return context;
    },
  }),
);
