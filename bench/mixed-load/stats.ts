// What the mixed-load bench counts: per kind of request, its answers and their times.

export type RequestKind =
  | "dashboard"
  | "wallet"
  | "markets"
  | "history"
  | "swap-quote"
  | "swap-confirm"
  | "stake"
  | "withdrawal";

export const READ_KINDS: readonly RequestKind[] = ["dashboard", "wallet", "markets", "history"];
export const MONEY_KINDS: readonly RequestKind[] = ["swap-quote", "swap-confirm", "stake", "withdrawal"];

interface KindStats {
  count: number;
  /** Status → answers; 0 is no answer (a timeout or a dropped connection). */
  statuses: Map<number, number>;
  timesMs: number[];
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** An answer counts as an error unless it is a 200 (pages and the forms' `.data` answers alike). */
export const isError = (status: number) => status !== 200;

export class LoadStats {
  readonly kinds = new Map<RequestKind, KindStats>();
  /** The first few refusals of each kind and status, to say what went wrong. */
  readonly samples = new Map<string, string>();

  record(kind: RequestKind, status: number, ms: number) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { count: 0, statuses: new Map(), timesMs: [] };
      this.kinds.set(kind, entry);
    }
    entry.count++;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    // Times of answered requests only: a request with no answer is an error, not a time.
    if (status !== 0) entry.timesMs.push(ms);
  }

  sample(kind: RequestKind, status: number, body: string) {
    const key = `${kind} ${status}`;
    if (!this.samples.has(key)) this.samples.set(key, body.replace(/\s+/g, " ").slice(0, 300));
  }

  summary(kinds: readonly RequestKind[]) {
    let count = 0;
    let errors = 0;
    let serverErrors = 0;
    const times: number[] = [];
    for (const kind of kinds) {
      const entry = this.kinds.get(kind);
      if (!entry) continue;
      count += entry.count;
      for (const [status, n] of entry.statuses) {
        if (isError(status)) errors += n;
        if (status >= 500) serverErrors += n;
      }
      times.push(...entry.timesMs);
    }
    return {
      count,
      errors,
      serverErrors,
      errorPercent: count === 0 ? 0 : (100 * errors) / count,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    };
  }

  /** One line per kind: count, statuses, p50 and p99. */
  table(): string[] {
    const rows = ["| kind | requests | answers | p50 ms | p99 ms |", "|---|---:|---|---:|---:|"];
    for (const kind of [...READ_KINDS, ...MONEY_KINDS]) {
      const entry = this.kinds.get(kind);
      if (!entry) continue;
      const statuses = [...entry.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status === 0 ? "no answer" : status}: ${n}`)
        .join(", ");
      rows.push(
        `| ${kind} | ${entry.count} | ${statuses} | ${Math.round(percentile(entry.timesMs, 50))} | ${Math.round(percentile(entry.timesMs, 99))} |`,
      );
    }
    return rows;
  }
}
