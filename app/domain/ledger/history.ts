// Transaction history filters and CSV (pure; the /transactions screen, /api/transactions and the
// CSV export share them). The query itself is listOperations in history.server.ts.
import { formatAmount } from "../money/amount.ts";
import type { Asset } from "../money/assets.ts";
import {
  DEMO_RESET_METHOD,
  isLedger,
  LEDGER_LABELS,
  type Ledger,
  OPERATION_STATUS_LABELS,
  OPERATION_STATUSES,
  OPERATION_TYPE_LABELS,
  OPERATION_TYPES,
  type OperationStatus,
  type OperationType,
} from "./types.ts";

export const HISTORY_PERIODS = Object.freeze(["total", "3d", "7d", "30d", "3m"] as const);
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];

export const HISTORY_PERIOD_LABELS: Readonly<Record<HistoryPeriod, string>> = Object.freeze({
  total: "Total",
  "3d": "Last 3 days",
  "7d": "7 days",
  "30d": "30 days",
  "3m": "3 months",
});

export interface HistoryFilter {
  period: HistoryPeriod;
  type?: OperationType;
  status?: OperationStatus;
  /** The account: real or demo ledger. Unset means both. */
  account?: Ledger;
}

export const HISTORY_PAGE_SIZE = 20;

/** Reads the filter and page from URL search params; unknown values are ignored, never an error. */
export function parseHistoryQuery(params: URLSearchParams): { filter: HistoryFilter; page: number } {
  const period = params.get("period");
  const type = params.get("type");
  const status = params.get("status");
  const account = params.get("account");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    filter: {
      period: (HISTORY_PERIODS as readonly string[]).includes(period ?? "")
        ? (period as HistoryPeriod)
        : "total",
      type: (OPERATION_TYPES as readonly string[]).includes(type ?? "") ? (type as OperationType) : undefined,
      status: (OPERATION_STATUSES as readonly string[]).includes(status ?? "")
        ? (status as OperationStatus)
        : undefined,
      account: isLedger(account) ? account : undefined,
    },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The inverse of parseHistoryQuery: only non-default values, so a cleared filter is a clean URL. */
export function historySearchParams(filter: HistoryFilter, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.period !== "total") params.set("period", filter.period);
  if (filter.type) params.set("type", filter.type);
  if (filter.status) params.set("status", filter.status);
  if (filter.account) params.set("account", filter.account);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The earliest creation time a period includes (undefined for Total). */
export function periodStart(period: HistoryPeriod, now: Date): Date | undefined {
  const start = new Date(now);
  switch (period) {
    case "total":
      return undefined;
    case "3d":
      start.setUTCDate(start.getUTCDate() - 3);
      return start;
    case "7d":
      start.setUTCDate(start.getUTCDate() - 7);
      return start;
    case "30d":
      start.setUTCDate(start.getUTCDate() - 30);
      return start;
    case "3m": {
      // Three calendar months back, clamped to the month's last day (31 May → 28 Feb, not 3 Mar).
      const day = start.getUTCDate();
      start.setUTCDate(1);
      start.setUTCMonth(start.getUTCMonth() - 3);
      const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
      start.setUTCDate(Math.min(day, lastDay));
      return start;
    }
  }
}

export interface HistoryRow {
  id: bigint;
  ledger: Ledger;
  type: OperationType;
  status: OperationStatus;
  asset: Asset;
  amount: bigint;
  counterAsset: Asset | null;
  counterAmount: bigint | null;
  references: Record<string, string>;
  createdAt: Date;
}

function csvCell(value: string): string {
  // Quote everything; double inner quotes; neutralise spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV of history rows (exact amounts, ISO dates in UTC), with a header line. */
export function historyToCsv(rows: HistoryRow[]): string {
  const header = [
    "Date",
    "Type",
    "Amount",
    "Currency",
    "Status",
    "Account",
    "Received",
    "Received currency",
    "Reference",
  ];
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.createdAt.toISOString(),
        OPERATION_TYPE_LABELS[row.type],
        formatAmount(row.amount, row.asset),
        row.asset,
        OPERATION_STATUS_LABELS[row.status],
        LEDGER_LABELS[row.ledger],
        row.counterAmount !== null && row.counterAsset
          ? formatAmount(row.counterAmount, row.counterAsset)
          : "",
        row.counterAsset ?? "",
        Object.entries(row.references)
          .map(([k, v]) => `${k}: ${v}`)
          .join("; "),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A history row as JSON (the page's loader data and GET /api/transactions): amounts as exact text. */
export interface HistoryRowJson {
  id: string;
  createdAt: string;
  account: Ledger;
  type: OperationType;
  status: OperationStatus;
  asset: Asset;
  /** Exact decimal text ("0.5"); `amountMinor` is the same amount in minor units. */
  amount: string;
  amountMinor: string;
  counterAsset: Asset | null;
  counterAmount: string | null;
  references: Record<string, string>;
}

export function historyRowJson(row: HistoryRow): HistoryRowJson {
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    account: row.ledger,
    type: row.type,
    status: row.status,
    asset: row.asset,
    amount: formatAmount(row.amount, row.asset),
    amountMinor: row.amount.toString(),
    counterAsset: row.counterAsset,
    counterAmount:
      row.counterAmount !== null && row.counterAsset
        ? formatAmount(row.counterAmount, row.counterAsset)
        : null,
    references: row.references,
  };
}

/** True when any filter differs from the default (Total, every type, status and account). */
export function isFiltered(filter: HistoryFilter): boolean {
  return filter.period !== "total" || !!filter.type || !!filter.status || !!filter.account;
}

/**
 * When a stake still running ends: its row reads "Active until <date>" rather than the
 * operation's own "Pending" (its money is working, not waiting). Null for any other row.
 */
export function activeStakeUntil(row: Pick<HistoryRowJson, "type" | "status" | "references">): string | null {
  if (row.type !== "stake" || row.status !== "pending") return null;
  const maturity = row.references.maturity;
  return maturity && !Number.isNaN(Date.parse(maturity)) ? maturity : null;
}

export const RECURRING_BUY_NOTE = "Recurring buy";

/**
 * A short note under the row's type where the type alone would mislead: a demo balance reset is
 * recorded as a Deposit of the starting funds (ADR 0071), though nobody paid anything in. Null for
 * every other row.
 */
export function operationNote(row: Pick<HistoryRowJson, "type" | "references">): string | null {
  // A swap made by a recurring buy's scheduled run (ADR 0076) is still a swap; the note says why.
  if (row.type === "swap" && row.references.recurring) return RECURRING_BUY_NOTE;
  return row.type === "deposit" && row.references.method === DEMO_RESET_METHOD ? DEMO_RESET_METHOD : null;
}
