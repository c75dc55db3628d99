// The member's target allocation (portfolio_targets): their own rows only, keyed by their id.
// Saving writes the new shares and removes the assets no longer targeted, in one transaction.
import { and, asc, eq, notInArray } from "drizzle-orm";
import { portfolioTargets } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { systemClock } from "../accounts/clock.ts";
import { consume } from "../accounts/rate-limit.server.ts";
import { PORTFOLIO_TOOL_CHANGES_PER_MEMBER, TOO_MANY } from "../alerts/actions.server.ts";
import { fieldErrors, formText, formValues } from "../forms.ts";
import { type Asset, isAsset } from "../money/assets.ts";
import { type TargetAnswer, targetFormSchema, targetMessages } from "./targets.ts";

/** Basis points per asset the member targets (assets at 0 % are not stored). */
export async function listTargets(db: Db, userId: string): Promise<Partial<Record<Asset, number>>> {
  const rows = await db
    .select({ asset: portfolioTargets.asset, targetBps: portfolioTargets.targetBps })
    .from(portfolioTargets)
    .where(eq(portfolioTargets.userId, userId))
    .orderBy(asc(portfolioTargets.asset));
  const targets: Partial<Record<Asset, number>> = {};
  for (const r of rows) if (isAsset(r.asset)) targets[r.asset] = r.targetBps;
  return targets;
}

/** Replaces the member's targets with `bps` (validated: whole bp summing to 10,000). */
export async function saveTargets(db: Db, userId: string, bps: Partial<Record<Asset, number>>) {
  const entries = Object.entries(bps).filter(([, v]) => (v ?? 0) > 0) as [Asset, number][];
  const sum = entries.reduce((s, [, v]) => s + v, 0);
  if (sum !== 10_000) throw new RangeError(`targets sum to ${sum} bp, not 10,000`);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.delete(portfolioTargets).where(
      and(
        eq(portfolioTargets.userId, userId),
        notInArray(
          portfolioTargets.asset,
          entries.map(([asset]) => asset),
        ),
      ),
    );
    for (const [asset, targetBps] of entries)
      await tx
        .insert(portfolioTargets)
        .values({ userId, asset, targetBps, updatedAt: now })
        .onConflictDoUpdate({
          target: [portfolioTargets.userId, portfolioTargets.asset],
          set: { targetBps, updatedAt: now },
        });
  });
}

export async function clearTargets(db: Db, userId: string) {
  await db.delete(portfolioTargets).where(eq(portfolioTargets.userId, userId));
}

/** The insights page's form: "save" (validated, nothing changes on bad input) or "clear". */
export async function targetsAction(db: Db, userId: string, form: FormData): Promise<TargetAnswer> {
  const intent = formText(form.get("intent"));
  const decision = await consume(
    db,
    `portfolio-tools:${userId}`,
    PORTFOLIO_TOOL_CHANGES_PER_MEMBER,
    systemClock,
  );
  if (!decision.allowed) return { ok: false, intent, errors: { form: TOO_MANY } };
  if (intent === "clear") {
    await clearTargets(db, userId);
    return { ok: true, intent, message: targetMessages.cleared };
  }
  if (intent !== "save") return { ok: false, intent, errors: { form: "Unknown action." } };
  const values = formValues(form);
  const parsed = targetFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error), values };
  await saveTargets(db, userId, parsed.data);
  return { ok: true, intent, message: targetMessages.saved };
}
