// Live events' e-mails (pure), rendered when the outbox delivers them (ADR 0056, 0083): the
// reminders a day and a quarter of an hour before, and word that an event is cancelled. Times are
// written in UTC: an e-mail cannot know the reader's time zone (the event page shows theirs).
import { formatDateTime } from "../dates.ts";
import type { MailContext } from "../mail/context.ts";

export type LiveEventEmail =
  | {
      template: "live-event-reminder";
      data: { eventId: string; title: string; host: string; startsAt: string; lead: "24h" | "15m" };
    }
  | {
      template: "live-event-cancelled";
      data: { eventId: string; title: string; startsAt: string; reason: string };
    };

export function renderLiveEventEmail(email: LiveEventEmail, ctx: MailContext) {
  const link = `${ctx.publicUrl}/events/${email.data.eventId}`;
  if (email.template === "live-event-reminder") {
    const { title, host, startsAt, lead } = email.data;
    const soon = lead === "15m" ? "starts in 15 minutes" : "is tomorrow";
    return {
      subject: `Reminder: “${title}” ${soon}`,
      text: [
        `“${title}” with ${host} ${soon}: ${formatDateTime(startsAt)}.`,
        "",
        `Join from the event page (you are registered): ${link}`,
        "",
        "Can't make it? Cancel your registration on the same page, so someone else can take your seat.",
      ].join("\n"),
    };
  }
  const { title, startsAt, reason } = email.data;
  return {
    subject: `Cancelled: “${title}”`,
    text: [
      `We are sorry: “${title}”, planned for ${formatDateTime(startsAt)}, is cancelled.`,
      "",
      `Why: ${reason}`,
      "",
      `Other live events: ${ctx.publicUrl}/events`,
    ].join("\n"),
  };
}
