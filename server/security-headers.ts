import type express from "express";
import helmet from "helmet";

export interface SecurityHeaderOptions {
  /** `npm run dev`: Vite's inline scripts, eval and HMR socket need a looser policy. */
  dev: boolean;
}

/**
 * The security headers on every response (pages, resource routes, assets and the server's own
 * fallback pages), as Express middleware for server/main.ts: a nonce-based Content-Security-Policy
 * (the nonce is res.locals.nonce, set earlier per request), frame denial, nosniff, Referrer-Policy,
 * and HSTS when the request arrived over TLS.
 */
export function securityHeaders({ dev }: SecurityHeaderOptions): express.RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: dev
            ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
            : ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
          // React and Radix set inline style attributes; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
          mediaSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Set below, only when the request really arrived over TLS.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      next();
    },
  ];
}
