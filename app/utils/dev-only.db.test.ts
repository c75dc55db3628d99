import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { productionEnv } from "../../tests/config.ts";
import { setupTestDatabase } from "../../tests/db.ts";
import { useDatabase } from "../db/db.server.ts";

// The development pages (/dev/outbox: e-mails with sign-in and reset links; /dev/chain: "pay" a
// deposit address; /dev/market: set a sample price by hand) exist outside production and answer only a browser on this machine. The
// browser tests' controls (/api/test/*: members, credits, staff roles, prices) exist only under
// APP_ENV=test, for clients on this machine. Everywhere else each answers 404, like an unknown
// address. Each call loads the route with a fresh configuration (config is cached per module).

const t = setupTestDatabase();

/** A production environment that passes the configuration's checks. */
const production = productionEnv;
const development = { APP_ENV: "development" };
const testing = { APP_ENV: "test" };

const loopbackAddresses = ["127.0.0.1", "127.0.0.9", "::1", "::ffff:127.0.0.1"];
const remoteAddresses = ["203.0.113.7", "192.168.1.20", "::ffff:10.0.0.5", "fe80::1", undefined];

type Kind = "loader" | "action";
type Answer = { status: number; body: string };

/** The route module for a path (only the routes this file checks). */
const modules: Record<string, string> = {
  "/dev/outbox": "../routes/dev/outbox.tsx",
  "/dev/chain": "../routes/dev/chain.tsx",
  "/dev/market": "../routes/dev/market.tsx",
  "/api/test/trade": "../routes/api/trade-test.ts",
  "/api/test/history": "../routes/api/history-test.ts",
  "/api/test/staff": "../routes/test/staff.ts",
  "/api/test/market/price": "../routes/api/market-test.ts",
};

async function call(
  env: Record<string, string>,
  pathname: string,
  kind: Kind,
  ip: string | undefined,
  init: RequestInit = {},
): Promise<Answer> {
  vi.unstubAllEnvs();
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { RouterContextProvider } = await import("react-router");
  const { requestContext } = await import("../context.server.ts");
  const route = (await import(/* @vite-ignore */ modules[pathname] ?? "")) as Record<
    Kind,
    (args: unknown) => Promise<unknown>
  >;
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: "test", nonce: "", ip });
  const request = new Request(`http://localhost:3000${pathname}`, init);
  try {
    const answer = await route[kind]({ request, params: {}, context });
    return answer instanceof Response
      ? { status: answer.status, body: await answer.text() }
      : { status: 200, body: JSON.stringify(answer) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    const init = (thrown as { init?: ResponseInit }).init;
    if (init?.status) return { status: init.status, body: JSON.stringify(thrown) };
    throw thrown;
  }
}

beforeAll(() => useDatabase(t.database));
afterAll(() => {
  useDatabase(undefined);
  vi.unstubAllEnvs();
});

const devPages = [
  { path: "/dev/outbox", kind: "loader" as const },
  { path: "/dev/chain", kind: "loader" as const },
  {
    path: "/dev/chain",
    kind: "action" as const,
    init: { method: "POST", body: new URLSearchParams({ intent: "mine", asset: "BTC", count: "1" }) },
  },
  { path: "/dev/market", kind: "loader" as const },
  {
    path: "/dev/market",
    kind: "action" as const,
    // Clearing hand-set prices when there are none: a real action that changes nothing.
    init: { method: "POST", body: new URLSearchParams({ intent: "clear-all" }) },
  },
];

describe("development pages (/dev/outbox, /dev/chain, /dev/market)", () => {
  test("answer a browser on this machine in development and test", async () => {
    for (const env of [development, testing]) {
      for (const ip of loopbackAddresses) {
        for (const page of devPages) {
          const answer = await call(env, page.path, page.kind, ip, page.init);
          expect(answer.status, `${env.APP_ENV} ${page.path} ${page.kind} from ${ip}`).toBe(200);
        }
      }
    }
  });

  test("are a 404 to any other address, as if they did not exist", async () => {
    for (const env of [development, testing]) {
      for (const ip of remoteAddresses) {
        for (const page of devPages) {
          const answer = await call(env, page.path, page.kind, ip, page.init);
          expect(answer, `${env.APP_ENV} ${page.path} ${page.kind} from ${ip}`).toEqual({
            status: 404,
            body: "Not Found",
          });
        }
      }
    }
  });

  test("are a 404 in production, even to this machine", async () => {
    for (const page of devPages) {
      expect(await call(production, page.path, page.kind, "127.0.0.1", page.init)).toEqual({
        status: 404,
        body: "Not Found",
      });
    }
  });
});

test("/dev/market is a 404 while market data is live, even to this machine in development", async () => {
  const live = { ...development, MARKET_DATA: "live" };
  for (const page of devPages.filter((p) => p.path === "/dev/market")) {
    expect(await call(live, page.path, page.kind, "127.0.0.1", page.init)).toEqual({
      status: 404,
      body: "Not Found",
    });
  }
});

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const testEndpoints = ["/api/test/trade", "/api/test/history", "/api/test/staff", "/api/test/market/price"];

describe("test endpoints (/api/test/*)", () => {
  test("exist under APP_ENV=test for a client on this machine (a malformed body: 400, nothing written)", async () => {
    for (const path of testEndpoints) {
      for (const ip of ["127.0.0.1", "::1"]) {
        const answer = await call(testing, path, "action", ip, post({ nonsense: true }));
        expect(answer.status, `${path} from ${ip}`).toBe(400);
      }
    }
  });

  test("are a 404 in development and production, and to another machine under APP_ENV=test", async () => {
    for (const path of testEndpoints) {
      for (const [env, ip] of [
        [development, "127.0.0.1"],
        [production, "127.0.0.1"],
        [testing, "203.0.113.7"],
        [testing, undefined],
      ] as const) {
        const label = `${path} ${env.APP_ENV} from ${ip}`;
        expect(await call(env, path, "action", ip, post({ nonsense: true })), label).toEqual({
          status: 404,
          body: "Not Found",
        });
        // No GET anywhere.
        expect(await call(env, path, "loader", ip), label).toEqual({ status: 404, body: "Not Found" });
      }
    }
  });
});
