import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_ROOT } from "../../../../tests/chain-keys.ts";
import { setupTestDatabase } from "../../../../tests/db.ts";
import { addMember } from "../../../../tests/membership.ts";
import type { Db } from "../../../db/client.server.ts";
import type { BalanceReaders } from "../../chain/balances.server.ts";
import { createSimulatedBalanceReader } from "../../chain/balances.server.ts";
import { convertExtendedPublicKey } from "../../chain/extended-key.ts";
import { simulateSend } from "../../chain/simulated.server.ts";
import { ChainProviderError } from "../../chain/watcher.ts";
import { currentHoldings, listOutsideTransactions, listWatchedWallets } from "../sources.server.ts";
import { validateManual } from "./manual-rules.ts";
import {
  addManualTransaction,
  confirmImport,
  deleteImport,
  listImports,
  previewImport,
} from "./transactions.server.ts";
import { xpubDeriver } from "./wallet-rules.ts";
import { addWallet, deleteWallet, refreshWallets } from "./wallets.server.ts";

const t = setupTestDatabase();
const NOW = new Date("2026-11-01T12:00:00Z");
const BTC_ADDRESS = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const TRON_ADDRESS = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";
const kraken = readFileSync(
  path.join(import.meta.dirname, "../../../../tests/fixtures/portfolio-imports/kraken-ledgers.csv"),
  "utf8",
);

function simulated(db: Db): BalanceReaders {
  return {
    bitcoin: createSimulatedBalanceReader(db, "bitcoin"),
    tron: createSimulatedBalanceReader(db, "tron"),
    bitcoinNetwork: "mainnet",
  };
}

