// The live-event pages' forms and the calendar file (ADR 0083): parse, check, call the domain,
// answer with messages beside the fields. Routes pass the signed-in member (and whether they hold
// events:live); staff routes check manage:event:any first.
import type { Db } from "../../db/client.server.ts";
import type { AuditContext } from "../accounts/audit.server.ts";
import { fieldErrors, formText, formValues } from "../forms.ts";
import {
  cancelRegistration,
  getEvent,
  isRegistered,
  registerForEvent,
  registrationMessages,
} from "./events.server.ts";
import { buildIcs } from "./ics.ts";
import { cancelEventSchema, endsAt, eventFormSchema } from "./rules.ts";
import { cancelEvent, createEvent, updateEvent } from "./staff.server.ts";

export interface EventAnswer {
  ok: boolean;
  intent: string;
  message?: string;
  errors?: Record<string, string | undefined>;
  eventId?: string;
}

export async function memberEventAction(
  db: Db,
  member: { userId: string; entitled: boolean },
  eventId: bigint,
  form: FormData,
  now: Date,
): Promise<EventAnswer> {
  const intent = formText(form.get("intent"));
  if (intent !== "register" && intent !== "cancel")
    return { ok: false, intent, errors: { form: "Unknown action." } };
  const result =
    intent === "register"
      ? await registerForEvent(db, { eventId, userId: member.userId, entitled: member.entitled, now })
      : await cancelRegistration(db, { eventId, userId: member.userId, now });
  if (!result.ok) return { ok: false, intent, errors: { form: registrationMessages[result.reason] } };
  return {
    ok: true,
    intent,
    message:
      intent === "register"
        ? "You are registered. Add it to your calendar; we will remind you by e-mail a day and 15 minutes before."
        : "Your registration is cancelled and your seat is free for someone else.",
  };
}

/** The .ics for a registered member; null (a 404) for anyone else and any other id. */
export async function calendarFileFor(
  db: Db,
  input: { eventId: bigint; userId: string; publicUrl: string; brand: string; now: Date },
): Promise<{ fileName: string; body: string } | null> {
  const event = await getEvent(db, input.eventId);
  if (!event || !(await isRegistered(db, input.eventId, input.userId))) return null;
  const base = input.publicUrl.replace(/\/$/, "");
  const page = `${base}/events/${event.id}`;
  const body = buildIcs({
    uid: `live-event-${event.id}@${new URL(base).hostname}`,
    sequence: event.sequence,
    title: event.title,
    description: [
      `${event.kind === "ama" ? "AMA" : "Webinar"} with ${event.host}.`,
      event.description,
      `Event page: ${page}`,
    ]
      .filter(Boolean)
      .join("\n\n"),
    location: event.joinUrl,
    url: page,
    startsAt: event.startsAt,
    endsAt: endsAt(event),
    cancelled: event.status === "cancelled",
    stamp: input.now,
    brand: input.brand,
  });
  return { fileName: `${input.brand.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-event-${event.id}.ics`, body };
}

export async function staffEventAction(
  db: Db,
  staff: { id: string; audit: AuditContext },
  eventId: bigint | null,
  form: FormData,
): Promise<EventAnswer> {
  const intent = formText(form.get("intent"));
  if (intent === "cancel") {
    if (eventId === null) return { ok: false, intent, errors: { form: "There is no such event." } };
    const parsed = cancelEventSchema.safeParse(formValues(form));
    if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
    const result = await cancelEvent(db, {
      staffId: staff.id,
      eventId,
      reason: parsed.data.reason,
      audit: staff.audit,
    });
    if (!result.ok) return { ok: false, intent, errors: { [result.field]: result.message } };
    return { ok: true, intent, message: "Cancelled. Registered members are being e-mailed." };
  }
  if (intent !== "save") return { ok: false, intent, errors: { form: "Unknown action." } };
  const parsed = eventFormSchema.safeParse(formValues(form));
  if (!parsed.success) return { ok: false, intent, errors: fieldErrors(parsed.error) };
  const result =
    eventId === null
      ? await createEvent(db, { staffId: staff.id, event: parsed.data, audit: staff.audit })
      : await updateEvent(db, { staffId: staff.id, eventId, event: parsed.data, audit: staff.audit });
  if (!result.ok) return { ok: false, intent, errors: { [result.field]: result.message } };
  return {
    ok: true,
    intent,
    eventId: result.eventId,
    message: eventId === null ? "Event created." : "Saved.",
  };
}
