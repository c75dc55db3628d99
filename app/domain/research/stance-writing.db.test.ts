import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { marketStances } from "../../../db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { setStance, stanceMessages } from "./stance-writing.server.ts";

const t = setupTestDatabase();

describe("market direction stances", () => {
  it("each change is a new row; the same stance again is refused; stances are never rewritten", async () => {
    const analyst = await addMember(t.db, "stance-analyst");
    const rationale = "Funding rates are flat and ETF inflows resumed this week.";
    expect(
      await setStance(t.db, {
        authorId: analyst,
        values: { horizon: "short", stance: "bullish", rationale: "too short" },
      }),
    ).toMatchObject({
      ok: false,
      fields: { rationale: stanceMessages.rationaleShort },
    });
    expect(
      await setStance(t.db, { authorId: analyst, values: { horizon: "week", stance: "up", rationale } }),
    ).toMatchObject({
      ok: false,
      fields: { horizon: stanceMessages.horizon, stance: stanceMessages.stance },
    });
    expect(
      await setStance(t.db, {
        authorId: analyst,
        values: { horizon: "short", stance: "bullish", rationale },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await setStance(t.db, {
        authorId: analyst,
        values: { horizon: "short", stance: "bullish", rationale },
      }),
    ).toMatchObject({
      ok: false,
      message: stanceMessages.unchanged,
    });
    expect(
      await setStance(t.db, {
        authorId: analyst,
        values: { horizon: "short", stance: "neutral", rationale: `${rationale} Volumes fell.` },
      }),
    ).toMatchObject({ ok: true });
    const rows = await t.db.select().from(marketStances);
    expect(rows.filter((r) => r.authorId === analyst).map((r) => r.stance)).toEqual(["bullish", "neutral"]);
    const refused = await t.db.execute(sql`update market_stances set stance = 'bearish'`).then(
      () => "changed",
      (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? "",
    );
    expect(refused).toContain("history");
  });
});
