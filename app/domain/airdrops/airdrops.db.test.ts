import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { listAirdrops, seedSampleAirdrops } from "./airdrops.server.ts";

const t = setupTestDatabase();

describe("airdrops", () => {
  it("seeds three sample rows once, labelled as samples, active before upcoming before ended", async () => {
    expect(await seedSampleAirdrops(t.db, new Date("2026-05-01T00:00:00Z"))).toBe(3);
    expect(await seedSampleAirdrops(t.db, new Date("2026-05-01T00:00:00Z"))).toBe(0);
    const list = await listAirdrops(t.db);
    expect(list.map((a) => a.status)).toEqual(["active", "upcoming", "ended"]);
    expect(list.every((a) => a.isSample && a.project.endsWith("(sample)"))).toBe(true);
    expect(list[0]?.deadline).toBe("2026-05-22T00:00:00.000Z");
  });
});
