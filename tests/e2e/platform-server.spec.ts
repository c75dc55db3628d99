import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { databaseRelay } from "../net.ts";
import { expect, expectNoA11yViolations, test } from "./fixtures.ts";
import { freePort, type ServerProcess, startServer, waitForLogLine, waitForReady } from "./server-process.ts";

// The platform's promises that only a server started with other settings can show: HSTS behind
// a TLS-terminating proxy (TRUST_PROXY), the operator's footer settings set and unset, one JSON log
// line per request carrying the response's request id, and what happens when the database goes
// away (/readyz 503, the friendly 500 page without internals). And its hardening: a test server listens
// only on this machine, its development pages and test endpoints answer only this machine, and
// live-price streams are limited per address and in all. Each group starts its own server on a
// free port and its own data directory.

const dir = mkdtempSync(path.join(tmpdir(), "coinlens-platform-"));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Signs of internals that must never reach a member's page. */
const leaks = [/\bat .+:\d+:\d+/, /node_modules/, /ECONNREFUSED/, /\bError:/, /server\/|build-?[\w-]*\//];

test.describe("behind a TLS-terminating proxy, with the operator's settings", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = startServer(await freePort(), {
      DATA_DIR: path.join(dir, "operator"),
      TRUST_PROXY: "true",
      BRAND_LEGAL_ENTITY: "Lensworks Research Ltd",
      BRAND_REGISTRATION: "HRB 123456",
      BRAND_REGULATOR: "",
      BRAND_CONTACT_EMAIL: "hello@lensworks.example",
      SOCIAL_X_URL: "https://x.com/lensworks",
      SOCIAL_TELEGRAM_URL: "https://t.me/lensworks",
      SOCIAL_YOUTUBE_URL: "",
      SOCIAL_INSTAGRAM_URL: "",
    });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test("HSTS is sent when the proxy says the request arrived over https, and only then", async () => {
    for (const pathname of ["/", "/healthz"]) {
      const overTls = await fetch(`${server.url}${pathname}`, { headers: { "x-forwarded-proto": "https" } });
      expect(overTls.status, pathname).toBe(200);
      expect(overTls.headers.get("strict-transport-security"), pathname).toBe(
        "max-age=31536000; includeSubDomains",
      );

      const plain = await fetch(`${server.url}${pathname}`);
      expect(plain.status, pathname).toBe(200);
      expect(plain.headers.get("strict-transport-security"), pathname).toBeNull();

      const overHttp = await fetch(`${server.url}${pathname}`, { headers: { "x-forwarded-proto": "http" } });
      expect(overHttp.headers.get("strict-transport-security"), pathname).toBeNull();
    }
  });

  test("development pages and test endpoints answer only this machine: the address our proxy forwarded decides", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (const pathname of ["/dev/outbox", "/dev/chain"]) {
      const local = await fetch(`${server.url}${pathname}`, { headers: from("127.0.0.9") });
      expect(local.status, pathname).toBe(200);

      // Another machine gets the site's own 404 page, as for an address that does not exist.
      const remote = await fetch(`${server.url}${pathname}`, { headers: from("203.0.113.7") });
      expect(remote.status, pathname).toBe(404);
      const page = await remote.text();
      expect(page, pathname).toContain("We can&#x27;t find that page");
      expect(page, pathname).not.toMatch(/Outbox|Simulated chain/);
      expect(
        await waitForLogLine(
          server,
          (l) =>
            l.msg === "development page refused: the client is not on this machine" && l.path === pathname,
        ),
        pathname,
      ).toMatchObject({ level: "warn" });
    }
    // Client-side navigation asks for the page's data: the same rule.
    expect((await fetch(`${server.url}/dev/outbox.data`, { headers: from("203.0.113.7") })).status).toBe(404);

    // A test endpoint (APP_ENV=test here): a malformed body is a 400 from this machine, a 404 otherwise.
    const staff = (ip: string) =>
      fetch(`${server.url}/api/test/staff`, {
        method: "POST",
        headers: { ...from(ip), "content-type": "application/json" },
        body: "{}",
      });
    expect((await staff("127.0.0.9")).status).toBe(400);
    const refused = await staff("203.0.113.7");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Not Found");
    // The log names the path, never the address.
    expect(server.output()).not.toContain("203.0.113.7");
  });

  test("every request writes one JSON log line carrying the response's request id, without the query string", async () => {
    const response = await fetch(`${server.url}/about?email=someone%40example.com&token=s3cret`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const line = await waitForLogLine(server, (l) => l.requestId === requestId);
    expect(line, `a log line for ${requestId}`).toMatchObject({
      level: "info",
      msg: "request",
      requestId,
      method: "GET",
      path: "/about",
      status: 200,
    });
    expect(typeof line?.durationMs).toBe("number");
    expect(new Date(String(line?.time)).toISOString()).toBe(line?.time);
    expect(server.logLines().filter((l) => l.requestId === requestId)).toHaveLength(1);
    // Query strings may carry e-mail addresses and tokens: never in the log.
    expect(server.output()).not.toContain("s3cret");
    expect(server.output()).not.toContain("someone");

    // Behind a trusted proxy the proxy's id is kept, so one id follows the request end to end.
    const proxied = await fetch(`${server.url}/no-such-page`, { headers: { "x-request-id": "edge-7f3a.1" } });
    expect(proxied.status).toBe(404);
    expect(proxied.headers.get("x-request-id")).toBe("edge-7f3a.1");
    expect(await waitForLogLine(server, (l) => l.requestId === "edge-7f3a.1")).toMatchObject({
      msg: "request",
      path: "/no-such-page",
      status: 404,
    });
    // An id that could forge log content is replaced, not echoed.
    const forged = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": 'x" injected' } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // The log is structured: every line on stdout is one JSON object with a time, level and message.
    const stdoutLines = server.stdout().split("\n").filter(Boolean);
    expect(stdoutLines.length).toBeGreaterThan(3);
    for (const text of stdoutLines) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(parsed).slice(0, 3)).toEqual(["time", "level", "msg"]);
    }
  });

  test("a malformed address is the client's mistake (400), logged with its request id, never a stack trace", async () => {
    const response = await fetch(`${server.url}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const requestId = response.headers.get("x-request-id") ?? "";
    const body = await response.text();
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(body).toContain("<h1>This address is not valid</h1><p>Please check it and try again.</p>");
    expect(body).toContain('<a href="/">Go to the home page</a>');
    for (const leak of leaks) expect(body).not.toMatch(leak);
    expect(
      await waitForLogLine(server, (l) => l.requestId === requestId && l.msg === "request"),
    ).toMatchObject({
      status: 400,
    });
    expect(server.logLines().find((l) => l.requestId === requestId && l.msg === "bad request")).toMatchObject(
      {
        level: "warn",
        status: 400,
      },
    );
  });

  test("the footer shows the operator's entity, registration, contact address and configured social links", async ({
    page,
  }) => {
    test.slow(); // a browser page and its axe scan on a shared, busy machine
    await page.goto(`${server.url}/about`);
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText("Coinlens is operated by Lensworks Research Ltd, registration HRB 123456."),
    ).toBeVisible();
    await expect(footer.getByText(/regulated by/)).toHaveCount(0);
    await expect(
      footer.getByText(/^© 2024(–\d{4})? Lensworks Research Ltd\. All rights reserved\.$/),
    ).toBeVisible();
    await expect(footer.getByRole("link", { name: "hello@lensworks.example" })).toHaveAttribute(
      "href",
      "mailto:hello@lensworks.example",
    );

    // Only the configured networks, each opening in a new tab without handing over the window.
    const social = footer.getByRole("list", { name: "Social media" });
    await expect(social.getByRole("link")).toHaveCount(2);
    for (const [name, href] of [
      ["Coinlens on X (opens in a new tab)", "https://x.com/lensworks"],
      ["Coinlens on Telegram (opens in a new tab)", "https://t.me/lensworks"],
    ] as const) {
      const link = social.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer.getByRole("link", { name: /YouTube|Instagram/ })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});

test.describe("with no operator settings", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Explicitly empty, so a developer's shell cannot make this pass or fail.
    server = startServer(await freePort(), {
      DATA_DIR: path.join(dir, "plain"),
      TRUST_PROXY: "false",
      BRAND_LEGAL_ENTITY: "",
      BRAND_REGISTRATION: "",
      BRAND_REGULATOR: "",
      BRAND_CONTACT_EMAIL: "",
      SOCIAL_X_URL: "",
      SOCIAL_TELEGRAM_URL: "",
      SOCIAL_YOUTUBE_URL: "",
      SOCIAL_INSTAGRAM_URL: "",
    });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test("a test server listens only on this machine unless HOST is set", async () => {
    expect(server.logLines().find((l) => l.msg === "listening")).toMatchObject({ host: "127.0.0.1" });
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    // Through this machine's network address, nothing answers.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === "IPv4")?.address;
    test.skip(!external, "this machine has no network address besides loopback");
    await expect(fetch(`http://${external}:${server.port}/healthz`)).rejects.toThrow();
    // Without a trusted proxy a forwarded address changes nothing: the socket's loopback address counts.
    const outbox = await fetch(`${server.url}/dev/outbox`, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(outbox.status).toBe(200);
  });

  test("without a trusted proxy a forwarded https header does not turn HSTS on", async () => {
    const response = await fetch(`${server.url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  test("the footer claims no entity, registration, contact address or social accounts", async ({ page }) => {
    test.slow(); // a browser page and its axe scan on a shared, busy machine
    await page.goto(`${server.url}/about`);
    const footer = page.getByRole("contentinfo");
    // What always stays: the warnings, the legal documents and a copyright in the brand's name.
    await expect(footer.getByText("Risk warning:")).toBeVisible();
    await expect(footer.getByText("Not financial advice:")).toBeVisible();
    await expect(footer.getByText(/^© 2024(–\d{4})? Coinlens\. All rights reserved\.$/)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toBeVisible();

    const text = (await footer.textContent()) ?? "";
    for (const claim of [/operated by/i, /registration/i, /regulated by/i, /licen[cs]ed/i, /@/]) {
      expect(text).not.toMatch(claim);
    }
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await expect(footer.locator('a[target="_blank"]')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});

test.describe("limits on live-price streams", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = startServer(await freePort(), {
      DATA_DIR: path.join(dir, "streams"),
      TRUST_PROXY: "true",
      QUOTE_STREAMS_PER_CLIENT: "2",
      QUOTE_STREAMS_TOTAL: "3",
    });
    await waitForReady(server);
  });
  test.afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  interface Stream {
    status: number;
    retryAfter?: string;
    /** The refusal's JSON body; an accepted stream resolves at its first event, body unread. */
    body?: unknown;
    /** Closes the connection, as a browser does when a tab closes. */
    close(): void;
  }

  /**
   * Opens /api/stream/quotes as a browser at `ip` behind our proxy, on a connection of its own.
   * node:http, not fetch: aborting a fetch of an event stream leaves its socket open for seconds.
   */
  function openStream(ip: string): Promise<Stream> {
    return new Promise((resolve, reject) => {
      const request = httpGet(
        `${server.url}/api/stream/quotes`,
        { agent: false, headers: { "x-forwarded-for": ip, accept: "text/event-stream" } },
        (response) => {
          const close = () => request.destroy();
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
            if (response.statusCode === 200 && text.includes("event: quotes"))
              resolve({ status: 200, close });
          });
          response.on("end", () => {
            if (response.statusCode === 200) return; // an accepted stream that ended: resolved already
            const retryAfter = response.headers["retry-after"];
            resolve({
              status: response.statusCode ?? 0,
              retryAfter,
              body: JSON.parse(text || "null"),
              close,
            });
          });
        },
      );
      request.on("error", reject);
    });
  }

  /** Opens streams from `ips` until all are accepted (a closed stream's place frees when the server sees the socket close). */
  async function openAccepted(ips: string[]): Promise<Stream[]> {
    let streams: Stream[] = [];
    await expect
      .poll(
        async () => {
          for (const s of streams) s.close();
          streams = [];
          for (const ip of ips) streams.push(await openStream(ip));
          return streams.map((s) => s.status);
        },
        { timeout: 5_000 },
      )
      .toEqual(ips.map(() => 200));
    return streams;
  }

  test("a third stream from one address gets 429 and the limit is logged; a closed tab frees its place", async () => {
    const [first, second] = await openAccepted(["203.0.113.7", "203.0.113.7"]);

    const third = await openStream("203.0.113.7");
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe("30");
    expect(third.body).toEqual({
      error: "Too many live price streams are open from your address. Close a tab or try again later.",
    });
    expect(await waitForLogLine(server, (l) => l.msg === "quote stream refused")).toMatchObject({
      level: "warn",
      limit: "per-client",
      open: 2,
      max: 2,
    });
    // The log says which limit and how many, never who.
    expect(server.output()).not.toContain("203.0.113.7");

    // Another address is not affected.
    const other = await openStream("198.51.100.9");
    expect(other.status).toBe(200);

    // The browser closes a stream: the server sees the socket close and frees the place.
    second?.close();
    const [again] = await openAccepted(["203.0.113.7"]);
    for (const s of [first, other, again]) s?.close();
  });

  test("beyond the server's total, every address gets 429; the page keeps its server-rendered prices", async ({
    page,
  }) => {
    const held = await openAccepted(["198.51.100.1", "198.51.100.2", "198.51.100.3"]);

    const refused = await openStream("198.51.100.4");
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("30");
    expect(refused.body).toEqual({
      error: "Too many live price streams are open on this server. Please try again later.",
    });
    expect(
      await waitForLogLine(server, (l) => l.msg === "quote stream refused" && l.limit === "total"),
    ).toMatchObject({ level: "warn", open: 3, max: 3 });

    // A visitor's page still shows the prices the server rendered; only the live updates wait.
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/stream/quotes"));
    await page.goto(`${server.url}/about`);
    expect((await stream).status()).toBe(429);
    await expect(page.getByTestId("ticker-price-BTC").first()).toHaveText(/^\$[\d,]+\.\d{2}$/);

    for (const s of held) s.close();
  });
});

test.describe("when the database goes away", () => {
  test.describe.configure({ timeout: 150_000 });
  // CI always sets TEST_DATABASE_URL (.ci/run does when PostgreSQL answers). PGlite lives inside
  // the process, so only a database server can be taken away from a running app.
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL");

  test("/readyz answers 503 and pages show the 500 page without internals; both recover", async ({
    page,
  }) => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    const name = `coinlens_platform_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const relayPort = await freePort();
    const relay = databaseRelay(relayPort, { host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    const appUrl = new URL(url.toString());
    appUrl.hostname = "127.0.0.1";
    appUrl.port = String(relayPort);
    appUrl.pathname = `/${name}`;
    const server = startServer(await freePort(), { DATABASE_URL: appUrl.toString(), LOG_LEVEL: "info" });
    try {
      await waitForReady(server, 120_000);
      expect((await fetch(`${server.url}/`)).status).toBe(200);

      await relay.cut();

      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
      // The process itself is fine: a load balancer keeps it and stops sending traffic.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      // A page that needs the database: the friendly 500 page, with no stack trace or internals.
      const failed = await fetch(`${server.url}/`);
      expect(failed.status).toBe(500);
      const requestId = failed.headers.get("x-request-id") ?? "";
      expect(failed.headers.get("content-type")).toContain("text/html");
      const html = await failed.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Your money and data are safe");
      for (const leak of leaks) expect(html).not.toMatch(leak);
      // The failure is in the log, as JSON, for the operator (not on the page).
      expect(
        await waitForLogLine(server, (l) => l.requestId === requestId && l.msg === "request"),
      ).toMatchObject({ status: 500 });
      // …with the same request id, so the operator finds the cause of the member's 500.
      expect(
        server.logLines().find((l) => l.requestId === requestId && l.level === "error"),
        "an error log line with the response's request id",
      ).toMatchObject({ msg: "server error", path: "/" });

      // In the browser: the same page, readable and accessible.
      const response = await page.goto(`${server.url}/about`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
      await expect(page.getByText("500", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
      const body = (await page.locator("body").textContent()) ?? "";
      for (const leak of leaks) expect(body).not.toMatch(leak);
      await expectNoA11yViolations(page);

      // The database comes back: the same process is ready again without a restart.
      await relay.open();
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 15_000 })
        .toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
      await relay.cut().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
