import { describe, expect, it } from "vitest";
import { action } from "./theme.ts";

// POST /theme through the real action: no session and no database, a cookie on the device.

process.env.APP_ENV = "test";

async function post(form: Record<string, string>, referer?: string) {
  const headers = new Headers();
  if (referer) headers.set("referer", referer);
  const request = new Request("http://localhost:3000/theme", {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
  });
  return (await action({ request, context: {}, params: {}, url: new URL(request.url) } as never)) as
    | Response
    | { data: { theme?: string; error?: string }; init: ResponseInit | null };
}

describe("POST /theme", () => {
  it("from the page's script: answers the choice and sets the cookie", async () => {
    const result = await post({ theme: "dark", via: "fetcher" });
    if (result instanceof Response) throw new Error("expected data");
    expect(result.data).toEqual({ theme: "dark" });
    expect(new Headers(result.init?.headers).get("set-cookie")).toMatch(/^cl_theme=dark;/);
  });

  it("as a plain form: back to the page it came from (a path on this site only)", async () => {
    const result = await post({ theme: "light" }, "http://localhost:3000/settings?tab=1");
    if (!(result instanceof Response)) throw new Error("expected a redirect");
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/settings?tab=1");
    expect(result.headers.get("set-cookie")).toMatch(/^cl_theme=light;/);
    const elsewhere = await post({ theme: "system" }, "not a url");
    if (!(elsewhere instanceof Response)) throw new Error("expected a redirect");
    expect(elsewhere.headers.get("location")).toBe("/settings");
    expect(elsewhere.headers.get("set-cookie")).toMatch(/^cl_theme=; .*Max-Age=0/);
  });

  it("refuses anything but system, light or dark", async () => {
    const result = await post({ theme: "purple", via: "fetcher" });
    if (result instanceof Response) throw new Error("expected data");
    expect(result.init?.status).toBe(400);
    expect(result.data.error).toBe("Choose System, Light or Dark.");
  });
});
