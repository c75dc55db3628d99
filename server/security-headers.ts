import type express from "express";
import helmet from "helmet";

export interface SecurityHeaderOptions {
  /** `npm run dev`: Vite's inline scripts, eval and HMR socket need a looser policy. */
  dev: boolean;
  /** APP_ENV=production. */
  isProduction: boolean;
  /** The address members use (PUBLIC_URL). */
  publicUrl: string;
}

const hsts = "max-age=31536000; includeSubDomains";

/**
 * Browser features the app never uses, denied to the page and any frame (Permissions-Policy).
 * Deliberately NOT denied, because the app uses them: clipboard-write (the copy buttons on deposit
 * addresses and reviews), web-share (sharing a review), fullscreen and picture-in-picture (the
 * intro video's own controls). Not denied either: clipboard-read, which browsers already put behind
 * a permission prompt and which the browser tests use to check what a copy button copied.
 * Only names Chromium recognises, so the header logs no warnings.
 * A feature that starts using one of these (passkeys: publickey-credentials-*; a payment sheet:
 * payment) must take it off this list.
 */
export const deniedBrowserFeatures = Object.freeze([
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "captured-surface-control",
  "compute-pressure",
  "display-capture",
  "encrypted-media",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "speaker-selection",
  "usb",
  "window-management",
  "xr-spatial-tracking",
]);

const permissionsPolicy = deniedBrowserFeatures.map((feature) => `${feature}=()`).join(", ");

/**
 * HSTS on every response, not only on requests that arrived over TLS: in production with an https
 * PUBLIC_URL the site is https-only by definition, and a proxy that terminates TLS without
 * X-Forwarded-Proto (or TRUST_PROXY left unset) must not switch HSTS off. Browsers ignore the
 * header on plain http, so sending it there costs nothing.
 */
export function alwaysSendsHsts({ isProduction, publicUrl }: Omit<SecurityHeaderOptions, "dev">): boolean {
  return isProduction && publicUrl.startsWith("https:");
}

/**
 * The same Content-Security-Policy without its per-request nonce source, for a document that runs
 * no inline script (the landing page, sent without hydration: ADR 0063, ADR 0091). Its only script
 * is a file under /assets/, which 'self' allows; with no nonce, no inline script can run on it at
 * all, and the document carries nothing that differs per request, so it can be cached and shared.
 * A policy without a nonce (development's) comes back unchanged.
 */
export function withoutNonce(policy: string): string {
  return policy.replace(/\s*'nonce-[^']*'/g, "");
}

/**
 * The security headers on every response (pages, resource routes, assets and the server's own
 * fallback pages), as Express middleware for server/main.ts: a nonce-based Content-Security-Policy
 * (the nonce is res.locals.nonce, set earlier per request), frame denial, nosniff, Referrer-Policy,
 * a Permissions-Policy denying the browser features the app does not use, and HSTS (see
 * alwaysSendsHsts; otherwise when the request arrived over TLS).
 */
export function securityHeaders(options: SecurityHeaderOptions): express.RequestHandler[] {
  const { dev } = options;
  const hstsEverywhere = alwaysSendsHsts(options);
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
      // Set below (alwaysSendsHsts, or the request arrived over TLS).
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
    }),
    (req, res, next) => {
      if (hstsEverywhere || req.secure) res.setHeader("Strict-Transport-Security", hsts);
      res.setHeader("Permissions-Policy", permissionsPolicy);
      next();
    },
  ];
}
