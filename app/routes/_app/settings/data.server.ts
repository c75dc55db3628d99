// What the settings pages show, read for the signed-in member.

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

/** The member's real and demo accounts, and which one this session works in. */
export async function accountChoices(session: CurrentSession) {
  return {
    mode: session.session.accountMode,
    memberAccounts: await listMemberAccounts(accounts().db, session.user.id),
  };
}
