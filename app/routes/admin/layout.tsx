import { ClipboardList, Coins, Gauge, Inbox, MessageSquareText, Send, Users } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { cn } from "~/ui/cn.ts";
import { Logo } from "~/ui/logo.tsx";

const adminNav = [
  { to: "/admin", label: "Overview", icon: Gauge, end: true },
  { to: "/admin/deposits", label: "Deposits", icon: Inbox },
  { to: "/admin/withdrawals", label: "Withdrawals", icon: Send },
  { to: "/admin/members", label: "Members", icon: Users },
  { to: "/admin/earn", label: "Earn and trade", icon: Coins },
  { to: "/admin/reviews", label: "Reviews", icon: MessageSquareText },
  { to: "/admin/audit", label: "Audit log", icon: ClipboardList },
];

// The back-office shell. Each admin route checks its permission on the server itself.
export default function AdminLayout() {
  return (
    <div className="min-h-dvh nav:grid nav:grid-cols-[15rem_1fr]">
      <aside className="border-b border-line bg-surface nav:min-h-dvh nav:border-r nav:border-b-0">
        <div className="flex h-16 items-center gap-2 px-4">
          <Logo to="/admin" />
          <span className="rounded bg-ink px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase">
            Admin
          </span>
        </div>
        <nav aria-label="Back-office">
          <ul className="flex gap-1 overflow-x-auto px-2 pb-2 nav:flex-col">
            {adminNav.map(({ to, label, icon: Icon, end }) => (
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
            ))}
          </ul>
        </nav>
      </aside>
      <main id="main" className="min-w-0 p-4 nav:p-8">
        <Outlet />
      </main>
    </div>
  );
}
