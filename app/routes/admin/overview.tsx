import { ClipboardList, Inbox, Send, Users } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { listDepositsByStatus } from "~/domain/deposits/deposits.server.ts";
import { countMembers } from "~/domain/members/members.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { countWithdrawalsByStatus } from "~/domain/withdrawals/records.server.ts";
import { Card } from "~/ui/card.tsx";
import type { Route } from "./+types/overview";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requireStaff } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Back-office · Coinlens" }, { name: "robots", content: "noindex" }];

interface Tile {
  to: string;
  title: string;
  value: string;
  note: string;
  icon: "withdrawals" | "deposits" | "members" | "audit";
}

/** What needs attention, limited to what the signed-in role may read (each queue checks again). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireStaff(args);
  const role = session.user.role;
  const db = getDb();
  const tiles: Tile[] = [];
  if (hasPermission(role, "read:withdrawal:any")) {
    const counts = await countWithdrawalsByStatus(db);
    tiles.push({
      to: "/admin/withdrawals",
      title: "Withdrawals to review",
      value: String((counts.pending ?? 0) + (counts.approved ?? 0)),
      note: `${counts.approved ?? 0} approved, waiting to be marked sent · ${counts.unconfirmed ?? 0} waiting for the member's e-mail confirmation`,
      icon: "withdrawals",
    });
  }
  if (hasPermission(role, "read:deposit:any")) {
    const detected = await listDepositsByStatus(db, ["detected", "confirming"], 1000);
    tiles.push({
      to: "/admin/deposits",
      title: "Deposits on the way",
      value: String(detected.length),
      note: "Detected on chain, waiting for confirmations or a decision",
      icon: "deposits",
    });
  }
  if (hasPermission(role, "read:member:any")) {
    const members = await countMembers(db);
    tiles.push({
      to: "/admin/members",
      title: "Members",
      value: String(members.total),
      note: `${members.disabled} disabled · ${members.closed} closed`,
      icon: "members",
    });
  }
  if (hasPermission(role, "read:audit:any")) {
    tiles.push({
      to: "/admin/audit",
      title: "Audit log",
      value: "—",
      note: "Every sign-in, security change and back-office action",
      icon: "audit",
    });
  }
  return { name: session.user.firstName || session.user.name, tiles };
}

const ICONS = { withdrawals: Send, deposits: Inbox, members: Users, audit: ClipboardList };

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Back-office</h1>
        <p className="text-sm text-muted">Hello {loaderData.name}. Here is what needs attention.</p>
      </header>
      {loaderData.tiles.length === 0 ? (
        <Card className="p-6 text-sm text-muted">Your role has no back-office queue yet.</Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {loaderData.tiles.map((tile) => {
            const Icon = ICONS[tile.icon];
            return (
              <li key={tile.to}>
                <Link
                  to={tile.to}
                  className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <Card className="h-full p-5 hover:border-brand">
                    <div className="flex items-center justify-between gap-2">
                      <h2 className="text-sm font-semibold text-ink">{tile.title}</h2>
                      <Icon aria-hidden className="size-5 text-brand" />
                    </div>
                    <p className="mt-3 text-3xl font-bold text-ink tabular-nums">{tile.value}</p>
                    <p className="mt-1 text-xs text-muted">{tile.note}</p>
                  </Card>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
