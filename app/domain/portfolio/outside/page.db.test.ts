import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../../tests/db.ts";
import { addMember } from "../../../../tests/membership.ts";
import type { Db } from "../../../db/client.server.ts";
import { type BalanceReaders, createSimulatedBalanceReader } from "../../chain/balances.server.ts";
import { listOutsideTransactions } from "../sources.server.ts";
import { accountsAction, accountsPage, BALANCE_LOOKUPS_PER_MEMBER, TOO_MANY_LOOKUPS } from "./page.server.ts";

const t = setupTestDatabase();
const coinbase = readFileSync(
  path.join(
    import.meta.dirname,
    "../../../../tests/fixtures/portfolio-imports/coinbase-transaction-history.csv",
  ),
  "utf8",
);

const readers = (db: Db): BalanceReaders => ({
  bitcoin: createSimulatedBalanceReader(db, "bitcoin"),
  tron: createSimulatedBalanceReader(db, "tron"),
  bitcoinNetwork: "testnet",
});

function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe("the Holdings elsewhere page's actions", () => {
  it("previews a Coinbase file without storing it, imports it from the text sent back, and lists it", async () => {
    const db = t.db;
    await addMember(db, "pa-a");
    const file = { name: "coinbase.csv", text: coinbase };
    const preview = await accountsAction(db, "pa-a", form({ intent: "preview", source: "coinbase" }), {
      readers: readers(db),
      file,
    });
    if (!preview.ok || !preview.preview) throw new Error(JSON.stringify(preview));
    expect(preview.preview).toMatchObject({ newCount: 5, duplicateCount: 1, errorCount: 3, ignoredCount: 0 });
    expect(preview.preview.rows[0]).toEqual({
      line: 4,
      status: "new",
      text: "Buy 0.01 BTC · $431.37",
      at: "2024-01-15T10:30:00.000Z",
    });
    expect(await listOutsideTransactions(db, "pa-a")).toEqual([]);
    const done = await accountsAction(db, "pa-a", form({ intent: "import", source: "coinbase" }), {
      readers: readers(db),
      file,
    });
    expect(done).toMatchObject({ ok: true, message: "5 transactions imported, 4 lines skipped." });
    const page = await accountsPage(db, "pa-a", { staleSeconds: 600 });
    expect(page.imports).toMatchObject([
      { sourceLabel: "Coinbase", fileName: "coinbase.csv", rowsAdded: 5, rowsSkipped: 4 },
    ]);
    expect(page.transactions.map((r) => `${r.kindLabel} ${r.quantityText} ${r.asset}`)).toEqual([
      "Send 0.001 BTC",
      "Sell 0.002 BTC",
      "Staking reward 0.00123 ETH",
      "Buy 0.5 ETH",
      "Buy 0.01 BTC",
    ]);
    expect((await accountsPage(db, "pa-other", { staleSeconds: 600 })).transactions).toEqual([]);
  });

  it("refuses a preview without a file or an exchange, with the message beside the field", async () => {
    const db = t.db;
    await addMember(db, "pa-b");
    expect(
      await accountsAction(db, "pa-b", form({ intent: "preview", source: "coinbase" }), {
        readers: readers(db),
        file: null,
      }),
    ).toEqual({
      ok: false,
      intent: "preview",
      errors: { file: "Choose a CSV file." },
    });
    expect(
      await accountsAction(db, "pa-b", form({ intent: "preview", source: "ftx" }), {
        readers: readers(db),
        file: { name: "a.csv", text: "x" },
      }),
    ).toMatchObject({ ok: false, errors: { source: "Choose the exchange the file comes from." } });
    expect(
      await accountsAction(db, "pa-b", form({ intent: "preview", source: "kraken" }), {
        readers: readers(db),
        file: { name: "big.csv", text: "", tooLarge: true },
      }),
    ).toMatchObject({
      ok: false,
      errors: { file: "The file is larger than 1 MB. Export a shorter period." },
    });
  });

  it("limits balance lookups per member", async () => {
    const db = t.db;
    await addMember(db, "pa-c");
    for (let i = 0; i < BALANCE_LOOKUPS_PER_MEMBER.limit; i++) {
      expect(
        await accountsAction(db, "pa-c", form({ intent: "refresh" }), { readers: readers(db) }),
      ).toMatchObject({ ok: true });
    }
    expect(await accountsAction(db, "pa-c", form({ intent: "refresh" }), { readers: readers(db) })).toEqual({
      ok: false,
      intent: "refresh",
      errors: { form: TOO_MANY_LOOKUPS },
    });
    // Another member's lookups are their own.
    await addMember(db, "pa-d");
    expect(
      await accountsAction(db, "pa-d", form({ intent: "refresh" }), { readers: readers(db) }),
    ).toMatchObject({ ok: true });
  });
});
