import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/db.ts";
import { addMember } from "../../../tests/membership.ts";
import { queryRows } from "../../db/client.server.ts";
import { newTicketView } from "./views.server.ts";

const t = setupTestDatabase();

async function operation(userId: string, type: string, ledger: "real" | "demo" = "real") {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into ledger_operations (ledger, user_id, type, status, asset, amount)
          values (${ledger}, ${userId}, ${type}, 'pending', 'USD', 2500) returning id::text as id`,
  );
  return row?.id ?? "";
}

describe("the new-ticket form opened for an operation (/support/new?operation=<id>)", () => {
  it("chooses the member's own operation and its category; another member's id chooses nothing", async () => {
    const ann = await addMember(t.db, "ntv-ann");
    const ben = await addMember(t.db, "ntv-ben");
    const annWithdrawal = await operation(ann, "withdrawal");
    // A demo operation is not among the recent real ones the form lists, but it is still hers.
    const annDemoStake = await operation(ann, "stake", "demo");
    const benDeposit = await operation(ben, "deposit");

    const own = await newTicketView(t.db, ann, annWithdrawal);
    expect(own.operation).toBe(annWithdrawal);
    expect(own.category).toBe("withdrawal");
    expect(own.operations.map((o) => o.id)).toContain(annWithdrawal);

    const demo = await newTicketView(t.db, ann, annDemoStake);
    expect(demo.operation).toBe(annDemoStake);
    expect(demo.category).toBe("staking");
    expect(demo.operations[0]?.id).toBe(annDemoStake);

    const other = await newTicketView(t.db, ann, benDeposit);
    expect(other).toEqual({ ...own, operation: "", category: "" });
    expect(other.operations.map((o) => o.id)).not.toContain(benDeposit);

    expect((await newTicketView(t.db, ann, "not-a-number")).operation).toBe("");
  });
});
