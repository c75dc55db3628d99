// Live events, the member's side (issue 20, ADR 0083): the list, one event, registering and
// cancelling. A registration is read and written only by its member's id: another member's
// state never reaches a page. Taking a seat locks the event's row first, so two servers racing
// the last seat (or one member's double submit) take it once; the row's check constraint
// (registered_count <= capacity) is the backstop.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { liveEventRegistrations, liveEvents } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { withTx } from "../../db/client.server.ts";
import { type EventKind, type EventPhase, endsAt, eventPhase } from "./rules.ts";

export type LiveEvent = typeof liveEvents.$inferSelect;

/** What a member's page shows of an event: never the join link unless they are registered. */
export interface EventView {
  id: string;
  kind: EventKind;
  title: string;
  host: string;
  description: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  capacity: number;
  seatsLeft: number;
  premium: boolean;
  phase: EventPhase;
  cancelReason: string | null;
  /** The signed-in member's own registration, nothing of anyone else's. */
  registered: boolean;
  /** Only for the registered member who may attend (premium: holds events:live). */
  joinUrl: string | null;
  /** Once over, for members who may attend. */
  replayUrl: string | null;
  /** False for a premium event and a member without events:live. */
  canAttend: boolean;
}

export function toEventView(
  event: LiveEvent,
  viewer: { registered: boolean; entitled: boolean },
  now: Date,
): EventView {
  const phase = eventPhase(event, now);
  const canAttend = !event.premium || viewer.entitled;
  return {
    id: event.id.toString(),
    kind: event.kind,
    title: event.title,
    host: event.host,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: endsAt(event).toISOString(),
    durationMinutes: event.durationMinutes,
    capacity: event.capacity,
    seatsLeft: Math.max(0, event.capacity - event.registeredCount),
    premium: event.premium,
    phase,
    cancelReason: event.status === "cancelled" ? event.cancelReason : null,
    registered: viewer.registered,
    joinUrl:
      viewer.registered && canAttend && (phase === "upcoming" || phase === "live") ? event.joinUrl : null,
    replayUrl: phase === "ended" && canAttend ? event.replayUrl : null,
    canAttend,
  };
}

/** How long past events stay listed (with their replays). */
const PAST_DAYS = 90;

/** Upcoming and live events first (soonest first), then past ones (latest first), for one member. */
export async function listEventsForMember(db: Db, userId: string, entitled: boolean, now: Date) {
  const rows = await db
    .select({ event: liveEvents, status: liveEventRegistrations.status })
    .from(liveEvents)
    .leftJoin(
      liveEventRegistrations,
      and(eq(liveEventRegistrations.eventId, liveEvents.id), eq(liveEventRegistrations.userId, userId)),
    )
    .where(gte(liveEvents.startsAt, new Date(now.getTime() - PAST_DAYS * 86_400_000)))
    .orderBy(asc(liveEvents.startsAt), asc(liveEvents.id))
    .limit(200);
  const views = rows.map((r) =>
    toEventView(r.event, { registered: r.status === "registered", entitled }, now),
  );
  return {
    upcoming: views.filter(
      (v) =>
        v.phase === "upcoming" ||
        v.phase === "live" ||
        (v.phase === "cancelled" && new Date(v.startsAt) > now),
    ),
    past: views.filter((v) => v.phase === "ended").reverse(),
  };
}

export async function getEvent(db: Db, id: bigint): Promise<LiveEvent | null> {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id));
  return row ?? null;
}

export async function isRegistered(db: Db, eventId: bigint, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: liveEventRegistrations.status })
    .from(liveEventRegistrations)
    .where(and(eq(liveEventRegistrations.eventId, eventId), eq(liveEventRegistrations.userId, userId)));
  return row?.status === "registered";
}

export async function getEventForMember(
  db: Db,
  input: { eventId: bigint; userId: string; entitled: boolean; now: Date },
): Promise<EventView | null> {
  const event = await getEvent(db, input.eventId);
  if (!event) return null;
  const registered = await isRegistered(db, input.eventId, input.userId);
  return toEventView(event, { registered, entitled: input.entitled }, input.now);
}

export type RegistrationResult =
  | { ok: true; already: boolean }
  | { ok: false; reason: "missing" | "premium" | "closed" | "cancelled" | "full" | "not-registered" };

export const registrationMessages = Object.freeze({
  premium: "This event is for Premium members.",
  closed: "Registration has closed: the event has started or is over.",
  cancelled: "This event is cancelled.",
  full: "Every seat is taken.",
  "not-registered": "You are not registered for this event.",
  missing: "There is no such event.",
});

/** Takes a seat for the member, once: a second call (a double submit) changes nothing. */
export async function registerForEvent(
  db: Db,
  input: { eventId: bigint; userId: string; entitled: boolean; now: Date },
): Promise<RegistrationResult> {
  return withTx(db, async (tx) => {
    const [event] = await tx.select().from(liveEvents).where(eq(liveEvents.id, input.eventId)).for("update");
    if (!event) return { ok: false, reason: "missing" };
    if (event.status === "cancelled") return { ok: false, reason: "cancelled" };
    if (event.premium && !input.entitled) return { ok: false, reason: "premium" };
    if (input.now.getTime() >= event.startsAt.getTime()) return { ok: false, reason: "closed" };
    if (await isRegistered(tx, input.eventId, input.userId)) return { ok: true, already: true };
    const taken = await tx
      .update(liveEvents)
      .set({ registeredCount: sql`${liveEvents.registeredCount} + 1` })
      .where(and(eq(liveEvents.id, input.eventId), lt(liveEvents.registeredCount, liveEvents.capacity)))
      .returning({ id: liveEvents.id });
    if (taken.length === 0) return { ok: false, reason: "full" };
    await tx
      .insert(liveEventRegistrations)
      .values({ eventId: input.eventId, userId: input.userId, registeredAt: input.now })
      .onConflictDoUpdate({
        target: [liveEventRegistrations.eventId, liveEventRegistrations.userId],
        set: {
          status: "registered",
          registeredAt: input.now,
          cancelledAt: null,
          reminded24hAt: null,
          reminded15mAt: null,
        },
      });
    return { ok: true, already: false };
  });
}

/** Gives the seat back (before the start); the count goes down with it, once. */
export async function cancelRegistration(
  db: Db,
  input: { eventId: bigint; userId: string; now: Date },
): Promise<RegistrationResult> {
  return withTx(db, async (tx) => {
    const [event] = await tx.select().from(liveEvents).where(eq(liveEvents.id, input.eventId)).for("update");
    if (!event) return { ok: false, reason: "missing" };
    if (input.now.getTime() >= event.startsAt.getTime() && event.status === "scheduled")
      return { ok: false, reason: "closed" };
    const left = await tx
      .update(liveEventRegistrations)
      .set({ status: "cancelled", cancelledAt: input.now })
      .where(
        and(
          eq(liveEventRegistrations.eventId, input.eventId),
          eq(liveEventRegistrations.userId, input.userId),
          eq(liveEventRegistrations.status, "registered"),
        ),
      )
      .returning({ id: liveEventRegistrations.id });
    if (left.length === 0) return { ok: false, reason: "not-registered" };
    await tx
      .update(liveEvents)
      .set({ registeredCount: sql`${liveEvents.registeredCount} - 1` })
      .where(eq(liveEvents.id, input.eventId));
    return { ok: true, already: false };
  });
}
