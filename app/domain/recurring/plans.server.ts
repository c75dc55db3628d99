// A member's recurring buys (ADR 0076): create, pause, resume, edit, cancel, and the list with each
// plan's runs. Every change is one conditional update on the member's own plan, so a plan someone
// else owns is "not found" and a double click changes it once.
import { and, desc, eq, inArray, lte, max, sql } from "drizzle-orm";
import { recurringBuyRuns, recurringBuys } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import type { Ledger } from "../ledger/types.ts";
import {
  addDays,
  type BuyAsset,
  firstRunOnOrAfter,
  isFinished,
  type PlanInput,
  recurringMessages,
} from "./rules.ts";
import type { PlanStatus, PlanView } from "./views.ts";

export type { PlanStatus, PlanView } from "./views.ts";

type Result = { ok: true } | { ok: false; message: string };

export async function createPlan(
  db: Db,
  member: { userId: string; ledger: Ledger },
  plan: PlanInput,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(recurringBuys)
    .values({
      userId: member.userId,
      ledger: member.ledger,
      asset: plan.asset,
      payAsset: plan.payAsset,
      amount: plan.amountMinor,
      frequency: plan.schedule.frequency,
      runDay: plan.schedule.runDay,
      nextRunOn: plan.firstRunOn,
      endOn: plan.endOn,
      maxRuns: plan.maxRuns,
    })
    .returning({ id: recurringBuys.id });
  if (!row) throw new Error("recurring buy insert returned nothing");
  return { id: row.id.toString() };
}

function planId(id: string): bigint | undefined {
  return /^\d{1,18}$/.test(id) ? BigInt(id) : undefined;
}

const own = (userId: string, id: bigint) => and(eq(recurringBuys.id, id), eq(recurringBuys.userId, userId));

/** The member's plans, newest first, each with its last runs (newest first). */
export async function listPlans(db: Db, userId: string, runsPerPlan = 12): Promise<PlanView[]> {
  const plans = await db
    .select()
    .from(recurringBuys)
    .where(eq(recurringBuys.userId, userId))
    .orderBy(desc(recurringBuys.id));
  if (plans.length === 0) return [];
  // Only the last `runsPerPlan` runs of each plan are read: a daily plan adds 365 runs a year.
  const ranked = db
    .select({
      planId: recurringBuyRuns.planId,
      runOn: recurringBuyRuns.runOn,
      status: recurringBuyRuns.status,
      paid: recurringBuyRuns.paid,
      received: recurringBuyRuns.received,
      reason: recurringBuyRuns.reason,
      rank: sql<number>`row_number() over (partition by ${recurringBuyRuns.planId} order by ${recurringBuyRuns.runOn} desc)`.as(
        "rank",
      ),
    })
    .from(recurringBuyRuns)
    .where(
      inArray(
        recurringBuyRuns.planId,
        plans.map((p) => p.id),
      ),
    )
    .as("ranked");
  const runs = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, runsPerPlan))
    .orderBy(desc(ranked.runOn));
  return plans.map((p) => ({
    id: p.id.toString(),
    ledger: p.ledger,
    asset: p.asset as BuyAsset,
    payAsset: p.payAsset,
    amountMinor: p.amount.toString(),
    frequency: p.frequency,
    runDay: p.runDay,
    nextRunOn: p.nextRunOn,
    endOn: p.endOn,
    maxRuns: p.maxRuns,
    runsDone: p.runsDone,
    status: p.status,
    runs: runs
      .filter((r) => r.planId === p.id)
      .map((r) => ({
        runOn: r.runOn,
        status: r.status,
        paid: r.paid?.toString() ?? null,
        received: r.received?.toString() ?? null,
        reason: r.reason,
      })),
  }));
}

/** What an edit keeps: the coin and the pay asset (an edit changes the amount, schedule and end). */
export async function planAssets(db: Db, userId: string, id: string) {
  const key = planId(id);
  if (key === undefined) return undefined;
  const [row] = await db
    .select({ asset: recurringBuys.asset, payAsset: recurringBuys.payAsset })
    .from(recurringBuys)
    .where(own(userId, key));
  return row;
}

