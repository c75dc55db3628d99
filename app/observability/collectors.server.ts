// Gauges collected when Prometheus scrapes (ADR 0089): each reads the current value at that moment
// (one indexed query, or a count this process already keeps), so nothing has to keep them up to
// date between scrapes and every server reports the same database-wide values. A query that fails
// (the database is away) leaves its gauge out of that scrape and logs why; the rest still answer.
import { sql } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import { queryRows } from "../db/client.server.ts";
import { getDatabase } from "../db/db.server.ts";
import { openAccountStreams } from "../domain/events/account-events.server.ts";
import { openQuoteStreams } from "../domain/market-data/quote-stream-slots.server.ts";
import { log } from "../log.server.ts";

async function guarded(metric: string, read: () => Promise<void>) {
  try {
    await read();
  } catch (error) {
    log.warn("metric not collected", { metric, error });
  }
}

export function registerCollectedGauges(registry: Registry) {
  const registers = [registry];
  new Gauge({
    name: "coinlens_sse_clients",
    help: "Server-Sent Event streams open on this server, by stream (quotes, account).",
    labelNames: ["stream"] as const,
    registers,
    collect() {
      this.set({ stream: "quotes" }, openQuoteStreams());
      this.set({ stream: "account" }, openAccountStreams());
    },
  });
  new Gauge({
    name: "coinlens_db_pool_connections",
    help: "The PostgreSQL connection pool of this server, by state (total, idle, waiting = queued clients). Absent on PGlite.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = connectedPool();
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "coinlens_outbox_pending",
    help: "Outbox messages (e-mail, push) not yet delivered nor given up, in the whole database.",
    registers,
    async collect() {
      await guarded("coinlens_outbox_pending", async () => {
        const [row] = await outboxRows();
        this.set(Number(row?.pending ?? 0));
      });
    },
  });
  new Gauge({
    name: "coinlens_outbox_oldest_pending_seconds",
    help: "Age of the oldest pending outbox message (0 when none): how far delivery lags.",
    registers,
    async collect() {
      await guarded("coinlens_outbox_oldest_pending_seconds", async () => {
        const [row] = await outboxRows();
        this.set(Number(row?.oldest_seconds ?? 0));
      });
    },
  });
  new Gauge({
    name: "coinlens_withdrawals_pending_review",
    help: "Withdrawal requests waiting for an admin's review (status pending), in the whole database.",
    registers,
    async collect() {
      await guarded("coinlens_withdrawals_pending_review", async () => {
        const [row] = await queryRows<{ n: number | string }>(
          getDatabase().db,
          sql`select count(*)::int as n from withdrawals where status = 'pending'`,
        );
        this.set(Number(row?.n ?? 0));
      });
    },
  });
}

/** The partial index outbox_due_idx holds exactly the pending rows: no scan of the delivered ones. */
function outboxRows() {
  return queryRows<{ pending: number | string; oldest_seconds: number | string | null }>(
    getDatabase().db,
    sql`select count(*)::int as pending,
               coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
        from outbox where delivered_at is null and failed_at is null`,
  );
}

function connectedPool() {
  try {
    return getDatabase().pool;
  } catch {
    return undefined;
  }
}
