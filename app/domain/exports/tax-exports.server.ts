// Reads a member's own history for the tax exports and the yearly statement (ADR 0077). Every
// query is scoped to the member and to the real ledger: demo money is never a taxable event.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import type { Clock } from "../accounts/clock.ts";
import { consume, limits } from "../accounts/rate-limit.server.ts";
import { renderLegalPdf } from "../legal/pdf.ts";
import type { Asset } from "../money/assets.ts";
import { isStatementYear, statementBlocks, statementYears, yearBounds } from "./statement.ts";
import { coinTrackerCsv, koinlyCsv } from "./tax-csv.ts";
import { type TaxRow, type TaxSource, taxRowOf } from "./tax-rows.ts";

// A stake moves coins between the member's own balances (available → staked and back): nothing
// is received or given up, so it is not exported. Pending and failed operations moved no money.
const EXPORTED_TYPES = sql`('deposit', 'withdrawal', 'reward', 'swap', 'membership')`;

interface SourceRow {
  id: string;
  type: TaxSource["type"];
  asset: Asset;
  amount: string;
  counter_asset: Asset | null;
  counter_amount: string | null;
  fee_amount: string | null;
  references: Record<string, string> | string;
  created_at: string | Date;
}

/** The member's completed real-ledger movements, oldest first, optionally within [from, to). */
export async function listTaxRows(
  db: Db,
  input: { userId: string; from?: Date; to?: Date; limit?: number },
): Promise<TaxRow[]> {
  const from = input.from ? sql`and o.created_at >= ${input.from.toISOString()}::timestamptz` : sql``;
  const to = input.to ? sql`and o.created_at < ${input.to.toISOString()}::timestamptz` : sql``;
  const rows = await queryRows<SourceRow>(
    db,
    sql`select o.id::text as id, o.type, o.asset, o.amount::text as amount, o.counter_asset,
          o.counter_amount::text as counter_amount, q.fee_amount::text as fee_amount, o."references", o.created_at
        from ledger_operations o
        left join swap_quotes q on o.type = 'swap' and q.id = o."references"->>'quote' and q.user_id = o.user_id
        where o.user_id = ${input.userId} and o.ledger = 'real' and o.status = 'completed'
          and o.type in ${EXPORTED_TYPES} ${from} ${to}
        order by o.created_at asc, o.id asc limit ${input.limit ?? 50_000}`,
  );
  return rows.map((r) =>
    taxRowOf({
      id: BigInt(r.id),
      type: r.type,
      asset: r.asset,
      amount: BigInt(r.amount),
      counterAsset: r.counter_asset,
      counterAmount: r.counter_amount === null ? null : BigInt(r.counter_amount),
      swapFeeMinor: r.fee_amount === null ? null : BigInt(r.fee_amount),
      references: typeof r.references === "string" ? JSON.parse(r.references) : r.references,
      createdAt: new Date(r.created_at),
    }),
  );
}

/**
 * What the member owned on the real ledger (available + held + staked) per asset just before
 * `before`: the sum of the postings to their accounts in entries made earlier.
 */
export async function balancesBefore(
  db: Db,
  input: { userId: string; before: Date },
): Promise<Map<Asset, bigint>> {
  const rows = await queryRows<{ asset: Asset; total: string }>(
    db,
    sql`select a.asset, coalesce(sum(p.amount), 0)::text as total
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
        where a.user_id = ${input.userId} and a.ledger = 'real' and p.ledger = 'real'
          and e.created_at < ${input.before.toISOString()}::timestamptz
        group by a.asset`,
  );
  return new Map(rows.map((r) => [r.asset, BigInt(r.total)]));
}

export type TaxFileKind = "koinly" | "cointracker" | "statement";

export type TaxFileResult =
  | { ok: true; body: Uint8Array<ArrayBuffer> | string; contentType: string; filename: string }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; reason: "bad_year" };

/** One download of the member's tax file: rate-limited per member like the transactions CSV. */
export async function exportTaxFile(
  db: Db,
  input: { userId: string; memberName: string; kind: TaxFileKind; year?: number; clock: Clock },
): Promise<TaxFileResult> {
  const now = input.clock.now();
  if (input.kind === "statement" && !isStatementYear(input.year ?? Number.NaN, now))
    return { ok: false, reason: "bad_year" };
  const decision = await consume(db, `tax-export:${input.userId}`, limits.historyExportsPerUser, input.clock);
  if (!decision.allowed)
    return { ok: false, reason: "rate_limited", retryAfterSeconds: decision.retryAfterSeconds };
  const day = now.toISOString().slice(0, 10);
  if (input.kind === "koinly" || input.kind === "cointracker") {
    const rows = await listTaxRows(db, { userId: input.userId });
    return {
      ok: true,
      body: input.kind === "koinly" ? koinlyCsv(rows) : coinTrackerCsv(rows),
      contentType: "text/csv; charset=utf-8",
      filename: `coinlens-${input.kind}-${day}.csv`,
    };
  }
  const year = input.year ?? now.getUTCFullYear();
  const { start, end } = yearBounds(year);
  const [opening, closing, movements] = await Promise.all([
    balancesBefore(db, { userId: input.userId, before: start }),
    balancesBefore(db, { userId: input.userId, before: end }),
    listTaxRows(db, { userId: input.userId, from: start, to: end }),
  ]);
  const blocks = statementBlocks({
    year,
    memberName: input.memberName,
    opening,
    closing,
    movements,
    generatedAt: now,
  });
  return {
    ok: true,
    body: new Uint8Array(renderLegalPdf(blocks, `Coinlens statement ${year}`)),
    contentType: "application/pdf",
    filename: `coinlens-statement-${year}.pdf`,
  };
}

/** The years the member can ask a statement for: from their first real movement to now. */
export async function memberStatementYears(db: Db, input: { userId: string; now: Date }): Promise<number[]> {
  const [row] = await queryRows<{ first: string | Date | null }>(
    db,
    sql`select min(created_at) as first from ledger_operations where user_id = ${input.userId} and ledger = 'real'`,
  );
  return statementYears(row?.first ? new Date(row.first) : input.now, input.now);
}
