// The member's transaction history: operations filtered on the server, newest first, paged.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import type { Asset } from "../money/assets.ts";
import { HISTORY_PAGE_SIZE, type HistoryFilter, type HistoryRow, periodStart } from "./history.ts";
import type { Ledger, OperationStatus, OperationType } from "./types.ts";

export interface HistoryPage {
  rows: HistoryRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

interface Row {
  id: string;
  ledger: Ledger;
  type: OperationType;
  status: OperationStatus;
  asset: Asset;
  amount: string;
  counter_asset: Asset | null;
  counter_amount: string | null;
  references: Record<string, string> | string;
  created_at: string | Date;
}

function whereClause(userId: string, filter: HistoryFilter, now: Date): SQL {
  const conditions: SQL[] = [sql`user_id = ${userId}`];
  if (filter.account) conditions.push(sql`ledger = ${filter.account}`);
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  const since = periodStart(filter.period, now);
  if (since) conditions.push(sql`created_at >= ${since.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

function toHistoryRow(r: Row): HistoryRow {
  return {
    id: BigInt(r.id),
    ledger: r.ledger,
    type: r.type,
    status: r.status,
    asset: r.asset,
    amount: BigInt(r.amount),
    counterAsset: r.counter_asset,
    counterAmount: r.counter_amount === null ? null : BigInt(r.counter_amount),
    references: typeof r.references === "string" ? JSON.parse(r.references) : r.references,
    createdAt: new Date(r.created_at),
  };
}

const COLUMNS = sql`id::text as id, ledger, type, status, asset, amount::text as amount, counter_asset,
  counter_amount::text as counter_amount, "references", created_at`;

/** One page of the member's operations matching the filter, newest first. Always scoped to userId. */
export async function listOperations(
  db: Db,
  input: { userId: string; filter: HistoryFilter; page?: number; pageSize?: number; now?: Date },
): Promise<HistoryPage> {
  const pageSize = Math.min(Math.max(input.pageSize ?? HISTORY_PAGE_SIZE, 1), 100);
  const where = whereClause(input.userId, input.filter, input.now ?? new Date());
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_operations where ${where}`,
  );
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(input.page ?? 1, 1), pageCount);
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from ledger_operations where ${where}
        order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { rows: rows.map(toHistoryRow), total, page, pageSize, pageCount };
}

/** Every operation matching the filter (for the CSV export), newest first, capped at `limit`. */
export async function exportOperations(
  db: Db,
  input: { userId: string; filter: HistoryFilter; now?: Date; limit?: number },
): Promise<HistoryRow[]> {
  const where = whereClause(input.userId, input.filter, input.now ?? new Date());
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from ledger_operations where ${where}
        order by created_at desc, id desc limit ${input.limit ?? 10_000}`,
  );
  return rows.map(toHistoryRow);
}
