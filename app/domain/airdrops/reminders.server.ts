// Deadline reminders (ADR 0085): a member who has ticked at least one task of an airdrop is
// e-mailed once, within REMINDER_LEAD_MS before its deadline. Every app server runs the pass; the
// (member, airdrop) row is the claim — inserted `on conflict do nothing` in the same transaction
// as the outbox message, so however many servers race, one message is queued, and a crash before
// the commit leaves neither.
import { sql } from "drizzle-orm";
import { airdropReminders } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { queryRows, withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { progressOf } from "./checklist.server.ts";
import { REMINDER_LEAD_MS } from "./rules.ts";

interface Due {
  user_id: string;
  email: string;
  airdrop_id: string;
  project: string;
  deadline: string | Date;
  is_sample: boolean;
}

/** Queues every reminder due at `now`; returns how many this pass queued. */
export async function runAirdropReminders(db: Db, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  const due = await queryRows<Due>(
    db,
    sql`select distinct u.id as user_id, u.email, a.id as airdrop_id, a.project, a.deadline, a.is_sample
        from airdrop_task_ticks k
        join airdrop_tasks t on t.id = k.task_id
        join airdrops a on a.id = t.airdrop_id
        join users u on u.id = k.user_id
        where a.status <> 'ended'
          and a.deadline > ${now.toISOString()}::timestamptz
          and a.deadline <= ${until.toISOString()}::timestamptz
          and u.disabled_at is null
          and not exists (select 1 from airdrop_reminders r where r.user_id = u.id and r.airdrop_id = a.id)
        limit 500`,
  );
  let queued = 0;
  for (const row of due) {
    const sent = await withTx(db, async (tx) => {
      const claimed = await tx
        .insert(airdropReminders)
        .values({ userId: row.user_id, airdropId: row.airdrop_id, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: airdropReminders.userId });
      if (claimed.length === 0) return false;
      const progress = await progressOf(tx, row.user_id, row.airdrop_id);
      await enqueueEmail(tx, `airdrop:${row.airdrop_id}:reminder:${row.user_id}`, {
        to: row.email,
        template: "airdrop-deadline-reminder",
        data: {
          project: row.project,
          deadline: new Date(row.deadline).toISOString(),
          tasksDone: progress.done,
          tasksTotal: progress.total,
          isSample: Boolean(row.is_sample),
        },
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

// Process-wide state (ADR 0064): the reminder job's interval and the pass in progress, so that
// passes never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export function startAirdropJobs(db: Db, intervalSeconds = 600) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = runAirdropReminders(db)
      .then((queued) => {
        if (queued > 0) log.info("airdrop reminders queued", { queued });
      })
      .catch((error: unknown) => log.error("airdrop reminder job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopAirdropJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
