import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { waitForHydration } from "./hydration.ts";
import { createMember, memberEmail, PASSWORD, signInWithPassword } from "./member-session.ts";
import { freePort, type ServerProcess, startServer, waitForReady } from "./server-process.ts";

// The landing page's micro-cache (ADR 0091) on a server of its own: the shared test server turns
// it off (playwright.config.ts), since other tests change what `/` shows and look at once. A long
// TTL here, so that the second load is a hit however slow the machine is.

test.describe.configure({ mode: "serial", timeout: 120_000 });

const dir = mkdtempSync(path.join(tmpdir(), "coinlens-page-cache-"));
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // The shared server's port + 1 when E2E_PORT is set (parallel work trees keep to their ports).
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 1 : await freePort();
  server = startServer(port, { DATA_DIR: path.join(dir, "data"), PAGE_CACHE_SECONDS: "60" });
  await waitForReady(server);
});
test.afterAll(async () => {
  const code = await server?.stop();
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
});

/** A browser context of its own on this server: no cookies from any other test. */
async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

const header = (response: Response | null, name: string) => response?.headers()[name] ?? null;

test("a visitor's second load of / comes from the cache: same page, no nonce anywhere, its own request id", async ({
  browser,
}) => {
  const page = await newPage(browser);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const first = await page.goto("/");
  expect(header(first, "x-cache")).toMatch(/^(MISS|HIT)$/);
  const second = await page.goto("/");
  expect(header(second, "x-cache")).toBe("HIT");
  expect(Number(header(second, "age"))).toBeGreaterThanOrEqual(0);
  // The page's own script (ADR 0063) runs under a policy that allows scripts from this site only.
  await waitForHydration(page);
  const policy = header(second, "content-security-policy") ?? "";
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain("nonce");
  const html = (await second?.text()) ?? "";
  expect(html).not.toContain("nonce=");
  expect(html).toContain("/assets/landing-");
  // Per-response headers are made for each response, never replayed from the cache.
  expect(header(second, "x-request-id")).toBeTruthy();
  expect(header(second, "x-request-id")).not.toBe(header(first, "x-request-id"));
  expect(header(second, "set-cookie")).toBeNull();
  expect(header(second, "x-frame-options")).toBe("DENY");
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
  expect(violations).toEqual([]);
});

test("signed-in members never get the cached page, and what one member is shown never reaches another", async ({
  browser,
}) => {
  const visitor = await newPage(browser);
  await visitor.goto("/");
  const members = [];
  for (const tag of ["cache-a", "cache-b"]) {
    const page = await newPage(browser);
    const email = memberEmail(tag);
    await createMember(page.request, { email, password: PASSWORD });
    await signInWithPassword(page, email, PASSWORD);
    members.push(page);
  }
  for (const page of members) {
    const response = await page.goto("/");
    expect(header(response, "x-cache")).toBe("BYPASS");
    expect(header(response, "age")).toBeNull();
    // Rendered for this member: the navigation offers their dashboard, not the sign-in.
    await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeAttached();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  }
  // The visitor, after both members, still gets the visitor's page from the cache.
  const again = await visitor.goto("/");
  expect(header(again, "x-cache")).toBe("HIT");
  await expect(visitor.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
  await expect(visitor.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
});

test("any cookie, a query string or another page is rendered per request; hydrated pages keep their nonce", async ({
  request,
}) => {
  const withCookie = await request.get(`${server.url}/`, { headers: { Cookie: "cl_theme=dark" } });
  expect(withCookie.headers()["x-cache"]).toBe("BYPASS");
  // Rendered for this request, still the static document's policy without a nonce.
  expect(withCookie.headers()["content-security-policy"]).not.toContain("nonce");
  expect(await withCookie.text()).toContain('data-theme="dark"');

  const withQuery = await request.get(`${server.url}/?utm_source=x`);
  expect(withQuery.headers()["x-cache"]).toBe("BYPASS");

  const head = await request.head(`${server.url}/`);
  expect(head.status()).toBe(200);
  expect(head.headers()["x-cache"]).toBe("HIT");

  const about = await request.get(`${server.url}/about`);
  expect(about.headers()["x-cache"]).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(about.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(await about.text()).toContain(`nonce="${nonce}"`);

  const metrics = await (await request.get(`${server.url}/metrics`)).text();
  for (const result of ["hit", "miss", "bypass"]) {
    const value = new RegExp(`^coinlens_page_cache_requests_total\\{result="${result}"\\} (\\d+)`, "m").exec(
      metrics,
    )?.[1];
    expect(Number(value), result).toBeGreaterThan(0);
  }
});
