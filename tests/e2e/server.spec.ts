import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { gotoHydrated } from "./hydration.ts";

// The production server: health endpoints, security headers, caching of hashed assets,
// compression, and a nonce-based Content-Security-Policy that the page itself satisfies.

function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

test.describe("health endpoints", () => {
  test("/healthz answers for the process and /readyz for the database, as uncached JSON", async ({
    request,
  }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(health.headers()["content-type"]).toContain("application/json");
    expect(health.headers()["cache-control"]).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok" });

    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(ready.headers()["content-type"]).toContain("application/json");
    expect(ready.headers()["cache-control"]).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ok", database: "ok" });
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce CSP, nosniff, Referrer-Policy, frame denial and a request id", async ({
    request,
  }) => {
    // `/about` hydrates; the landing page does not and goes without a nonce (next test, ADR 0091).
    const response = await request.get("/about");
    expect(response.status()).toBe(200);
    const headers = response.headers();

    const csp = directives(headers["content-security-policy"] ?? "");
    const scriptSrc = csp.get("script-src") ?? [];
    const nonceSource = scriptSrc.find((value) => value.startsWith("'nonce-"));
    expect(nonceSource, "script-src has a nonce").toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);

    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers["x-powered-by"]).toBeUndefined();
    // Plain http outside production: HSTS is only sent when the request really arrived over TLS
    // (production with an https PUBLIC_URL sends it always: server/security-headers.test.ts).
    expect(headers["strict-transport-security"]).toBeUndefined();

    // Every inline and external script in the HTML carries this response's nonce.
    const nonce = nonceSource?.slice("'nonce-".length, -1) ?? "";
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, "script tag carries the nonce").toContain(`nonce="${nonce}"`);
  });

  test("the landing page runs no inline script: its policy has no nonce and allows only its own files", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const csp = directives(response.headers()["content-security-policy"] ?? "");
    const scriptSrc = csp.get("script-src") ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc.some((value) => value.startsWith("'nonce-"))).toBe(false);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    // Without a nonce an inline script would be blocked, so the page must not run one.
    const html = await response.text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      // A JSON-LD block is data the browser never runs, so CSP does not apply to it.
      if (tag.includes('type="application/ld+json"')) continue;
      expect(tag, "only external scripts").toMatch(/\bsrc=/);
      expect(tag).not.toContain("nonce=");
    }
  });

  test("each response gets its own nonce and request id; errors carry the headers too", async ({
    request,
  }) => {
    const first = (await request.get("/about")).headers();
    const second = (await request.get("/about")).headers();
    expect(first["x-request-id"]).not.toBe(second["x-request-id"]);
    const nonceOf = (h: Record<string, string>) =>
      h["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-frame-options"]).toBe("DENY");
    expect(missing.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(missing.headers()["x-request-id"]).toBeTruthy();

    const health = await request.get("/healthz");
    expect(health.headers()["x-content-type-options"]).toBe("nosniff");
    expect(health.headers()["x-request-id"]).toBeTruthy();
  });

  test("a Permissions-Policy denies the browser features the app does not use, and only those", async ({
    page,
    request,
  }) => {
    for (const path of ["/", "/healthz", "/no-such-page"]) {
      const policy = (await request.get(path)).headers()["permissions-policy"] ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, `${path} ${feature}`).toContain(`${feature}=()`);
      }
    }
    // In the browser: the header parses without a warning, denies what it lists and leaves the
    // copy buttons (clipboard-write) and the intro video's fullscreen and picture-in-picture alone.
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (/Permissions-Policy/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto("/");
    const allowed = await page.evaluate(() => {
      const policy = (document as { featurePolicy?: { allowsFeature(feature: string): boolean } })
        .featurePolicy;
      return Object.fromEntries(
        [
          "camera",
          "microphone",
          "geolocation",
          "payment",
          "clipboard-write",
          "fullscreen",
          "picture-in-picture",
        ].map((feature) => [feature, policy?.allowsFeature(feature)]),
      );
    });
    expect(allowed).toEqual({
      camera: false,
      microphone: false,
      geolocation: false,
      payment: false,
      "clipboard-write": true,
      fullscreen: true,
      "picture-in-picture": true,
    });
    expect(warnings).toEqual([]);
  });

  test("a request id from the client is not trusted without a proxy", async ({ request }) => {
    const response = await request.get("/healthz", { headers: { "x-request-id": "attacker-chosen" } });
    expect(response.headers()["x-request-id"]).not.toBe("attacker-chosen");
  });
});

