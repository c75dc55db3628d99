// The settings pages' workflows for account data (ADR 0086): each is one call from a route, which
// parses the form and maps the result to a response.
import type { Db } from "../../db/client.server.ts";
import { endAuthSession } from "../accounts/better-auth-adapter.server.ts";
import type { AccountsEnv, CurrentSession, RequestMeta } from "../accounts/common.server.ts";
import { audit } from "../accounts/common.server.ts";
import { type CloseAccountResult, closeAccount, closureBlockers } from "./closure.server.ts";
import { findDownload, myDataExports, requestDataExport } from "./exports.server.ts";

export async function dataPageView(db: Db, userId: string, now: Date) {
  return { exports: await myDataExports(db, userId, now) };
}

export function askForDataExport(db: Db, env: AccountsEnv, session: CurrentSession, meta: RequestMeta) {
  return requestDataExport(db, {
    userId: session.user.id,
    now: env.clock.now(),
    ip: meta.ip,
    userAgent: meta.headers.get("user-agent") ?? undefined,
  });
}

/** The member's own file by id (the e-mailed link's page), or null: someone else's reads as missing. */
export async function dataFileView(db: Db, userId: string, id: string, now: Date) {
  const mine = await myDataExports(db, userId, now);
  const found = mine.find((e) => e.id === id);
  if (found) return found;
  // Older than the last five, or not the member's: only a ready one of the member's is shown.
  const file = await findDownload(db, userId, id, now);
  return file
    ? { id, status: "ready" as const, requestedAt: null, expiresAt: null, size: file.bytes.length }
    : null;
}

/** The file's bytes for its member, signed in, until it expires; each download is audited. */
export async function takeDownload(
  db: Db,
  env: AccountsEnv,
  session: CurrentSession,
  id: string,
  meta: RequestMeta,
) {
  const file = await findDownload(db, session.user.id, id, env.clock.now());
  if (!file) return null;
  await audit(db, env, meta, "data-export-downloaded", session.user.id, { exportId: id });
  return file;
}

export async function closePageView(db: Db, session: CurrentSession) {
  return {
    blockers: await closureBlockers(db, session.user.id),
    twoFactor: session.user.twoFactorEnabled,
  };
}

/** Closes the account; on success also the cookie-clearing headers of this (already ended) session. */
export async function closeMyAccount(
  db: Db,
  env: AccountsEnv,
  session: CurrentSession,
  input: { password: string; code: string },
  meta: RequestMeta,
  retentionDays: number,
): Promise<CloseAccountResult & { setCookies?: string[] }> {
  const result = await closeAccount(db, env, session, input, meta, retentionDays);
  if (!result.ok) return result;
  const setCookies = await endAuthSession(env.auth, meta).catch(() => []);
  return { ok: true, setCookies };
}
