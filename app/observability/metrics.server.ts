// Prometheus metrics (ADR 0089). One registry per process, on globalThis so a development module
// reload keeps counting into the same series. Counters and histograms are updated where things
// happen (a request finishes, a job run ends); gauges that describe the database (the outbox
// backlog, withdrawals awaiting review, the pool) are collected when Prometheus scrapes, with one
// cheap indexed query each (collectors.server.ts).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { registerCollectedGauges } from "./collectors.server.ts";
import { methodLabel, routeLabel, statusClass } from "./route-label.ts";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.4, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "coinlens_" });
  const registers = [registry];
  registerCollectedGauges(registry);
  return {
    registry,
    httpRequests: new Counter({
      name: "coinlens_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status class.",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "coinlens_http_request_duration_seconds",
      help: "Time from the request's arrival to the last byte of the answer, by route pattern (event streams excluded).",
      labelNames: ["route", "method"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: "coinlens_job_runs_total",
      help: "Background job runs on this server, by job and outcome (ok or error).",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: "coinlens_job_duration_seconds",
      help: "How long each background job run took.",
      labelNames: ["job"] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: "coinlens_job_last_success_timestamp_seconds",
      help: "When the job last finished without error on this server (Unix time); lag = time() - this.",
      labelNames: ["job"] as const,
      registers,
    }),
    ledgerEntries: new Counter({
      name: "coinlens_ledger_entries_posted_total",
      help: "Ledger entries this server posted (replays of an idempotency key not counted), by ledger and code.",
      labelNames: ["ledger", "code"] as const,
      registers,
    }),
    outboxDeliveries: new Counter({
      name: "coinlens_outbox_deliveries_total",
      help: "Outbox messages this server handled, by outcome (delivered, retried, failed = given up).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    pageCacheRequests: pageCacheCounter(registers),
  };
}

/** Every result starts at 0, so rate() and ratios work before the first of each is counted. */
function pageCacheCounter(registers: Registry[]) {
  const counter = new Counter({
    name: "coinlens_page_cache_requests_total",
    help: "Requests for the cached anonymous page (/), by result: hit, stale, miss, bypass (ADR 0091).",
    labelNames: ["result"] as const,
    registers,
  });
  for (const result of ["hit", "stale", "miss", "bypass"]) counter.inc({ result }, 0);
  return counter;
}

type Metrics = ReturnType<typeof createMetrics>;

// Process-wide state (ADR 0064): this process's metric registry, on globalThis so a development
// module reload keeps one set of series (Prometheus would see counters reset otherwise).
const KEY = Symbol.for("coinlens.metrics");
const holder = globalThis as { [KEY]?: Metrics };

export function metrics(): Metrics {
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** The Prometheus text exposition of every metric, collecting the scrape-time gauges first. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export interface ObservedRequest {
  method: string;
  path: string;
  status: number;
  /** The pattern React Router matched, when it handled the request (app/entry.server.tsx). */
  pattern?: string | undefined;
  durationSeconds: number;
  eventStream?: boolean;
}

/** Counts one finished request and its latency under its route pattern (never its address). */
export function observeRequest(request: ObservedRequest) {
  const m = metrics();
  const route = routeLabel(request);
  const method = methodLabel(request.method);
  m.httpRequests.inc({ route, method, status: statusClass(request.status) });
  // A live stream lasts minutes: its duration says nothing about how fast the server answers.
  if (!request.eventStream) m.httpDuration.observe({ route, method }, request.durationSeconds);
}

/** Called by postEntry for each entry it wrote (not for a replayed idempotency key). */
export function countLedgerEntry(ledger: string, code: string) {
  metrics().ledgerEntries.inc({ ledger, code });
}

export function countOutboxDeliveries(result: { delivered: number; retried: number; failed: number }) {
  const m = metrics();
  if (result.delivered) m.outboxDeliveries.inc({ outcome: "delivered" }, result.delivered);
  if (result.retried) m.outboxDeliveries.inc({ outcome: "retried" }, result.retried);
  if (result.failed) m.outboxDeliveries.inc({ outcome: "failed" }, result.failed);
}

/** One request for the landing page's micro-cache, by how it was answered (ADR 0091). */
export function countPageCache(result: "hit" | "stale" | "miss" | "bypass") {
  metrics().pageCacheRequests.inc({ result });
}
