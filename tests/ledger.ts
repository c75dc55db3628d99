import { sql } from "drizzle-orm";
import type { Db } from "../app/db/client.server.ts";
import { postEntry } from "../app/domain/ledger/ledger.server.ts";
import type { Ledger } from "../app/domain/ledger/types.ts";
import type { Asset } from "../app/domain/money/assets.ts";

// Money for database tests, through the real ledger: a member's balance is always a deposit that
// the books record, never a row written by hand.

/** Credits `amount` (minor units) of `asset` to a member's available balance, as a deposit. */
export async function creditAvailable(
  db: Db,
  credit: { userId: string; asset: Asset; amount: bigint; ledger?: Ledger; idempotencyKey?: string },
) {
  const { userId, asset, amount } = credit;
  await postEntry(db, {
    idempotencyKey: credit.idempotencyKey ?? `fund-${userId}-${asset}`,
    code: "deposit",
    ledger: credit.ledger ?? "real",
    postings: [
      { account: { system: "deposits", asset }, amount: -amount },
      { account: { userId, kind: "available", asset }, amount },
    ],
  });
}

let counter = 0;

/**
 * A new member row ("Member n", "<id>@example.test", an id starting with `prefix`) with these
 * available balances on the real ledger. Returns the id.
 */
export async function fundedMember(
  db: Db,
  prefix: string,
  funds: Partial<Record<Asset, bigint>> = {},
): Promise<string> {
  const n = ++counter;
  const id = `${prefix}-${n}-${Math.random().toString(36).slice(2, 8)}`;
  await db.execute(
    sql`insert into users (id, name, email) values (${id}, ${`Member ${n}`}, ${`${id}@example.test`})`,
  );
  for (const [asset, amount] of Object.entries(funds) as [Asset, bigint][]) {
    await creditAvailable(db, { userId: id, asset, amount });
  }
  return id;
}
