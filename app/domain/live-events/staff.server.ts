// Live events, staff's side (ADR 0083): analysts and admins (manage:event:any) make, change and
// cancel events in the back office. Each change is audited; a cancellation e-mails every
// registered member in the same transaction; a new start time clears the reminders already sent,
// so the new time gets its own.
import { and, desc, eq, sql } from "drizzle-orm";
import { liveEventRegistrations, liveEvents, users } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type AuditContext, recordAudit } from "../accounts/audit.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import type { EventInput } from "./rules.ts";
import { eventMessages } from "./rules.ts";

export async function listEventsForStaff(db: Db) {
  return db.select().from(liveEvents).orderBy(desc(liveEvents.startsAt), desc(liveEvents.id)).limit(200);
}

export type StaffEventResult =
  | { ok: true; eventId: string }
  | { ok: false; field: keyof EventInput | "form" | "reason"; message: string };

export async function createEvent(
  db: Db,
  input: { staffId: string; event: EventInput; audit: AuditContext },
): Promise<StaffEventResult> {
  const now = input.audit.clock.now();
  if (input.event.startsAt.getTime() <= now.getTime())
    return { ok: false, field: "startsAt", message: eventMessages.startsInPast };
  const id = await withTx(db, async (tx) => {
    const [row] = await tx
      .insert(liveEvents)
      .values({ ...input.event, createdBy: input.staffId, createdAt: now, updatedAt: now })
      .returning({ id: liveEvents.id });
    if (!row) throw new Error("event not created");
    await recordAudit(tx, input.audit, "admin-event-created", input.staffId, {
      eventId: row.id.toString(),
      title: input.event.title,
      startsAt: input.event.startsAt.toISOString(),
    });
    return row.id;
  });
  return { ok: true, eventId: id.toString() };
}

export async function updateEvent(
  db: Db,
  input: { staffId: string; eventId: bigint; event: EventInput; audit: AuditContext },
): Promise<StaffEventResult> {
  const now = input.audit.clock.now();
  return withTx(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.id, input.eventId))
      .for("update");
    if (!current) return { ok: false, field: "form", message: "There is no such event." };
    if (current.status === "cancelled")
      return { ok: false, field: "form", message: "A cancelled event cannot be changed." };
    const moved = current.startsAt.getTime() !== input.event.startsAt.getTime();
    if (moved && input.event.startsAt.getTime() <= now.getTime())
      return { ok: false, field: "startsAt", message: eventMessages.startsInPast };
    if (input.event.capacity < current.registeredCount)
      return {
        ok: false,
        field: "capacity",
        message: `${current.registeredCount} members are registered already: capacity cannot be lower.`,
      };
    await tx
      .update(liveEvents)
      .set({ ...input.event, sequence: sql`${liveEvents.sequence} + 1`, updatedAt: now })
      .where(eq(liveEvents.id, input.eventId));
    if (moved) {
      await tx
        .update(liveEventRegistrations)
        .set({ reminded24hAt: null, reminded15mAt: null })
        .where(eq(liveEventRegistrations.eventId, input.eventId));
    }
    await recordAudit(tx, input.audit, "admin-event-updated", input.staffId, {
      eventId: input.eventId.toString(),
      title: input.event.title,
      ...(moved ? { from: current.startsAt.toISOString(), to: input.event.startsAt.toISOString() } : {}),
    });
    return { ok: true, eventId: input.eventId.toString() };
  });
}

/** Cancels the event and tells each registered member why, in the same transaction. */
export async function cancelEvent(
  db: Db,
  input: { staffId: string; eventId: bigint; reason: string; audit: AuditContext },
): Promise<StaffEventResult> {
  const now = input.audit.clock.now();
  return withTx(db, async (tx) => {
    const [event] = await tx
      .update(liveEvents)
      .set({
        status: "cancelled",
        cancelReason: input.reason,
        sequence: sql`${liveEvents.sequence} + 1`,
        updatedAt: now,
      })
      .where(and(eq(liveEvents.id, input.eventId), eq(liveEvents.status, "scheduled")))
      .returning();
    if (!event) return { ok: false, field: "form", message: "This event is cancelled already, or gone." };
    const registered = await tx
      .select({ registrationId: liveEventRegistrations.id, email: users.email })
      .from(liveEventRegistrations)
      .innerJoin(users, eq(users.id, liveEventRegistrations.userId))
      .where(
        and(
          eq(liveEventRegistrations.eventId, input.eventId),
          eq(liveEventRegistrations.status, "registered"),
        ),
      );
    for (const r of registered) {
      await enqueueEmail(tx, `live-event:registration:${r.registrationId}:cancelled`, {
        to: r.email,
        template: "live-event-cancelled",
        data: {
          eventId: event.id.toString(),
          title: event.title,
          startsAt: event.startsAt.toISOString(),
          reason: input.reason,
        },
      });
    }
    await recordAudit(tx, input.audit, "admin-event-cancelled", input.staffId, {
      eventId: input.eventId.toString(),
      reason: input.reason,
      told: registered.length,
    });
    return { ok: true, eventId: input.eventId.toString() };
  });
}
