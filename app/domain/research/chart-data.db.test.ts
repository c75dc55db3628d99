import { describe, expect, it } from "vitest";
import { researchImages } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember, setPrices } from "../../../tests/membership.ts";
import { saveDailyBars } from "../market-data/cache-writes.server.ts";
import { chartKey } from "./chart.ts";
import { loadCharts } from "./chart-data.server.ts";
import { getResearchImage, imageIdFromParam } from "./images.server.ts";

// What the chart shortcode draws comes from our market data: the quote cache's hourly week and the
// daily closes we keep; an asset we do not track has no series. And what the image address serves.
const t = setupTestDatabase();

describe("chart data", () => {
  it("7 days are the quote cache's hourly prices; longer ranges the daily closes, then the last week", async () => {
    const now = new Date("2026-11-26T12:00:00Z");
    await setPrices(t.db, now);
    await saveDailyBars(
      t.db,
      "coin",
      [
        {
          symbol: "BTC",
          bars: [
            { day: "2026-08-01", open: null, high: null, low: null, close: "50000", volume: null },
            { day: "2026-11-01", open: null, high: null, low: null, close: "90000", volume: null },
            { day: "2026-11-02", open: null, high: null, low: null, close: "91000", volume: null },
          ],
        },
      ],
      "sample",
    );
    const charts = await loadCharts(t.db, "{{chart BTC 7d}}\n\n{{chart BTC 90d}}\n\n{{chart DOGE 30d}}", now);
    const week = charts.get(chartKey("BTC", "7d"));
    expect(week?.resolution).toBe("hourly");
    expect(week?.points).toHaveLength(168);
    expect(week?.points.at(-1)?.at).toBe(now.toISOString());
    expect(week?.sample).toBe(true);

    const quarter = charts.get(chartKey("BTC", "90d"));
    // 1 August is outside 90 days; 1 and 2 November are daily closes; then one price a day for a week.
    expect(quarter?.points.slice(0, 2)).toEqual([
      { at: "2026-11-01T00:00:00.000Z", priceUsd: 90000 },
      { at: "2026-11-02T00:00:00.000Z", priceUsd: 91000 },
    ]);
    expect(quarter?.points).toHaveLength(2 + 7);
    expect(quarter?.points.at(-1)).toEqual(week?.points.at(-1));
    expect(charts.get(chartKey("DOGE", "30d"))).toBeNull();
  });
});

describe("research images", () => {
  it("serves raster images by id, never another type, and reads the id from the address", async () => {
    const uploader = await addMember(t.db, "uploader");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    await t.db.insert(researchImages).values([
      { id: "a".repeat(64), uploaderId: uploader, contentType: "image/png", bytes: png, size: 4 },
      { id: "b".repeat(64), uploaderId: uploader, contentType: "image/svg+xml", bytes: png, size: 4 },
    ]);
    const image = await getResearchImage(t.db, "a".repeat(64));
    expect(image?.contentType).toBe("image/png");
    expect(image?.bytes.equals(png)).toBe(true);
    expect(await getResearchImage(t.db, "b".repeat(64))).toBeNull();
    expect(await getResearchImage(t.db, "c".repeat(64))).toBeNull();
    expect(imageIdFromParam(`${"a".repeat(64)}.png`)).toBe("a".repeat(64));
    expect(imageIdFromParam("x.svg")).toBeNull();
    expect(imageIdFromParam("../etc/passwd")).toBeNull();
  });
});
