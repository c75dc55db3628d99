import { describe, expect, it } from "vitest";
import { methodLabel, normalisePattern, routeLabel, statusClass } from "./route-label.ts";

describe("route labels come from a fixed set, never from the address", () => {
  it("uses the pattern React Router matched, whatever the address was", () => {
    expect(routeLabel({ pattern: "/research/:slug", path: "/research/anything-at-all", status: 200 })).toBe(
      "/research/:slug",
    );
    expect(routeLabel({ pattern: "research/:slug/", path: "/research/x/", status: 200 })).toBe(
      "/research/:slug",
    );
    expect(routeLabel({ pattern: "/", path: "/", status: 200 })).toBe("/");
  });

  it("names every address no route matched with the one not-found pattern", () => {
    const labels = new Set(
      ["/a", "/b/c", "/%64ev/outbox", `/${"x".repeat(500)}`].map((path) =>
        routeLabel({ pattern: "*", path, status: 404 }),
      ),
    );
    expect([...labels]).toEqual(["/*"]);
  });

  it("names what React Router never saw with a few fixed labels", () => {
    expect(routeLabel({ path: "/healthz", status: 200 })).toBe("/healthz");
    expect(routeLabel({ path: "/metrics", status: 200 })).toBe("/metrics");
    expect(routeLabel({ path: "/assets/entry.client-AbC123.js", status: 200 })).toBe("/assets/*");
    expect(routeLabel({ path: "/favicon.ico", status: 200 })).toBe("(static)");
    expect(routeLabel({ path: "/anything/else?token=secret", status: 403 })).toBe("(other)");
    expect(routeLabel({ path: "/metrics/../x", status: 400 })).toBe("(other)");
  });

  it("refuses a pattern that is not path syntax", () => {
    expect(normalisePattern("/a b")).toBe("(other)");
    expect(normalisePattern(`/${"a".repeat(300)}`)).toBe("(other)");
  });

  it("bounds the method and status labels too", () => {
    expect(methodLabel("get")).toBe("GET");
    expect(methodLabel("BREW")).toBe("OTHER");
    expect([200, 204, 302, 404, 500, 503, 999].map(statusClass)).toEqual([
      "2xx",
      "2xx",
      "3xx",
      "4xx",
      "5xx",
      "5xx",
      "other",
    ]);
  });
});
