import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentSession } from "~/domain/accounts/common.server.ts";
import { DEFAULT_DISPLAY_PREFS, parseDisplayPrefs } from "~/domain/portfolio/display-prefs.ts";
import { sessionContext } from "~/utils/auth.server.ts";
import { action } from "./account-display.ts";

// POST /account/display through the real action. The session comes from the request context
// (as the _app middleware leaves it), so no database is needed: the bug this guards against was
// in memory. A member without the cl_display cookie used to change the process's shared default,
// and every other member without the cookie then saw their balances hidden, or in euros.

process.env.APP_ENV = "test";

async function post(form: Record<string, string>, cookie?: string) {
  const context = new RouterContextProvider();
  context.set(sessionContext, { user: { id: "member-a" } } as unknown as CurrentSession);
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  const request = new Request("http://localhost:3000/account/display", {
    method: "POST",
    headers,
    body: new URLSearchParams({ via: "fetcher", ...form }),
  });
  const result = (await action({ request, context, params: {}, url: new URL(request.url) } as never)) as {
    data: { prefs?: unknown; error?: string };
    init: ResponseInit | null;
  };
  return { body: result.data, headers: new Headers(result.init?.headers) };
}

describe("POST /account/display", () => {
  it("one member without the cookie hides balances and picks EUR: the next member without it still gets USD, shown", async () => {
    const first = await post({ currency: "EUR", hidden: "true" });
    expect(first.body.prefs).toEqual({ currency: "EUR", hidden: true });
    expect(first.headers.get("set-cookie")).toMatch(/^cl_display=EUR\.h;/);

    const second = await post({ hidden: "false" });
    expect(second.body.prefs).toEqual({ currency: "USD", hidden: false });
    expect(parseDisplayPrefs(null)).toEqual({ currency: "USD", hidden: false });
    expect(parseDisplayPrefs("other=1")).toEqual({ currency: "USD", hidden: false });
    expect(DEFAULT_DISPLAY_PREFS).toEqual({ currency: "USD", hidden: false });
  });

  it("a member with the cookie changes one choice and keeps the other", async () => {
    const result = await post({ currency: "GBP" }, "cl_display=EUR.h");
    expect(result.body.prefs).toEqual({ currency: "GBP", hidden: true });
    expect(result.headers.get("set-cookie")).toMatch(/^cl_display=GBP\.h;/);
  });

  it("refuses an unknown currency or hidden value and sets no cookie", async () => {
    const currency = await post({ currency: "JPY" });
    expect(currency.body.error).toBe("Choose USD, EUR or GBP.");
    expect(currency.headers.get("set-cookie")).toBeNull();
    const hidden = await post({ hidden: "yes" });
    expect(hidden.body.error).toBe("Unknown request.");
    expect(parseDisplayPrefs(null)).toEqual({ currency: "USD", hidden: false });
  });

  it("a plain form post returns to the page it came from; a malformed Referer goes to the wallet, not a 500", async () => {
    const send = async (referer: string) => {
      const context = new RouterContextProvider();
      context.set(sessionContext, { user: { id: "member-a" } } as unknown as CurrentSession);
      const request = new Request("http://localhost:3000/account/display", {
        method: "POST",
        headers: { referer },
        body: new URLSearchParams({ hidden: "true" }),
      });
      return (await action({ request, context, params: {}, url: new URL(request.url) } as never)) as Response;
    };
    expect((await send("http://localhost:3000/dashboard")).headers.get("location")).toBe("/dashboard");
    expect((await send("not a url")).headers.get("location")).toBe("/wallet");
    expect((await send("http://localhost:3000/.//evil.example/x")).headers.get("location")).toBe("/wallet");
  });
});
