import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossSiteRefusal, trustProxySetting } from "./request-guards.ts";

// A real Express app on a free port, configured as server/main.ts configures its own.
function listen(trustProxy: boolean) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.use((req, res) => {
    res.json({ ip: req.ip, refused: crossSiteRefusal(req) });
  });
  const server = app.listen(0, "127.0.0.1");
  return {
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

describe("TRUST_PROXY: one trusted hop", () => {
  const proxied = listen(true);
  const direct = listen(false);
  beforeAll(async () => {
    await Promise.all(
      [proxied, direct].map((s) =>
        s.server.listening ? undefined : new Promise((r) => s.server.once("listening", r)),
      ),
    );
  });
  afterAll(() => {
    proxied.server.close();
    direct.server.close();
  });

  it("takes the address our proxy appended, not one the client wrote before it", async () => {
    // The client sent "X-Forwarded-For: 203.0.113.7"; our proxy appended the address it saw.
    const answer = await fetch(proxied.url(), {
      headers: { "x-forwarded-for": "203.0.113.7, 198.51.100.2" },
    });
    expect(((await answer.json()) as { ip: string }).ip).toBe("198.51.100.2");
  });

  it("ignores X-Forwarded-For entirely without a trusted proxy", async () => {
    const answer = await fetch(direct.url(), { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(((await answer.json()) as { ip: string }).ip).toBe("127.0.0.1");
  });

  it("refuses unsafe requests from another site, and only those", async () => {
    const refused = async (init: RequestInit) =>
      ((await (await fetch(direct.url(), init)).json()) as { refused: string | null }).refused;
    const self = direct.url();
    expect(await refused({ method: "POST", headers: { origin: "https://evil.example" } })).toBe(
      "foreign origin",
    );
    expect(
      await refused({ method: "POST", headers: { origin: self.replace("127.0.0.1", "localhost") } }),
    ).toBe("foreign origin");
    expect(await refused({ method: "POST", headers: { origin: "null" } })).toBe("opaque origin");
    expect(await refused({ method: "POST", headers: { origin: "not a url" } })).toBe("malformed origin");
    expect(await refused({ method: "POST", headers: { "sec-fetch-site": "cross-site" } })).toBe("cross-site");
    expect(await refused({ method: "DELETE", headers: { origin: "https://evil.example" } })).toBe(
      "foreign origin",
    );
    // The site's own pages, tools without an Origin, and reads pass.
    expect(
      await refused({ method: "POST", headers: { origin: self, "sec-fetch-site": "same-origin" } }),
    ).toBeNull();
    expect(await refused({ method: "POST" })).toBeNull();
    expect(await refused({ method: "GET", headers: { origin: "https://evil.example" } })).toBeNull();
  });

  it("behind the proxy, compares with the public host the proxy forwarded", async () => {
    const answer = await fetch(proxied.url(), {
      method: "POST",
      headers: {
        origin: "https://coinlens.example",
        "x-forwarded-host": "coinlens.example",
        "x-forwarded-proto": "https",
      },
    });
    expect(((await answer.json()) as { refused: string | null }).refused).toBeNull();
  });
});
