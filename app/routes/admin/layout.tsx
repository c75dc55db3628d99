import {
  BadgeCheck,
  CalendarDays,
  ClipboardList,
  Coins,
  FingerprintPattern,
  Gauge,
  Gift,
  Inbox,
  LifeBuoy,
  MessageSquareText,
  MessagesSquare,
  Radar,
  Send,
  ShieldCheck,
  Users,
  Vault,
} from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { deepFreeze } from "~/domain/freeze.ts";
import { hasPermission, type Permission } from "~/domain/payments/permissions.ts";
import { cn } from "~/ui/cn.ts";
import { Logo } from "~/ui/logo.tsx";
import { putSessionOnContext } from "~/utils/auth.server.ts";
import type { Route } from "./+types/layout";
import { AdminShellErrorBoundary } from "./forbidden.tsx";
import { requireStaff } from "./payments-guard.server.ts";

const adminNav: {
  to: string;
  label: string;
  icon: typeof Gauge;
  end?: boolean;
  /** Shown to staff who hold this permission (the page checks it again on the server). */
  permission?: Permission;
}[] = [
  { to: "/admin", label: "Overview", icon: Gauge, end: true },
  { to: "/admin/deposits", label: "Deposits", icon: Inbox, permission: "read:deposit:any" },
  { to: "/admin/withdrawals", label: "Withdrawals", icon: Send, permission: "read:withdrawal:any" },
  { to: "/admin/approvals", label: "Approvals", icon: ShieldCheck, permission: "read:approval:any" },
  { to: "/admin/members", label: "Members", icon: Users, permission: "read:member:any" },
  { to: "/admin/membership", label: "Membership", icon: BadgeCheck, permission: "read:billing:any" },
  { to: "/admin/earn", label: "Earn and trade", icon: Coins, permission: "read:earn:any" },
  { to: "/admin/support", label: "Support", icon: LifeBuoy, permission: "read:ticket:any" },
  { to: "/admin/reserves", label: "Reserves", icon: Vault, permission: "manage:reserves:any" },
  { to: "/admin/comments", label: "Comments", icon: MessagesSquare, permission: "moderate:comment:any" },
  { to: "/admin/events", label: "Live events", icon: CalendarDays, permission: "manage:event:any" },
  {
    to: "/admin/verification",
    label: "Verification",
    icon: FingerprintPattern,
    permission: "review:verification:any",
  },
  { to: "/admin/airdrops", label: "Airdrops", icon: Gift, permission: "manage:airdrop:any" },
  { to: "/admin/smart-money", label: "Smart money", icon: Radar, permission: "manage:watched-address:any" },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquareText, permission: "moderate:review:any" },
  { to: "/admin/audit", label: "Audit log", icon: ClipboardList, permission: "read:audit:any" },
];

/**
 * Runs before every back-office loader and action: signed in (else /login); for anything but a
 * read, a staff role with two-factor sign-in on (else 403) before any action runs. Reads are
 * refused by this layout's loader instead, so the refusal renders here, with its reason (React
 * Router sends an error thrown by middleware to the root's boundary). Each page then checks its
 * own permission in its loader and action.
 */
export const middleware: Route.MiddlewareFunction[] = deepFreeze([
  async (args, next) => {
    await putSessionOnContext(args);
    if (args.request.method !== "GET" && args.request.method !== "HEAD") await requireStaff(args);
    const response = await next();
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
]);

export async function loader(args: Route.LoaderArgs) {
  const session = await requireStaff(args);
  return {
    staff: { name: session.user.name, email: session.user.email, role: session.user.role },
    nav: adminNav
      .filter((item) => !item.permission || hasPermission(session.user.role, item.permission))
      .map(({ to, label, end }) => ({ to, label, end: end ?? false })),
  };
}

export const ErrorBoundary = AdminShellErrorBoundary;

export const meta = () => [{ name: "robots", content: "noindex" }];

// The back-office shell. Each admin route checks its permission on the server itself.
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const icons = new Map(adminNav.map((item) => [item.to, item.icon]));
  return (
    <div className="min-h-dvh nav:grid nav:grid-cols-[15rem_1fr]">
      <aside className="border-b border-line bg-surface nav:min-h-dvh nav:border-r nav:border-b-0">
        <div className="flex h-16 items-center gap-2 px-4">
          <Logo to="/admin" />
          <span className="rounded bg-ink px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-inverse uppercase">
            Admin
          </span>
        </div>
        <nav aria-label="Back-office">
          <ul className="flex gap-1 overflow-x-auto px-2 pb-2 nav:flex-col">
            {loaderData.nav.map(({ to, label, end }) => {
              const Icon = icons.get(to) ?? Gauge;
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                        isActive ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-subtle",
                      )
                    }
                  >
                    <Icon aria-hidden className="size-4" />
                    {label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <p className="hidden px-4 pt-4 text-xs text-muted nav:block">
          Signed in as <span className="font-medium text-ink">{loaderData.staff.email}</span> ·{" "}
          {loaderData.staff.role}
        </p>
      </aside>
      <main id="main" className="min-w-0 p-4 nav:p-8">
        <Outlet />
      </main>
    </div>
  );
}
