// The withdrawal expiry job (ADR 0054) runs on every app server, like the staking maturity job:
// each request is claimed with FOR UPDATE SKIP LOCKED and its hold voids exactly once, so servers
// running it at once share the work. The member gets an e-mail for each lapsed request.
import type { Db } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import { expireUnconfirmedWithdrawals, sendWithdrawalStatusEmail } from "./withdrawals.server.ts";

// Process-wide state (ADR 0064): the withdrawal jobs' interval and the pass in progress, so that passes
// never overlap in one process.
let timer: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

export async function runWithdrawalExpiryJob(db: Db, mailer: Mailer, brand: string, now = new Date()) {
  const expired = await expireUnconfirmedWithdrawals(db, { now });
  for (const w of expired) {
    await sendWithdrawalStatusEmail(db, mailer, brand, w).catch((error: unknown) =>
      log.error("withdrawal expiry e-mail failed", { error: String(error) }),
    );
  }
  if (expired.length > 0) log.info("withdrawal expiry job", { expired: expired.length });
  return expired;
}

export function startWithdrawalJobs(db: Db, mailer: Mailer, brand: string, intervalSeconds = 30) {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = runWithdrawalExpiryJob(db, mailer, brand)
      .catch((error: unknown) => log.error("withdrawal expiry job failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref?.();
  tick();
}

export async function stopWithdrawalJobs() {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