export async function pausePlan(db: Db, userId: string, id: string): Promise<Result> {
  const key = planId(id);
  if (key === undefined) return { ok: false, message: recurringMessages.notFound };
  const rows = await db
    .update(recurringBuys)
    .set({ status: "paused", updatedAt: sql`now()` })
    .where(and(own(userId, key), eq(recurringBuys.status, "active")))
    .returning({ id: recurringBuys.id });
  if (rows.length > 0) return { ok: true };
  return explain(db, userId, key, "paused", recurringMessages.notActive);
}

/**
 * Resumes a paused plan from its first scheduled date on or after today and after its last run:
 * days missed while paused are not bought, and a date that already ran never runs again.
 */
export async function resumePlan(db: Db, userId: string, id: string, today: string): Promise<Result> {
  const key = planId(id);
  if (key === undefined) return { ok: false, message: recurringMessages.notFound };
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(recurringBuys).where(own(userId, key)).for("update");
    if (!plan) return { ok: false as const, message: recurringMessages.notFound };
    if (plan.status === "active") return { ok: true as const };
    if (plan.status !== "paused") return { ok: false as const, message: recurringMessages.notPaused };
    const [last] = await tx
      .select({ runOn: max(recurringBuyRuns.runOn) })
      .from(recurringBuyRuns)
      .where(eq(recurringBuyRuns.planId, key));
    const after = last?.runOn ? addDays(last.runOn, 1) : today;
    const nextRunOn = firstRunOnOrAfter(plan, after > today ? after : today);
    const status = isFinished(plan, nextRunOn) ? "finished" : "active";
    await tx
      .update(recurringBuys)
      .set({ status, nextRunOn, updatedAt: sql`now()` })
      .where(eq(recurringBuys.id, key));
    return { ok: true as const };
  });
}

export async function cancelPlan(db: Db, userId: string, id: string): Promise<Result> {
  const key = planId(id);
  if (key === undefined) return { ok: false, message: recurringMessages.notFound };
  const rows = await db
    .update(recurringBuys)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(own(userId, key), inArray(recurringBuys.status, ["active", "paused"])))
    .returning({ id: recurringBuys.id });
  if (rows.length > 0) return { ok: true };
  return explain(db, userId, key, "cancelled", recurringMessages.ended);
}

/**
 * Changes the amount, schedule and end of a plan still running (active or paused). The next date
 * is recomputed from today and after its last run, so an edit never makes a date run twice.
 */
export async function editPlan(
  db: Db,
  userId: string,
  id: string,
  plan: Omit<PlanInput, "asset" | "payAsset" | "firstRunOn">,
  today: string,
): Promise<Result> {
  const key = planId(id);
  if (key === undefined) return { ok: false, message: recurringMessages.notFound };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(recurringBuys).where(own(userId, key)).for("update");
    if (!row) return { ok: false as const, message: recurringMessages.notFound };
    if (row.status !== "active" && row.status !== "paused")
      return { ok: false as const, message: recurringMessages.ended };
    const [last] = await tx
      .select({ runOn: max(recurringBuyRuns.runOn) })
      .from(recurringBuyRuns)
      .where(eq(recurringBuyRuns.planId, key));
    const after = last?.runOn ? addDays(last.runOn, 1) : today;
    const nextRunOn = firstRunOnOrAfter(plan.schedule, after > today ? after : today);
    const finished = isFinished(
      { endOn: plan.endOn, maxRuns: plan.maxRuns, runsDone: row.runsDone },
      nextRunOn,
    );
    await tx
      .update(recurringBuys)
      .set({
        amount: plan.amountMinor,
        frequency: plan.schedule.frequency,
        runDay: plan.schedule.runDay,
        endOn: plan.endOn,
        maxRuns: plan.maxRuns,
        nextRunOn,
        status: finished ? "finished" : row.status,
        updatedAt: sql`now()`,
      })
      .where(eq(recurringBuys.id, key));
    return { ok: true as const };
  });
}

/** After a refused change: already in the wanted state is fine (a double click); else why not. */
async function explain(
  db: Db,
  userId: string,
  id: bigint,
  wanted: PlanStatus,
  message: string,
): Promise<Result> {
  const [row] = await db.select({ status: recurringBuys.status }).from(recurringBuys).where(own(userId, id));
  if (!row) return { ok: false, message: recurringMessages.notFound };
  return row.status === wanted ? { ok: true } : { ok: false, message };
}
