// Reminder e-mails a day and a quarter of an hour before a live event (ADR 0083), on every app
// server once a minute. No lease: each batch claims its registrations with FOR UPDATE SKIP LOCKED
// and, in the same transaction, marks each reminder sent and queues its e-mail in the outbox, so
// servers running at once send each reminder once; the outbox key (registration, reminder, start)
// refuses a second copy even from a replayed batch. A rescheduled event's reminders are cleared
// (staff.server.ts) and the new start makes new keys.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { observeJobRun } from "../../observability/job-runs.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { REMINDER_LEADS, type ReminderKind } from "./rules.ts";

const BATCH = 100;

interface DueRow {
  registration_id: string;
  event_id: string;
  title: string;
  host: string;
  starts_at: string | Date;
  email: string;
}

/**
 * Due: registered, the event scheduled and starting within the lead. The 24-hour reminder is not
 * sent once the 15-minute one is due (a member who registers late gets the nearer one only).
 */
async function claimBatch(tx: Db, kind: ReminderKind, now: Date): Promise<DueRow[]> {
  const column = kind === "24h" ? sql.raw("reminded_24h_at") : sql.raw("reminded_15m_at");
  const lead = new Date(now.getTime() + REMINDER_LEADS[kind]);
  const notYetNear = new Date(now.getTime() + REMINDER_LEADS["15m"]);
  return queryRows<DueRow>(
    tx,
    sql`select r.id::text as registration_id, e.id::text as event_id, e.title, e.host,
               e.starts_at, u.email
          from live_event_registrations r
          join live_events e on e.id = r.event_id
          join users u on u.id = r.user_id
         where r.status = 'registered' and r.${column} is null
           and e.status = 'scheduled' and e.starts_at > ${now} and e.starts_at <= ${lead}
           ${kind === "24h" ? sql`and e.starts_at > ${notYetNear}` : sql``}
           and u.disabled_at is null
         order by r.id
         limit ${BATCH}
         for update of r skip locked`,
  );
}

/** Sends what is due now; returns how many reminders were queued. */
export async function sendDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const kind of ["15m", "24h"] as const) {
    for (;;) {
      const count = await withTx(db, async (tx) => {
        const rows = await claimBatch(tx, kind, now);
        for (const row of rows) {
          const startsAt = new Date(row.starts_at);
          await tx.execute(
            kind === "24h"
              ? sql`update live_event_registrations set reminded_24h_at = ${now} where id = ${row.registration_id}::bigint`
              : sql`update live_event_registrations
                       set reminded_15m_at = ${now}, reminded_24h_at = coalesce(reminded_24h_at, ${now})
                     where id = ${row.registration_id}::bigint`,
          );
          await enqueueEmail(
            tx,
            `live-event:registration:${row.registration_id}:reminder-${kind}:${startsAt.getTime()}`,
            {
              to: row.email,
              template: "live-event-reminder",
              data: {
                eventId: row.event_id,
                title: row.title,
                host: row.host,
                startsAt: startsAt.toISOString(),
                lead: kind,
              },
            },
          );
        }
        return rows.length;
      });
      sent += count;
      if (count < BATCH) break;
    }
  }
  return sent;
}

// Process-wide state (ADR 0064): this server's reminder timer and the pass in progress.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export function startEventReminders(db: Db, intervalSeconds = 60) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    // The success line inside the run, so it carries the run id.
    running = observeJobRun("live-event-reminders", async () => {
      const sent = await sendDueReminders(db);
      if (sent > 0) log.info("live event reminders queued", { sent });
    })
      .catch((error: unknown) => log.error("live event reminders failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopEventReminders() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