test.describe("cross-site requests", () => {
  test("a state-changing request from another website is refused (403) on every route, resource routes included", async ({
    page,
    request,
    baseURL,
  }) => {
    // React Router guards its page actions; these are resource routes, guarded by the server.
    for (const path of ["/reviews/sample-review-3/flag", "/logout", "/account/mode"]) {
      const refused = await request.post(path, {
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(refused.status(), path).toBe(403);
      expect(refused.headers()["content-type"]).toMatch(/^text\/html/);
      // The server's own refusal page carries the security headers too.
      expect(refused.headers()["x-frame-options"], path).toBe("DENY");
      expect(refused.headers()["permissions-policy"], path).toContain("camera=()");
      expect(await refused.text()).toContain("<h1>This request was refused</h1>");
      const marked = await request.post(path, {
        headers: { "sec-fetch-site": "cross-site" },
        maxRedirects: 0,
      });
      expect(marked.status(), path).toBe(403);
    }
    // A page action too (React Router's own check would have answered 400).
    const contact = await request.post("/contact", {
      headers: { origin: "https://evil.example" },
      form: { email: "a@example.com", subject: "x", message: "y" },
    });
    expect(contact.status()).toBe(403);

    // The same request from the site itself goes through (an unknown review: 404, not 403).
    const own = await request.post("/reviews/no-such-review/flag", { headers: { origin: baseURL ?? "" } });
    expect(own.status()).toBe(404);
    // And the site's own forms still work in the browser.
    await page.goto("/");
    await expect(page.locator("#review-sample-review-3")).toBeVisible();
  });
});

test.describe("assets and compression", () => {
  test("hashed /assets files are cached for a year as immutable; other files briefly", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
    expect(assets.some((path) => path.endsWith(".js"))).toBe(true);
    expect(assets.some((path) => path.endsWith(".css"))).toBe(true);
    for (const path of assets) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl, path).toContain("immutable");
      expect(cacheControl, path).toContain("max-age=31536000");
    }

    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["cache-control"]).not.toContain("immutable");

    // A missing asset is a 404, not the HTML of a page.
    const missing = await request.get("/assets/does-not-exist-abc123.js");
    expect(missing.status()).toBe(404);
  });

  test("HTML, scripts and styles are compressed when the client accepts it", async ({ request }) => {
    for (const encoding of ["gzip", "br"]) {
      const response = await request.get("/", { headers: { "accept-encoding": encoding } });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-encoding"], `HTML with ${encoding}`).toBe(encoding);
      expect(response.headers().vary?.toLowerCase()).toContain("accept-encoding");
    }
    const html = await (await request.get("/")).text();
    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "";
    const css = html.match(/\/assets\/[\w.-]+\.css/)?.[0] ?? "";
    for (const path of [script, css]) {
      const response = await request.get(path, { headers: { "accept-encoding": "gzip, br" } });
      expect(["gzip", "br"], path).toContain(response.headers()["content-encoding"]);
    }
    const identity = await request.get("/", { headers: { "accept-encoding": "identity" } });
    expect(identity.headers()["content-encoding"]).toBeUndefined();
  });
});

test.describe("Content-Security-Policy in the browser", () => {
  test("pages hydrate with no CSP violations", async ({ page }) => {
    test.slow(); // eight page loads; their axe scans are in a11y.spec.ts
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content[- ]Security[- ]Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    for (const path of ["/", "/about", "/faq", "/coming", "/airdrop", "/dashboard", "/no-such-page"]) {
      await gotoHydrated(page, path);
    }
    // Hydrated: client-side behaviour works (the Terms dialog opens from the footer).
    await gotoHydrated(page, "/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Terms & Conditions" }).click();
    await expect(page.getByRole("dialog", { name: "Terms & Conditions" })).toBeVisible();
    await expectNoA11yViolations(page);
    // A client-side navigation loads route modules under the same policy.
    await page.keyboard.press("Escape");
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("research and analysis firm");

    expect(violations).toEqual([]);
  });
});
