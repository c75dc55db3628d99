// The database's list of ledger codes is the code's list (LEDGER_CODES): a code added in one place
// and not the other fails here, not in production.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../app/db/client.server.ts";
import { LEDGER_CODES } from "../app/domain/ledger/types.ts";
import { setupTestDatabase } from "../tests/db.ts";

const t = setupTestDatabase();

describe("ledger_entries.code", () => {
  it("the CHECK lists exactly LEDGER_CODES", async () => {
    const [row] = await queryRows<{ def: string }>(
      t.db,
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'ledger_entries_code_check'`,
    );
    const listed = [...(row?.def ?? "").matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...LEDGER_CODES].sort());
  });

  it("the database refuses a code that is not listed", async () => {
    type Failure = { message?: string; cause?: { message?: string } };
    const error: Failure | undefined = await t.db
      .execute(
        sql`insert into ledger_entries (ledger, code, idempotency_key, request_hash) values ('real', 'free text', 'k-1', 'h')`,
      )
      .then(
        () => undefined,
        (e: unknown) => e as Failure,
      );
    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/ledger_entries_code_check/);
  });
});
