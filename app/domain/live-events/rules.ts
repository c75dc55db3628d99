// Live events' rules (issue 20, ADR 0083), pure and browser-importable: what the staff form
// accepts, the words for kinds and phases, and when an event is upcoming, live or over.
import { z } from "../zod.ts";

export const EVENT_KINDS = Object.freeze(["ama", "webinar"] as const);
export type EventKind = (typeof EVENT_KINDS)[number];

export const KIND_LABELS: Readonly<Record<EventKind, string>> = Object.freeze({
  ama: "AMA",
  webinar: "Webinar",
});

/** The entitlement a premium-only event needs (issue 12's plans grant it). */
export const EVENTS_ENTITLEMENT = "events:live";

/** Reminders go out this long before the start (ADR 0083). */
export const REMINDER_LEADS = Object.freeze({ "24h": 24 * 60 * 60_000, "15m": 15 * 60_000 } as const);
export type ReminderKind = keyof typeof REMINDER_LEADS;

export type EventPhase = "upcoming" | "live" | "ended" | "cancelled";

export function endsAt(event: { startsAt: Date; durationMinutes: number }): Date {
  return new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
}

export function eventPhase(
  event: { startsAt: Date; durationMinutes: number; status: "scheduled" | "cancelled" },
  now: Date,
): EventPhase {
  if (event.status === "cancelled") return "cancelled";
  if (now.getTime() < event.startsAt.getTime()) return "upcoming";
  return now.getTime() < endsAt(event).getTime() ? "live" : "ended";
}

export const eventMessages = Object.freeze({
  kind: "Choose AMA or webinar.",
  title: "Give the event a title (up to 120 characters).",
  host: "Name the host (up to 80 characters).",
  description: "Keep the description under 2,000 characters.",
  startsAt: "Give the start as a date and time in UTC.",
  startsInPast: "The start must be in the future.",
  duration: "The duration is 5 to 1,440 minutes.",
  capacity: "Capacity is a whole number from 1 to 100,000.",
  joinUrl: "Give the https:// address members join at.",
  replayUrl: "Give the replay's https:// address, or leave it empty.",
  cancelReason: "Say why it is cancelled (members are told, up to 300 characters).",
});

const httpsUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, message);

/** "2026-12-01T18:00" (a datetime-local input) read as UTC; null when not a real time. */
export function parseUtcInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 16) !== value.trim() ? null : date;
}

/** A Date as the datetime-local value the staff form shows (UTC). */
export function toUtcInput(date: Date): string {
  return date.toISOString().slice(0, 16);
}

export const eventFormSchema = z.object({
  kind: z.enum(EVENT_KINDS, { message: eventMessages.kind }),
  title: z.string().trim().min(1, eventMessages.title).max(120, eventMessages.title),
  host: z.string().trim().min(1, eventMessages.host).max(80, eventMessages.host),
  description: z.string().trim().max(2000, eventMessages.description).default(""),
  startsAt: z.string().transform((v, ctx) => {
    const date = parseUtcInput(v);
    if (!date) {
      ctx.addIssue({ code: "custom", message: eventMessages.startsAt });
      return z.NEVER;
    }
    return date;
  }),
  durationMinutes: z.coerce
    .number({ message: eventMessages.duration })
    .int(eventMessages.duration)
    .min(5, eventMessages.duration)
    .max(1440, eventMessages.duration),
  capacity: z.coerce
    .number({ message: eventMessages.capacity })
    .int(eventMessages.capacity)
    .min(1, eventMessages.capacity)
    .max(100_000, eventMessages.capacity),
  premium: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  joinUrl: httpsUrl(eventMessages.joinUrl),
  replayUrl: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), httpsUrl(eventMessages.replayUrl)]))
    .transform((v) => (v === "" ? null : v)),
});
export type EventInput = z.output<typeof eventFormSchema>;

export const cancelEventSchema = z.object({
  reason: z.string().trim().min(3, eventMessages.cancelReason).max(300, eventMessages.cancelReason),
});
