import type express from "express";

/**
 * Express's `trust proxy` for TRUST_PROXY: one reverse proxy in front of us. `true` would trust
 * every hop and take the leftmost X-Forwarded-For entry, which the client itself writes: anyone
 * could then choose the address our per-address rate limits and review reports count. With one
 * trusted hop, req.ip is the address our proxy saw (the entry it appended, the rightmost).
 */
export function trustProxySetting(trustProxy: boolean): number | false {
  return trustProxy ? 1 : false;
}

/** The origin the request was made to: behind our proxy, the public host it forwarded. */
function requestOrigin(req: express.Request): string {
  const forwarded = req.app.enabled("trust proxy")
    ? req.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  const host = forwarded || req.get("host") || "localhost";
  return new URL(`${req.protocol}://${host}`).origin;
}

/**
 * Refuses a state-changing request a browser made from another site. React Router refuses such
 * actions on its page routes, but not on resource routes (review reports, sign-out, account
 * mode), so one rule covers every route here: a POST (or other unsafe method) whose Origin is not
 * this site, or that the browser marks Sec-Fetch-Site: cross-site, gets 403 and changes nothing.
 * Requests without an Origin (no browser sends a cross-site POST without one) pass, as in React
 * Router's own check.
 */
export function crossSiteRefusal(req: express.Request): string | null {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return null;
  if (req.get("sec-fetch-site") === "cross-site") return "cross-site";
  const origin = req.get("origin");
  if (origin === undefined) return null;
  if (origin === "null") return "opaque origin";
  try {
    return new URL(origin).origin === requestOrigin(req) ? null : "foreign origin";
  } catch {
    return "malformed origin";
  }
}