async function manual(db: Db, userId: string, form: Record<string, string>) {
  const checked = validateManual(
    { asset: "BTC", value: "", fee: "", note: "", ...form } as Record<string, string>,
    NOW,
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return addManualTransaction(db, userId, checked.tx);
}

describe("watch-only wallets on the simulated chain", () => {
  it("reads an address's balance when added and on refresh; refuses a duplicate; only its owner deletes it", async () => {
    const db = t.db;
    await addMember(db, "w-a");
    await addMember(db, "w-b");
    await simulateSend(db, { chain: "bitcoin", address: BTC_ADDRESS, amountMinor: 150_000n });
    const added = await addWallet(db, simulated(db), "w-a", {
      type: "btc-address",
      label: "Cold",
      value: BTC_ADDRESS,
    });
    expect(added).toMatchObject({ ok: true, lookupError: null });
    expect((await listWatchedWallets(db, "w-a"))[0]).toMatchObject({
      balanceMinor: 150_000n,
      asset: "BTC",
      lastError: null,
    });
    await simulateSend(db, { chain: "bitcoin", address: BTC_ADDRESS, amountMinor: 50_000n });
    expect(await refreshWallets(db, simulated(db), "w-a")).toEqual({ refreshed: 1, failed: 0 });
    expect((await listWatchedWallets(db, "w-a"))[0]?.balanceMinor).toBe(200_000n);
    expect(
      await addWallet(db, simulated(db), "w-a", {
        type: "btc-address",
        label: "Again",
        value: BTC_ADDRESS.toUpperCase(),
      }),
    ).toEqual({
      ok: false,
      errors: { value: "You already watch this wallet." },
    });
    // Another member may watch the same address; neither sees the other's row.
    expect(
      (await addWallet(db, simulated(db), "w-b", { type: "btc-address", label: "Mine", value: BTC_ADDRESS }))
        .ok,
    ).toBe(true);
    expect(await listWatchedWallets(db, "w-b")).toHaveLength(1);
    const id = BigInt((added as { id: string }).id);
    expect(await deleteWallet(db, "w-b", id)).toBe(false);
    expect(await listWatchedWallets(db, "w-a")).toHaveLength(1);
    expect(await deleteWallet(db, "w-a", id)).toBe(true);
    expect(await listWatchedWallets(db, "w-a")).toHaveLength(0);
  });

  it("sums an xpub's receive and change addresses up to the gap limit of 20", async () => {
    const db = t.db;
    await addMember(db, "w-x");
    // Account 1: account 0's first address is the one the test above funded.
    const zpub = convertExtendedPublicKey(TEST_ROOT.derive("m/84'/0'/1'").publicExtendedKey, "zpub");
    const derive = xpubDeriver(zpub, "mainnet");
    await simulateSend(db, { chain: "bitcoin", address: derive(0, 0), amountMinor: 1_000n });
    await simulateSend(db, { chain: "bitcoin", address: derive(0, 3), amountMinor: 2_000n });
    await simulateSend(db, { chain: "bitcoin", address: derive(1, 1), amountMinor: 4_000n });
    // 21 unused addresses after index 3: beyond the gap limit, never scanned.
    await simulateSend(db, { chain: "bitcoin", address: derive(0, 25), amountMinor: 8_000n });
    expect(
      (await addWallet(db, simulated(db), "w-x", { type: "btc-xpub", label: "Phone", value: zpub })).ok,
    ).toBe(true);
    expect((await listWatchedWallets(db, "w-x"))[0]).toMatchObject({ kind: "xpub", balanceMinor: 7_000n });
  });

  it("keeps the last balance and says what went wrong when the provider fails", async () => {
    const db = t.db;
    await addMember(db, "w-f");
    await simulateSend(db, { chain: "tron", address: TRON_ADDRESS, amountMinor: 25_000_000n });
    expect(
      (
        await addWallet(db, simulated(db), "w-f", {
          type: "tron-address",
          label: "USDT",
          value: TRON_ADDRESS,
        })
      ).ok,
    ).toBe(true);
    const failing: BalanceReaders = {
      ...simulated(db),
      tron: {
        chain: "tron",
        asset: "USDT",
        balanceOf: async () => {
          throw new ChainProviderError("TronGrid rate limit reached", { status: 429 });
        },
      },
    };
    expect(await refreshWallets(db, failing, "w-f")).toEqual({ refreshed: 0, failed: 1 });
    expect((await listWatchedWallets(db, "w-f"))[0]).toMatchObject({
      balanceMinor: 25_000_000n,
      lastError: "The TRON data provider is busy. The last balance is kept; try again in a few minutes.",
    });
  });
});

describe("typed transactions", () => {
  it("refuses a sale or send larger than what was held elsewhere then, or one a later sale needs", async () => {
    const db = t.db;
    await addMember(db, "m-a");
    expect(
      await manual(db, "m-a", {
        kind: "sell",
        quantity: "0.1",
        value: "100",
        occurredAt: "2026-01-01T10:00",
      }),
    ).toEqual({
      ok: false,
      field: "quantity",
      message: "You held 0 BTC elsewhere at that time; you cannot sell more than that.",
    });
    expect(
      (
        await manual(db, "m-a", {
          kind: "buy",
          quantity: "1",
          value: "60000",
          fee: "12.50",
          occurredAt: "2026-01-02T10:00",
        })
      ).ok,
    ).toBe(true);
    expect(
      await manual(db, "m-a", { kind: "sell", quantity: "1.5", value: "1", occurredAt: "2026-01-03T10:00" }),
    ).toMatchObject({
      ok: false,
      message: "You held 1 BTC elsewhere at that time; you cannot sell more than that.",
    });
    expect(
      (
        await manual(db, "m-a", {
          kind: "sell",
          quantity: "0.5",
          value: "35000",
          occurredAt: "2026-01-05T10:00",
        })
      ).ok,
    ).toBe(true);
    expect(
      await manual(db, "m-a", { kind: "send", quantity: "0.6", occurredAt: "2026-01-04T10:00" }),
    ).toMatchObject({
      ok: false,
      message: "A later sale or send of BTC needs these coins; you cannot send them here.",
    });
    const rows = await listOutsideTransactions(db, "m-a");
    expect(rows.map((r) => [r.kind, r.quantityMinor, r.valueUsdCents, r.feeUsdCents])).toEqual([
      ["buy", 100_000_000n, 6_000_000n, 1_250n],
      ["sell", 50_000_000n, 3_500_000n, 0n],
    ]);
  });

  it("validates the form with messages beside the fields", () => {
    expect(
      validateManual(
        { kind: "buy", asset: "BTC", quantity: "0.123456789", value: "", occurredAt: "2030-01-01T00:00" },
        NOW,
      ),
    ).toEqual({
      ok: false,
      errors: {
        quantity: "BTC amounts have at most 8 decimals.",
        value: "Enter the total in USD, such as 1250.00.",
        occurredAt: "The date cannot be in the future.",
      },
    });
    expect(
      validateManual({ kind: "reward", asset: "DOGE", quantity: "1", occurredAt: "2026-01-01T00:00" }, NOW),
    ).toMatchObject({
      ok: false,
      errors: { asset: "Choose an asset." },
    });
  });
});

describe("CSV imports", () => {
  it("imports once; the same file again adds nothing; deleting the import removes its lines; another member sees none", async () => {
    const db = t.db;
    await addMember(db, "i-a");
    await addMember(db, "i-b");
    const preview = await previewImport(db, "i-a", "kraken", kraken);
    if (!preview.ok) throw new Error(preview.message);
    expect([preview.preview.newCount, preview.preview.duplicateCount, preview.preview.errorCount]).toEqual([
      4, 1, 2,
    ]);
    expect(await listOutsideTransactions(db, "i-a")).toEqual([]); // the preview stores nothing
    const first = await confirmImport(db, "i-a", { source: "kraken", fileName: "ledgers.csv", text: kraken });
    expect(first).toMatchObject({ ok: true, added: 4, skipped: 8 });
    const second = await confirmImport(db, "i-a", {
      source: "kraken",
      fileName: "ledgers.csv",
      text: kraken,
    });
    expect(second).toEqual({ ok: true, added: 0, skipped: 12, importId: null });
    const again = await previewImport(db, "i-a", "kraken", kraken);
    expect(again.ok && [again.preview.newCount, again.preview.duplicateCount]).toEqual([0, 5]);
    expect(await listImports(db, "i-a")).toHaveLength(1);
    expect(await listOutsideTransactions(db, "i-a")).toHaveLength(4);
    // The other member: nothing of it, and the same file is all new for them.
    expect(await listOutsideTransactions(db, "i-b")).toEqual([]);
    expect(await listImports(db, "i-b")).toEqual([]);
    const theirs = await previewImport(db, "i-b", "kraken", kraken);
    expect(theirs.ok && theirs.preview.newCount).toBe(4);
    const importId = BigInt((first as { importId: string }).importId);
    expect(await deleteImport(db, "i-b", importId)).toBe(false);
    expect(await deleteImport(db, "i-a", importId)).toBe(true);
    expect(await listOutsideTransactions(db, "i-a")).toEqual([]);
  });

  it("two confirmations at once add the file's lines once", async () => {
    const db = t.db;
    await addMember(db, "i-c");
    const both = await Promise.all([
      confirmImport(db, "i-c", { source: "kraken", fileName: "a.csv", text: kraken }),
      confirmImport(db, "i-c", { source: "kraken", fileName: "a.csv", text: kraken }),
    ]);
    expect(both.map((r) => (r.ok ? r.added : -1)).sort()).toEqual([0, 4]);
    expect(await listImports(db, "i-c")).toHaveLength(1);
    expect(await listOutsideTransactions(db, "i-c")).toHaveLength(4);
  });
});

describe("currentHoldings", () => {
  it("counts the watch-only wallets' balances and the outside transactions' net", async () => {
    const db = t.db;
    await addMember(db, "h-a");
    const address = "bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el";
    await simulateSend(db, { chain: "bitcoin", address, amountMinor: 300_000n });
    await addWallet(db, simulated(db), "h-a", { type: "btc-address", label: "Ledger", value: address });
    await manual(db, "h-a", { kind: "buy", quantity: "0.02", value: "1200", occurredAt: "2026-02-01T09:00" });
    await manual(db, "h-a", { kind: "send", quantity: "0.005", occurredAt: "2026-02-02T09:00" });
    expect(await currentHoldings(db, "h-a")).toEqual([
      {
        asset: "BTC",
        coinlensMinor: 0n,
        elsewhereMinor: 1_500_000n,
        walletsMinor: 300_000n,
        totalMinor: 1_800_000n,
      },
    ]);
    expect(await currentHoldings(db, "w-b-none")).toEqual([]);
  });
});
