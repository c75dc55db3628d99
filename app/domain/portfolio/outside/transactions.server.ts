// Transactions made elsewhere (ADR 0078): typed ones (a sale or a send never more than the member
// holds elsewhere at that moment) and CSV imports (preview without storing anything; confirm
// re-reads the file itself, and one database transaction writes the import and its lines with
// `on conflict do nothing` on the dedupe key, so a double click or a second tab adds nothing).
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { portfolioImports, portfolioTransactions } from "../../../../db/schema/index.ts";
import type { Db } from "../../../db/client.server.ts";
import { formatAmount } from "../../money/amount.ts";
import type { ImportSource, ParsedLine } from "./lines.ts";
import type { ManualTransaction } from "./manual-rules.ts";
import { parseImportFile } from "./presets.ts";

async function lockMember(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`portfolio-outside:${userId}`}))`);
}

/**
 * Adds a typed transaction. A sale or a send is refused when the member's outside transactions
 * hold less of the asset at that moment, or when it would leave a later sale short.
 */
export async function addManualTransaction(
  db: Db,
  userId: string,
  input: ManualTransaction,
): Promise<{ ok: true; id: string } | { ok: false; field: "quantity"; message: string }> {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    if (input.kind === "sell" || input.kind === "send") {
      const rows = await tx
        .select({
          kind: portfolioTransactions.kind,
          q: portfolioTransactions.quantityMinor,
          at: portfolioTransactions.occurredAt,
        })
        .from(portfolioTransactions)
        .where(and(eq(portfolioTransactions.userId, userId), eq(portfolioTransactions.asset, input.asset)));
      const signed = (kind: string, q: bigint) => (kind === "sell" || kind === "send" ? -q : q);
      const before = rows
        .filter((r) => r.at.getTime() <= input.occurredAt.getTime())
        .reduce((sum, r) => sum + signed(r.kind, r.q), 0n);
      const held = before > 0n ? before : 0n;
      const words = input.kind === "sell" ? "sell" : "send";
      if (input.quantityMinor > held) {
        return {
          ok: false,
          field: "quantity",
          message: `You held ${formatAmount(held, input.asset)} ${input.asset} elsewhere at that time; you cannot ${words} more than that.`,
        } as const;
      }
      let running = before - input.quantityMinor;
      const later = rows
        .filter((r) => r.at.getTime() > input.occurredAt.getTime())
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const r of later) {
        running += signed(r.kind, r.q);
        if (running < 0n) {
          return {
            ok: false,
            field: "quantity",
            message: `A later sale or send of ${input.asset} needs these coins; you cannot ${words} them here.`,
          } as const;
        }
      }
    }
    const [row] = await tx
      .insert(portfolioTransactions)
      .values({ userId, source: "manual", ...input, dedupeKey: `manual:${randomUUID()}` })
      .returning({ id: portfolioTransactions.id });
    return { ok: true, id: String(row?.id) } as const;
  });
}

/** Deletes one typed transaction (imported ones go with their import). */
export async function deleteManualTransaction(db: Db, userId: string, id: bigint): Promise<boolean> {
  const gone = await db
    .delete(portfolioTransactions)
    .where(
      and(
        eq(portfolioTransactions.id, id),
        eq(portfolioTransactions.userId, userId),
        eq(portfolioTransactions.source, "manual"),
      ),
    )
    .returning({ id: portfolioTransactions.id });
  return gone.length > 0;
}

export type PreviewLine =
  | ParsedLine
  | { line: number; status: "new"; tx: Extract<ParsedLine, { status: "transaction" }>["tx"] };

export interface ImportPreview {
  lines: PreviewLine[];
  newCount: number;
  duplicateCount: number;
  errorCount: number;
  ignoredCount: number;
}

/** Reads the file and compares it with what the member already has. Stores nothing. */
export async function previewImport(
  db: Db,
  userId: string,
  source: ImportSource,
  text: string,
): Promise<{ ok: true; preview: ImportPreview } | { ok: false; message: string }> {
  const parsed = parseImportFile(source, text);
  if (!parsed.ok) return parsed;
  const keys = parsed.lines.flatMap((l) => (l.status === "transaction" ? [l.tx.dedupeKey] : []));
  const stored = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: portfolioTransactions.dedupeKey })
      .from(portfolioTransactions)
      .where(
        and(
          eq(portfolioTransactions.userId, userId),
          inArray(portfolioTransactions.dedupeKey, keys.slice(i, i + 1000)),
        ),
      );
    for (const r of rows) stored.add(r.key);
  }
  const lines = parsed.lines.map((l): PreviewLine => {
    if (l.status !== "transaction") return l;
    if (stored.has(l.tx.dedupeKey))
      return { line: l.line, status: "duplicate", message: "Already imported." };
    return { line: l.line, status: "new", tx: l.tx };
  });
  const countOf = (s: PreviewLine["status"]) => lines.filter((l) => l.status === s).length;
  return {
    ok: true,
    preview: {
      lines,
      newCount: countOf("new"),
      duplicateCount: countOf("duplicate"),
      errorCount: countOf("error"),
      ignoredCount: countOf("ignored"),
    },
  };
}

/** Imports the file's new lines. Re-reads the file: nothing the browser sent back is trusted. */
export async function confirmImport(
  db: Db,
  userId: string,
  input: { source: ImportSource; fileName: string; text: string },
): Promise<
  { ok: true; added: number; skipped: number; importId: string | null } | { ok: false; message: string }
> {
  const parsed = parseImportFile(input.source, input.text);
  if (!parsed.ok) return parsed;
  const txs = parsed.lines.flatMap((l) => (l.status === "transaction" ? [l.tx] : []));
  const fileName = input.fileName.trim().slice(0, 120) || "import.csv";
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [imported] = await tx
      .insert(portfolioImports)
      .values({ userId, source: input.source, fileName, rowsAdded: 0, rowsSkipped: 0 })
      .returning({ id: portfolioImports.id });
    if (!imported) throw new Error("import row not written");
    let added = 0;
    for (let i = 0; i < txs.length; i += 500) {
      const rows = await tx
        .insert(portfolioTransactions)
        .values(
          txs.slice(i, i + 500).map((t) => ({ userId, source: input.source, importId: imported.id, ...t })),
        )
        .onConflictDoNothing()
        .returning({ id: portfolioTransactions.id });
      added += rows.length;
    }
    const skipped = parsed.lines.length - added;
    if (added === 0) {
      await tx.delete(portfolioImports).where(eq(portfolioImports.id, imported.id));
      return { ok: true, added, skipped, importId: null } as const;
    }
    await tx
      .update(portfolioImports)
      .set({ rowsAdded: added, rowsSkipped: skipped })
      .where(eq(portfolioImports.id, imported.id));
    return { ok: true, added, skipped, importId: imported.id.toString() } as const;
  });
}

export async function deleteImport(db: Db, userId: string, id: bigint): Promise<boolean> {
  const gone = await db
    .delete(portfolioImports)
    .where(and(eq(portfolioImports.id, id), eq(portfolioImports.userId, userId)))
    .returning({ id: portfolioImports.id });
  return gone.length > 0;
}

export async function listImports(db: Db, userId: string) {
  return db
    .select()
    .from(portfolioImports)
    .where(eq(portfolioImports.userId, userId))
    .orderBy(desc(portfolioImports.createdAt), desc(portfolioImports.id));
}
