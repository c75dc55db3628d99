// The two-admin rule over a rolling window (ADR 0053 addendum): how many admins a member's
// withdrawal needs, decided when it is requested and checked again when it is approved.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server.ts";
import { queryRows } from "../../db/client.server.ts";
import type { TwoAdminRule } from "./types.ts";

/** `total` is cast to text: bigint sums of raw queries are strings on pg, numbers on PGlite. */
interface WindowRow {
  unknown: number | string;
  total: string | number;
}

/**
 * 1 or 2: what the member's withdrawals in the window ending at `asOf` (with `valueMinor` added,
 * the one being decided) need. Withdrawals that moved nothing (cancelled, expired, rejected) do not
 * count; one of unknown value (no fresh price) counts as over the threshold.
 */
export async function approvalsRequiredFor(
  tx: Db,
  input: { userId: string; asOf: Date; excludeId?: bigint; valueMinor: bigint | null; rule: TwoAdminRule },
): Promise<1 | 2> {
  if (input.valueMinor === null) return 2;
  const [row] = await queryRows<WindowRow>(
    tx,
    sql`select count(*) filter (where usd_value is null)::int as unknown, coalesce(sum(usd_value), 0)::text as total
        from withdrawals
        where user_id = ${input.userId} and status not in ('cancelled', 'expired', 'rejected')
          and created_at > ${input.asOf.toISOString()}::timestamptz - make_interval(hours => ${input.rule.windowHours})
          and created_at <= ${input.asOf.toISOString()}::timestamptz
          and id <> ${(input.excludeId ?? -1n).toString()}::bigint`,
  );
  if (Number(row?.unknown ?? 0) > 0) return 2;
  const total = BigInt(String(row?.total ?? "0")) + input.valueMinor;
  return total > input.rule.thresholdUsdMinor ? 2 : 1;
}
