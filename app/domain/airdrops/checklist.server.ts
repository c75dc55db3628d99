// A member's own airdrop checklist (ADR 0085): every read and write is scoped to the signed-in
// member, so one member's ticks never reach another's screen. A tick is a row (member, task):
// ticking twice adds nothing, unticking removes only the member's own.
import { and, eq, inArray, sql } from "drizzle-orm";
import { airdrops, airdropTasks, airdropTaskTicks } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { parseId } from "../forms.ts";
import { listAirdrops, tasksOf } from "./airdrops.server.ts";
import { type AirdropStatus, effectiveStatus, estimatedValueOf } from "./rules.ts";
import type { MemberAirdrop } from "./types.ts";

export type { MemberAirdrop };

export async function memberAirdropsView(db: Db, userId: string, now = new Date()): Promise<MemberAirdrop[]> {
  const list = await listAirdrops(db, now);
  const tasks = await tasksOf(
    db,
    list.map((a) => a.id),
  );
  const allTaskIds = [...tasks.values()].flat().map((t) => BigInt(t.id));
  const ticked = new Set<string>();
  if (allTaskIds.length > 0) {
    const rows = await db
      .select({ taskId: airdropTaskTicks.taskId })
      .from(airdropTaskTicks)
      .where(and(eq(airdropTaskTicks.userId, userId), inArray(airdropTaskTicks.taskId, allTaskIds)));
    for (const row of rows) ticked.add(row.taskId.toString());
  }
  return list.map(({ estimatedValue, estimatedValueSource, ...airdrop }) => {
    const checklist = (tasks.get(airdrop.id) ?? []).map((t) => ({ ...t, done: ticked.has(t.id) }));
    return {
      ...airdrop,
      estimate: estimatedValueOf(estimatedValue, estimatedValueSource),
      tasks: checklist,
      done: checklist.filter((t) => t.done).length,
    };
  });
}

export type TickResult = { ok: true; done: boolean } | { ok: false; status: 404 | 409; message: string };

export const tickMessages = Object.freeze({
  missing: "There is no such task.",
  ended: "This airdrop has ended: its checklist can no longer change.",
});

/**
 * Ticks (done) or unticks one task on the member's own checklist. An unknown or forged task id is
 * a 404, the same as a missing one; an ended airdrop's checklist is closed (409).
 */
export async function setTaskDone(
  db: Db,
  input: { userId: string; taskId: string; done: boolean; now?: Date },
): Promise<TickResult> {
  const now = input.now ?? new Date();
  const taskId = parseId(input.taskId);
  if (taskId === null) return { ok: false, status: 404, message: tickMessages.missing };
  const [task] = await db
    .select({ status: airdrops.status, deadline: airdrops.deadline })
    .from(airdropTasks)
    .innerJoin(airdrops, eq(airdrops.id, airdropTasks.airdropId))
    .where(eq(airdropTasks.id, taskId));
  if (!task) return { ok: false, status: 404, message: tickMessages.missing };
  if (effectiveStatus(task.status as AirdropStatus, task.deadline, now) === "ended")
    return { ok: false, status: 409, message: tickMessages.ended };
  if (input.done) {
    await db
      .insert(airdropTaskTicks)
      .values({ userId: input.userId, taskId, tickedAt: now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(airdropTaskTicks)
      .where(and(eq(airdropTaskTicks.userId, input.userId), eq(airdropTaskTicks.taskId, taskId)));
  }
  return { ok: true, done: input.done };
}

/** How many of an airdrop's tasks a member has ticked (for the reminder's words). */
export async function progressOf(db: Db, userId: string, airdropId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(${airdropTaskTicks.taskId})::int`,
    })
    .from(airdropTasks)
    .leftJoin(
      airdropTaskTicks,
      and(eq(airdropTaskTicks.taskId, airdropTasks.id), eq(airdropTaskTicks.userId, userId)),
    )
    .where(eq(airdropTasks.airdropId, airdropId));
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}
