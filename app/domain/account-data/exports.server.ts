// "Download all my data" (ADR 0086): the member asks (at most once an hour), a job on any app
// server builds the ZIP inside one transaction (one consistent snapshot), stores it in the
// database and queues the e-mail with the link in that same transaction (the outbox, ADR 0056).
// Only the member, signed in, downloads it, until it expires; then the job removes the bytes.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { dataExports, users } from "../../../db/schema/index.ts";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import { recordAudit } from "../accounts/audit.server.ts";
import { csvCell } from "../exports/tax-rows.ts";
import { enqueueEmail } from "../mail/outbox.server.ts";
import { collectMemberData, type DataRow, SECTIONS } from "./member-data.server.ts";
import { makeZip } from "./zip.server.ts";

/** One request per rolling hour per member (each reads everything the member has). */
export const EXPORT_EVERY_MS = 60 * 60_000;
const MAX_ATTEMPTS = 3;

const hhmm = (at: Date) => `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;

export type RequestExportResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * Queues a download of everything the member's account holds. The member's row is locked while
 * the last request is read, so two clicks (or two servers) at once queue one file, and the second
 * is told when the next may be asked for.
 */
export function requestDataExport(
  db: Db,
  input: { userId: string; now: Date; ip?: string | undefined; userAgent?: string | undefined },
): Promise<RequestExportResult> {
  const { userId, now } = input;
  return withTx(db, async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [last] = await tx
      .select({ requestedAt: dataExports.requestedAt })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          gt(dataExports.requestedAt, new Date(now.getTime() - EXPORT_EVERY_MS)),
        ),
      )
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    if (last) {
      const next = new Date(last.requestedAt.getTime() + EXPORT_EVERY_MS);
      return {
        ok: false,
        message: `You asked for a copy at ${hhmm(last.requestedAt)}; we e-mail you when it is ready. You can ask for another after ${hhmm(next)}.`,
      };
    }
    const id = randomBytes(16).toString("base64url");
    await tx.insert(dataExports).values({ id, userId, requestedAt: now });
    await recordAudit(
      tx,
      { ip: input.ip, userAgent: input.userAgent, clock: { now: () => now } },
      "data-export-requested",
      userId,
      { exportId: id },
    );
    return { ok: true, id };
  });
}

/** A cell of the CSV files: numbers as they are, everything else as the tax CSVs quote it. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text : csvCell(text);
}

function sectionCsv(rows: readonly DataRow[]): string {
  const header: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!header.includes(key)) header.push(key);
  if (header.length === 0) return "";
  const lines = [
    header.map(csvCell).join(","),
    ...rows.map((row) => header.map((k) => cell(row[k])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

function readme(brand: string, now: Date) {
  return [
    `Your ${brand} data, as it was at ${now.toISOString()}.`,
    "",
    "data.json holds everything; the csv folder holds the same, one file per section.",
    "Amounts are whole numbers of the asset's smallest unit (cents, satoshis ...), written as text so",
    "none is rounded; each has an *_decimal column beside it. Times are UTC (ISO 8601).",
    "",
    "Sections:",
    ...SECTIONS.map((s) => `- ${s.name}: ${s.about}`),
    "",
  ].join("\n");
}

/** The ZIP of everything the member's account holds: README.txt, data.json and csv/<section>.csv. */
export async function buildMemberArchive(db: Db, userId: string, now: Date, brand: string) {
  const data = await collectMemberData(db, userId, now);
  const files = [
    { name: "README.txt", data: Buffer.from(readme(brand, now), "utf8") },
    { name: "data.json", data: Buffer.from(`${JSON.stringify(data, null, 2)}\n`, "utf8") },
    ...SECTIONS.map((s) => ({
      name: `csv/${s.name}.csv`,
      data: Buffer.from(sectionCsv(data.sections[s.name] ?? []), "utf8"),
    })),
  ];
  return makeZip(files, now);
}

/**
 * The job's pass: builds each queued file, one transaction each (claimed with SKIP LOCKED, so
 * servers share the queue), then removes the bytes of files past their expiry. A file that fails
 * three times is marked failed (the member may ask again once the hour has passed).
 */
export async function runDataExports(
  db: Db,
  options: { now: Date; exportDays: number; brand: string; limit?: number },
): Promise<{ built: number; failed: number; expired: number }> {
  let built = 0;
  let failed = 0;
  for (let i = 0; i < (options.limit ?? 20); i++) {
    let claimed: string | undefined;
    try {
      const done = await withTx(db, async (tx) => {
        const [row] = await queryRows<{ id: string; user_id: string }>(
          tx,
          sql`select id, user_id from data_exports where status = 'queued'
              order by requested_at limit 1 for update skip locked`,
        );
        if (!row) return false;
        claimed = row.id;
        const bytes = await buildMemberArchive(tx, row.user_id, options.now, options.brand);
        const expiresAt = new Date(options.now.getTime() + options.exportDays * 86_400_000);
        await tx
          .update(dataExports)
          .set({
            status: "ready",
            readyAt: options.now,
            expiresAt,
            fileName: `data-export-${options.now.toISOString().slice(0, 10)}.zip`,
            size: bytes.length,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            bytes,
          })
          .where(eq(dataExports.id, row.id));
        const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.user_id));
        if (member) {
          await enqueueEmail(tx, `data-export-ready:${row.id}`, {
            to: member.email,
            template: "data-export-ready",
            data: { exportId: row.id, expiresAt: expiresAt.toISOString() },
          });
        }
        return true;
      });
      if (!done) break;
      built++;
    } catch (error) {
      if (!claimed) throw error;
      failed++;
      await db.execute(
        sql`update data_exports set attempts = attempts + 1, last_error = ${String(error).slice(0, 500)},
              status = case when attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else status end
            where id = ${claimed} and status = 'queued'`,
      );
      if (failed >= MAX_ATTEMPTS) break;
    }
  }
  const expired = await db
    .update(dataExports)
    .set({ status: "expired", bytes: null })
    .where(and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, options.now)))
    .returning({ id: dataExports.id });
  return { built, failed, expired: expired.length };
}

/** The member's own ready, unexpired file, or null (someone else's id reads as missing). */
export async function findDownload(db: Db, userId: string, id: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const [row] = await db
    .select({ fileName: dataExports.fileName, bytes: dataExports.bytes })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.userId, userId),
        eq(dataExports.status, "ready"),
        gt(dataExports.expiresAt, now),
      ),
    );
  if (!row?.bytes || !row.fileName) return null;
  return { fileName: row.fileName, bytes: row.bytes };
}

export interface DataExportView {
  id: string;
  status: "queued" | "ready" | "failed" | "expired";
  requestedAt: string;
  expiresAt: string | null;
  size: number | null;
}

/** The member's last few requests, newest first (what the settings card lists). */
export async function myDataExports(db: Db, userId: string, now: Date): Promise<DataExportView[]> {
  const rows = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      requestedAt: dataExports.requestedAt,
      expiresAt: dataExports.expiresAt,
      size: dataExports.size,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(5);
  return rows.map((r) => ({
    id: r.id,
    // Past its expiry but not yet swept by the job: already gone for the member.
    status: r.status === "ready" && r.expiresAt && r.expiresAt <= now ? "expired" : r.status,
    requestedAt: r.requestedAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    size: r.size,
  }));
}
