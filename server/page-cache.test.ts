import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bypassReason, createPageCache, isCacheable, type PageCache, sendCachedPage } from "./page-cache.ts";

const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }, ...init });

/** A cache on a clock the test moves, whose renders the test counts and can hold back. */
function setup(renders: Array<() => Response | Promise<Response>>) {
  let clock = 1_000_000;
  let count = 0;
  const problems: unknown[] = [];
  const cache = createPageCache({
    ttlMs: 5_000,
    staleMs: 5_000,
    now: () => clock,
    render: async () => {
      const next = renders[Math.min(count, renders.length - 1)];
      count++;
      if (!next) throw new Error("no render");
      return next();
    },
    onRefreshProblem: (problem) => problems.push(problem),
  });
  return {
    cache,
    problems,
    renders: () => count,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const text = async (cache: PageCache) => {
  const found = await cache.lookup();
  return found ? `${found.result}:${found.page.body.toString()}` : "none";
};

describe("which requests may be answered from the cache", () => {
  const visitor = { method: "GET", url: "/", headers: {} };

  it("a visitor's GET or HEAD of / with no cookie, no credential and no query", () => {
    expect(bypassReason(visitor)).toBeUndefined();
    expect(bypassReason({ ...visitor, method: "HEAD" })).toBeUndefined();
  });

  it("never a request with any cookie at all, even an empty or a theme cookie", () => {
    expect(bypassReason({ ...visitor, headers: { cookie: "coinlens.session_token=abc" } })).toBe("cookie");
    expect(bypassReason({ ...visitor, headers: { cookie: "theme=dark" } })).toBe("cookie");
    expect(bypassReason({ ...visitor, headers: { cookie: "" } })).toBe("cookie");
  });

  it("never a request with an Authorization header", () => {
    expect(bypassReason({ ...visitor, headers: { authorization: "Bearer x" } })).toBe("authorization");
  });

  it("never a query string (the page changes with ?reported=, and variants would fill the cache)", () => {
    expect(bypassReason({ ...visitor, url: "/?reported=r1" })).toBe("query");
    expect(bypassReason({ ...visitor, url: "/?" })).toBe("query");
  });

  it("never another method", () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      expect(bypassReason({ ...visitor, method })).toBe("method");
    }
  });
});

describe("which responses may be kept", () => {
  it("only a 200 that sets no cookie and is not private", () => {
    expect(isCacheable(page("ok"))).toBe(true);
    expect(isCacheable(page("x", { status: 500 }))).toBe(false);
    expect(isCacheable(page("x", { status: 302 }))).toBe(false);
    expect(isCacheable(page("x", { headers: { "Set-Cookie": "a=b" } }))).toBe(false);
    expect(isCacheable(page("x", { headers: { "Cache-Control": "private, max-age=0" } }))).toBe(false);
    expect(isCacheable(page("x", { headers: { "Cache-Control": "no-store" } }))).toBe(false);
  });
});

describe("the micro-cache", () => {
  it("renders on the first request (MISS), then serves that page for the TTL (HIT)", async () => {
    const t = setup([() => page("one"), () => page("two")]);
    expect(await text(t.cache)).toBe("miss:one");
    t.advance(4_999);
    expect(await text(t.cache)).toBe("hit:one");
    expect(t.renders()).toBe(1);
  });

  it("after the TTL serves the stale page while exactly one refresh runs, then the new one", async () => {
    let release: (r: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const t = setup([() => page("one"), () => held]);
    await t.cache.lookup();
    t.advance(5_000);
    // Twenty visitors at once after expiry: all get the stale page at once, one render starts.
    const answers = await Promise.all(Array.from({ length: 20 }, () => text(t.cache)));
    expect(new Set(answers)).toEqual(new Set(["stale:one"]));
    expect(t.renders()).toBe(2);
    release(page("two"));
    // Until the refresh has stored its page, visitors still get the stale one; never a third render.
    // (Polled, not slept: a fixed sleep raced the body being read on a busy CI machine.)
    await vi.waitFor(async () => expect(await text(t.cache)).toBe("hit:two"), { timeout: 5000 });
    expect(t.renders()).toBe(2);
  });

  it("never serves a page older than TTL + stale window: such a request waits for a new render", async () => {
    const t = setup([() => page("one"), () => page("two")]);
    await t.cache.lookup();
    t.advance(10_000);
    expect(await text(t.cache)).toBe("miss:two");
  });

  it("visitors who arrive while the first render runs share it (no stampede on a cold cache)", async () => {
    const t = setup([async () => page("one")]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => text(t.cache)));
    expect(new Set(answers)).toEqual(new Set(["miss:one"]));
    expect(t.renders()).toBe(1);
  });

  it("does not keep a page that sets a cookie or is not a 200: the caller renders as usual", async () => {
    const t = setup([
      () => page("mine", { headers: { "Set-Cookie": "s=1" } }),
      () => page("x", { status: 500 }),
    ]);
    expect(await text(t.cache)).toBe("none");
    expect(await text(t.cache)).toBe("none");
    expect(t.problems).toEqual([
      { status: 200, setCookie: true },
      { status: 500, setCookie: false },
    ]);
  });

  it("keeps serving the stale page when a refresh fails, and reports the failure", async () => {
    const t = setup([() => page("one"), () => Promise.reject(new Error("database down"))]);
    await t.cache.lookup();
    t.advance(6_000);
    expect(await text(t.cache)).toBe("stale:one");
    await vi.waitFor(() => expect(t.problems).toHaveLength(1), { timeout: 5000 });
    expect(await text(t.cache)).toBe("stale:one");
    await vi.waitFor(() => expect(t.problems).toHaveLength(2), { timeout: 5000 });
    t.advance(5_000);
    expect(await text(t.cache)).toBe("none");
  });

  it("stores no header that belongs to one response: cookies, request id, CSP, length, encoding", async () => {
    const t = setup([
      () =>
        page("one", {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "X-Request-Id": "someone-else",
            "Content-Security-Policy": "script-src 'nonce-abc'",
            "Content-Length": "3",
            "X-Custom": "kept",
          },
        }),
    ]);
    const found = await t.cache.lookup();
    expect(Object.fromEntries(found?.page.headers ?? [])).toEqual({
      "content-type": "text/html; charset=utf-8",
      "x-custom": "kept",
    });
  });
});

describe("sending a cached page", () => {
  const app = express();
  const cache = createPageCache({ ttlMs: 5_000, staleMs: 5_000, render: async () => page("<p>hello</p>") });
  app.get("/", async (req, res) => {
    const found = await cache.lookup();
    if (found) sendCachedPage(req, res, found);
  });
  const server = app.listen(0, "127.0.0.1");
  afterAll(() => server.close());
  const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  it("sends gzip to a client that takes it, the plain bytes to one that does not, with X-Cache and Age", async () => {
    const plain = await fetch(url(), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("x-cache")).toMatch(/^(MISS|HIT)$/);
    expect(plain.headers.get("age")).toMatch(/^\d+$/);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("<p>hello</p>");
    const { request } = await import("node:http");
    const gz = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
      request(url(), { headers: { "accept-encoding": "gzip, br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).end();
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(gz.body).toString()).toBe("<p>hello</p>");
    expect(gz.headers["x-cache"]).toBe("HIT");
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await fetch(url(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");
  });
});
