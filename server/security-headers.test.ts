import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustProxySetting } from "./request-guards.ts";
import {
  deniedBrowserFeatures,
  type SecurityHeaderOptions,
  securityHeaders,
  withoutNonce,
} from "./security-headers.ts";

// A real Express app on a free port with the headers server/main.ts sets, in each environment.
function listen(options: SecurityHeaderOptions, trustProxy = true) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.use((_req, res, next) => {
    res.locals.nonce = "bm9uY2U=";
    next();
  });
  app.use(securityHeaders(options));
  app.use((_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  return {
    server,
    get: (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers }),
  };
}

const production = listen({ dev: false, isProduction: true, publicUrl: "https://coinlens.example" });
const productionOnHttp = listen({ dev: false, isProduction: true, publicUrl: "http://coinlens.internal" });
const productionNoProxy = listen(
  { dev: false, isProduction: true, publicUrl: "https://coinlens.example" },
  false,
);
const development = listen({ dev: false, isProduction: false, publicUrl: "https://coinlens.example" });
const servers = [production, productionOnHttp, productionNoProxy, development];

beforeAll(async () => {
  await Promise.all(
    servers.map((s) =>
      s.server.listening ? undefined : new Promise((resolve) => s.server.once("listening", resolve)),
    ),
  );
});
afterAll(() => {
  for (const s of servers) s.server.close();
});

const hsts = "max-age=31536000; includeSubDomains";
const hstsOf = async (s: (typeof servers)[number], headers?: Record<string, string>) =>
  (await s.get(headers)).headers.get("strict-transport-security");

describe("Strict-Transport-Security", () => {
  it("is sent on every response in production when PUBLIC_URL is https, whatever the proxy said", async () => {
    expect(await hstsOf(production)).toBe(hsts);
    expect(await hstsOf(production, { "x-forwarded-proto": "http" })).toBe(hsts);
    expect(await hstsOf(production, { "x-forwarded-proto": "https" })).toBe(hsts);
    // No trusted proxy at all (TRUST_PROXY unset behind a TLS terminator): still sent.
    expect(await hstsOf(productionNoProxy)).toBe(hsts);
  });

  it("in production with an http PUBLIC_URL, only when the request arrived over TLS", async () => {
    expect(await hstsOf(productionOnHttp)).toBeNull();
    expect(await hstsOf(productionOnHttp, { "x-forwarded-proto": "https" })).toBe(hsts);
  });

  it("outside production, only when the request arrived over TLS, even with an https PUBLIC_URL", async () => {
    expect(await hstsOf(development)).toBeNull();
    expect(await hstsOf(development, { "x-forwarded-proto": "https" })).toBe(hsts);
  });
});

describe("Permissions-Policy", () => {
  it("denies to the page and every frame the browser features the app does not use", async () => {
    for (const s of servers) {
      const policy = (await s.get()).headers.get("permissions-policy") ?? "";
      const entries = policy.split(",").map((entry) => entry.trim());
      for (const feature of [
        "camera",
        "microphone",
        "geolocation",
        "payment",
        "usb",
        "serial",
        "hid",
        "midi",
        "display-capture",
        "publickey-credentials-get",
      ]) {
        expect(entries, feature).toContain(`${feature}=()`);
      }
      // Nothing but denials.
      for (const entry of entries) expect(entry).toMatch(/^[a-z-]+=\(\)$/);
      expect(entries).toHaveLength(deniedBrowserFeatures.length);
    }
  });

  it("leaves alone what the app uses: copy buttons, sharing a review, the video's fullscreen and picture-in-picture", async () => {
    const policy = (await production.get()).headers.get("permissions-policy") ?? "";
    for (const feature of ["clipboard-write", "web-share", "fullscreen", "picture-in-picture"]) {
      expect(policy, feature).not.toMatch(new RegExp(`(^|[ ,])${feature}=`));
    }
  });
});

describe("the rest of the headers", () => {
  it("keeps the nonce CSP, frame denial, nosniff and Referrer-Policy", async () => {
    const headers = (await production.get()).headers;
    expect(headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-bm9uY2U='");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("the policy of a static document (ADR 0091)", () => {
  it("is the same policy without the nonce: scripts only from this site, no inline script at all", async () => {
    const policy = (await production.get()).headers.get("content-security-policy") ?? "";
    const staticPolicy = withoutNonce(policy);
    expect(staticPolicy).not.toContain("nonce");
    expect(staticPolicy.split(";").find((d) => d.startsWith("script-src"))).toBe("script-src 'self'");
    // Everything else is kept, directive for directive.
    expect(staticPolicy.split(";").map((d) => d.split(" ")[0])).toEqual(
      policy.split(";").map((d) => d.split(" ")[0]),
    );
    expect(staticPolicy).toContain("frame-ancestors 'none'");
  });

  it("leaves a policy without a nonce (development's) unchanged", () => {
    const dev = "default-src 'self';script-src 'self' 'unsafe-inline' 'unsafe-eval'";
    expect(withoutNonce(dev)).toBe(dev);
  });
});
