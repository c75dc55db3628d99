// The desk's market direction (issue 18, ADR 0073): an analyst or admin sets the stance for a
// horizon with its rationale. Each one is a new row (history the database keeps), so the
// timeline shows every change; the latest per horizon is the current stance. Setting the same
// stance again is refused unless the rationale changed, so a double click adds nothing.
import { and, desc, eq } from "drizzle-orm";
import { marketStances } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { z } from "../zod.ts";

export const stanceMessages = Object.freeze({
  horizon: "Choose a horizon",
  stance: "Choose bullish, neutral or bearish",
  rationaleShort: "Explain the stance in at least 20 characters",
  rationaleLong: "Keep the rationale under 2,000 characters",
  unchanged: "That is already the desk's stance for this horizon, with the same rationale.",
});

export const stanceSchema = z.object({
  horizon: z.enum(["short", "medium", "long"], { message: stanceMessages.horizon }),
  stance: z.enum(["bullish", "neutral", "bearish"], { message: stanceMessages.stance }),
  rationale: z.string().trim().min(20, stanceMessages.rationaleShort).max(2000, stanceMessages.rationaleLong),
});

export type StanceResult =
  | { ok: true; id: string }
  | { ok: false; message: string; fields: Partial<Record<string, string>> };

export async function setStance(
  db: Db,
  input: { authorId: string; values: unknown; now?: Date },
): Promise<StanceResult> {
  const parsed = stanceSchema.safeParse(input.values);
  if (!parsed.success) {
    const fields: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return { ok: false, message: "Check the highlighted fields.", fields };
  }
  const v = parsed.data;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(marketStances)
      .where(and(eq(marketStances.horizon, v.horizon), eq(marketStances.sample, false)))
      .orderBy(desc(marketStances.setAt), desc(marketStances.id))
      .limit(1)
      .for("update");
    if (current && current.stance === v.stance && current.rationale === v.rationale) {
      return { ok: false as const, message: stanceMessages.unchanged, fields: {} };
    }
    const [row] = await tx
      .insert(marketStances)
      .values({
        horizon: v.horizon,
        stance: v.stance,
        rationale: v.rationale,
        authorId: input.authorId,
        setAt: input.now ?? new Date(),
      })
      .returning({ id: marketStances.id });
    return { ok: true as const, id: String(row?.id) };
  });
}
