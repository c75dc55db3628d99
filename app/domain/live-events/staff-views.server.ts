// What the back office's live-event pages show (ADR 0083): plain values, dates as ISO strings.
import type { Db } from "../../db/client.server.ts";
import { getEvent } from "./events.server.ts";
import { eventPhase, KIND_LABELS, toUtcInput } from "./rules.ts";
import { listEventsForStaff } from "./staff.server.ts";

export async function staffEventsView(db: Db, now: Date) {
  const rows = await listEventsForStaff(db);
  return rows.map((e) => ({
    id: e.id.toString(),
    title: e.title,
    host: e.host,
    kindLabel: KIND_LABELS[e.kind],
    premium: e.premium,
    startsAt: e.startsAt.toISOString(),
    registered: e.registeredCount,
    capacity: e.capacity,
    phase: eventPhase(e, now),
  }));
}

/** The edit form's values (the start as the UTC datetime-local value), or null for no such event. */
export async function staffEventView(db: Db, id: bigint, now: Date) {
  const e = await getEvent(db, id);
  if (!e) return null;
  return {
    id: e.id.toString(),
    phase: eventPhase(e, now),
    registered: e.registeredCount,
    cancelReason: e.cancelReason,
    values: {
      kind: e.kind,
      title: e.title,
      host: e.host,
      description: e.description,
      startsAt: toUtcInput(e.startsAt),
      durationMinutes: String(e.durationMinutes),
      capacity: String(e.capacity),
      premium: e.premium,
      joinUrl: e.joinUrl,
      replayUrl: e.replayUrl ?? "",
    },
  };
}
