// What the settings pages show, read for the signed-in member.
import { randomUUID } from "node:crypto";
import type { CurrentSession } from "~/domain/accounts/common.server.ts";
import { listMemberAccounts } from "~/domain/accounts/member-accounts.server.ts";
import { listSessions } from "~/domain/accounts/sessions.server.ts";
import { describeUserAgent } from "~/domain/accounts/user-agent.ts";
import { accounts } from "~/utils/auth.server.ts";
import type { SessionRow } from "./views.ts";

/** The member's devices, newest activity first; `current` marks this one. */
export async function sessionRows(session: CurrentSession): Promise<SessionRow[]> {
  const rows = await listSessions(accounts().db, session.user.id);
  return rows.map((s) => ({
    id: s.id,
    current: s.id === session.session.id,
    device: describeUserAgent(s.userAgent),
    ip: s.ipAddress ?? "unknown",
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
  }));
}

/**
 * The member's real and demo accounts, which one this session works in, and the form key of the
 * demo balance reset (ADR 0071) offered while it works in Demo: a new one each time the data is
 * read, so the next reset after one is a new request.
 */
export async function accountChoices(session: CurrentSession) {
  const mode = session.session.accountMode;
  return {
    mode,
    memberAccounts: await listMemberAccounts(accounts().db, session.user.id),
    demoResetKey: mode === "demo" ? randomUUID() : null,
  };
}
