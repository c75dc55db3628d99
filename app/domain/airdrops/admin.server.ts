// Staff curate airdrops (manage:airdrop:any, ADR 0085): create and edit one with its tasks. Editing
// keeps a task's row (and so every member's tick) while its position stays; removed rows go with
// their ticks. Every change is audited.
import { randomUUID } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import { airdrops, airdropTasks } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { recordAdminAudit } from "../payments/admin-audit.server.ts";
import { type AirdropView, listAirdrops, tasksOf } from "./airdrops.server.ts";
import { type AirdropStatus, parseAirdropForm, type ValidAirdrop } from "./rules.ts";

/** Admin-made ids are UUIDs; sample ids are fixed words. Anything else is no airdrop. */
const ID_PATTERN = /^[a-z0-9-]{1,64}$/;
export const isAirdropId = (value: string | undefined): value is string =>
  typeof value === "string" && ID_PATTERN.test(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key a new-airdrop form is rendered with (its airdrop's id once saved). */
export const newAirdropKey = () => randomUUID();

export interface AdminAirdrop extends AirdropView {
  storedStatus: AirdropStatus;
  tasks: { id: string; title: string; url: string | null }[];
}

export async function adminAirdropList(db: Db, now = new Date()) {
  return listAirdrops(db, now);
}

export async function adminAirdrop(db: Db, id: string, now = new Date()): Promise<AdminAirdrop | null> {
  if (!isAirdropId(id)) return null;
  const [row] = await db.select().from(airdrops).where(eq(airdrops.id, id));
  if (!row) return null;
  const view = (await listAirdrops(db, now)).find((a) => a.id === id);
  if (!view) return null;
  return {
    ...view,
    storedStatus: row.status as AirdropStatus,
    tasks: (await tasksOf(db, [id])).get(id) ?? [],
  };
}

export interface Staff {
  adminId: string;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export type SaveAirdropResult =
  | { ok: true; id: string }
  | { ok: false; errors: Record<string, string | undefined> };

async function writeTasks(tx: Db, airdropId: string, tasks: ValidAirdrop["tasks"]) {
  for (const [position, task] of tasks.entries()) {
    await tx
      .insert(airdropTasks)
      .values({ airdropId, position, title: task.title, url: task.url })
      .onConflictDoUpdate({
        target: [airdropTasks.airdropId, airdropTasks.position],
        set: { title: task.title, url: task.url },
      });
  }
  await tx
    .delete(airdropTasks)
    .where(and(eq(airdropTasks.airdropId, airdropId), gte(airdropTasks.position, tasks.length)));
}

/**
 * Creates (id undefined) or updates an airdrop from the admin form's values. Bad input changes
 * nothing and answers a message per field; an unknown id answers null (the page's 404). A new
 * airdrop's id is the key the form was rendered with (`values.key`), so a double submit or a
 * retried post creates one airdrop: the second answers the first.
 */
export async function saveAirdrop(
  db: Db,
  staff: Staff,
  input: { id?: string; values: Record<string, string>; now?: Date },
): Promise<SaveAirdropResult | null> {
  const now = input.now ?? new Date();
  const parsed = parseAirdropForm(input.values, now);
  if (input.id !== undefined && !isAirdropId(input.id)) return null;
  if (!parsed.ok) return parsed;
  const a = parsed.airdrop;
  const fields = {
    project: a.project,
    chain: a.chain,
    status: a.status,
    deadline: a.deadline,
    reward: a.reward,
    requirements: a.requirements,
    url: a.url,
    riskNotes: a.riskNotes,
    estimatedValue: a.estimatedValue,
    estimatedValueSource: a.estimatedValueSource,
    updatedAt: now,
  };
  return withTx(db, async (tx) => {
    let id = input.id;
    if (id === undefined) {
      const key = input.values.key ?? "";
      id = UUID.test(key) ? key : randomUUID();
      const created = await tx
        .insert(airdrops)
        .values({ id, ...fields })
        .onConflictDoNothing()
        .returning({ id: airdrops.id });
      if (created.length === 0) return { ok: true as const, id };
    } else {
      const updated = await tx
        .update(airdrops)
        .set(fields)
        .where(eq(airdrops.id, id))
        .returning({ id: airdrops.id });
      if (updated.length === 0) return null;
    }
    await writeTasks(tx, id, a.tasks);
    await recordAdminAudit(tx, {
      adminId: staff.adminId,
      event: input.id === undefined ? "admin-airdrop-created" : "admin-airdrop-updated",
      detail: { airdropId: id, project: a.project, status: a.status, tasks: a.tasks.length },
      ip: staff.ip,
      userAgent: staff.userAgent,
    });
    return { ok: true as const, id };
  });
}

/** A saved airdrop as the admin form's strings (deadline as a UTC datetime-local value). */
export function airdropFormValues(airdrop: AdminAirdrop): Record<string, string> {
  const values: Record<string, string> = {
    project: airdrop.project,
    chain: airdrop.chain,
    status: airdrop.storedStatus,
    deadline: airdrop.deadline ? airdrop.deadline.slice(0, 16) : "",
    reward: airdrop.reward,
    requirements: airdrop.requirements,
    url: airdrop.url,
    riskNotes: airdrop.riskNotes,
    estimatedValue: airdrop.estimatedValue ?? "",
    estimatedValueSource: airdrop.estimatedValueSource ?? "",
  };
  airdrop.tasks.forEach((task, i) => {
    values[`task-${i}-title`] = task.title;
    values[`task-${i}-url`] = task.url ?? "";
  });
  return values;
}
