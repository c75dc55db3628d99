import type { CurrentSession } from "~/domain/accounts/common.server.ts";
import { listMemberAccounts } from "~/domain/accounts/member-accounts.server.ts";
import { notificationCentre } from "~/domain/notifications/notifications.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { accounts } from "~/utils/auth.server.ts";

/** What the app's shell shows of the signed-in member: name, e-mail, the account badge and the bell. */
export async function shellData(session: CurrentSession) {
  const { db } = accounts();
  const memberAccounts = await listMemberAccounts(db, session.user.id);
  const notifications = await notificationCentre(db, session.user.id);
  const selected = memberAccounts.find((a) => a.mode === session.session.accountMode) ?? memberAccounts[0];
  return {
    user: {
      name: session.user.name,
      email: session.user.email,
      // Only shows the way in; every studio page checks the role on the server again.
      writesResearch: hasPermission(session.user.role, "write:research:own"),
    },
    badge: {
      mode: session.session.accountMode,
      plan: selected?.plan ?? "Standard",
      hasDemo: memberAccounts.some((a) => a.mode === "demo"),
    },
    notifications,
  };
}
