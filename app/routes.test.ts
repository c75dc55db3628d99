import { describe, expect, it } from "vitest";
import { testRoutes } from "./routes.ts";

// The test-only endpoints are part of the browser tests' build only (APP_ENV=test at build time).
describe("test-only routes", () => {
  it("are registered under APP_ENV=test and absent from every other build", () => {
    expect(testRoutes("test").map((r) => r.path)).toEqual([
      "api/test/trade",
      "api/test/recurring",
      "api/test/history",
      "api/test/staff",
      "api/test/market/price",
      "api/test/membership",
      "api/test/reserves",
      "api/test/leaderboard",
    ]);
    for (const env of [undefined, "development", "production", "TEST", ""])
      expect(testRoutes(env)).toEqual([]);
  });
});
