import {
  ArrowLeftRight,
  BellRing,
  BookOpen,
  CalendarDays,
  CandlestickChart,
  ChartLine,
  ChartPie,
  Compass,
  Eye,
  Gift,
  House,
  LogOut,
  Newspaper,
  PenLine,
  Radar,
  Repeat,
  Settings,
  Sparkles,
  Target,
  Trophy,
  Wallet,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink, useSubmit } from "react-router";
import { deepFreeze } from "../../domain/freeze.ts";
import { buttonClass } from "../button.tsx";
import { cn } from "../cn.ts";
import {
  DropdownMenu,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from "../dropdown-menu.tsx";
import { Logo } from "../logo.tsx";
import { ThemeMenuItems } from "../theme.tsx";
import { HelpButton } from "./help-button.tsx";
import { type BellData, NotificationBell } from "./notification-bell.tsx";

export interface ShellUser {
  name: string;
  email: string;
  /** An analyst or admin: the menu offers the research studio. */
  writesResearch?: boolean;
}

// The seed's bottom navigation on the main screens.
export const appNav = deepFreeze([
  { to: "/dashboard", label: "Dashboard", icon: House },
  { to: "/wallet", label: "Wallet", icon: Wallet },
  { to: "/etf", label: "ETF", icon: ChartLine },
  { to: "/transactions", label: "Transaction", icon: ArrowLeftRight },
  { to: "/news", label: "News", icon: Newspaper },
]);

// The top bar on wide screens: the seed's five, with the portfolio tracker beside the dashboard
// where there is room for it (the bottom bar on phones keeps the seed's five; the avatar menu
// offers the portfolio on every screen).
const desktopNav = deepFreeze(
  appNav.flatMap((item) => [
    { ...item, wideOnly: false },
    ...(item.to === "/dashboard"
      ? [{ to: "/portfolio", label: "Portfolio", icon: ChartPie, wideOnly: true }]
      : []),
  ]),
);

// The avatar menu's pages in sections, so a member finds a tool by what it is for; the research
// studio only for those who write research (the studio checks the role again on the server).
// Settings sits with the theme and Sign out, where account menus usually keep it.
const menuSections = deepFreeze([
  {
    label: "Invest",
    links: [
      { to: "/portfolio", label: "Portfolio", icon: ChartPie },
      { to: "/watchlists", label: "Watchlists", icon: Eye },
      { to: "/alerts", label: "Price alerts", icon: BellRing },
      { to: "/recurring", label: "Recurring buys", icon: Repeat },
    ],
  },
  {
    label: "Research",
    links: [
      { to: "/research", label: "Research", icon: BookOpen },
      { to: "/market-direction", label: "Market direction", icon: Compass },
      { to: "/picks", label: "Picks track record", icon: Target },
      { to: "/setups", label: "Trading setups", icon: CandlestickChart },
      { to: "/smart-money", label: "Smart money", icon: Radar },
      { to: "/events", label: "Live events", icon: CalendarDays },
      { to: "/studio", label: "Research studio", icon: PenLine },
    ],
  },
  {
    label: "Community",
    links: [
      { to: "/leaderboard", label: "Leaderboard", icon: Trophy },
      { to: "/referrals", label: "Referrals", icon: Gift },
      { to: "/airdrops", label: "Airdrops", icon: Sparkles },
    ],
  },
]);

function MenuLink({ to, label, icon: Icon }: { to: string; label: string; icon: typeof Settings }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden className="size-4 text-muted" />
        {label}
      </Link>
    </DropdownMenuItem>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

export function AvatarMenu({ user }: { user: ShellUser }) {
  // A menu item closes (unmounts) the menu on select, so a <form> inside it would never
  // submit: the item submits the sign-out POST itself.
  const submit = useSubmit();
  return (
    <DropdownMenu
      label={
        <div>
          <p className="text-sm font-semibold text-ink">{user.name}</p>
          <p className="text-sm text-muted">{user.email}</p>
        </div>
      }
      trigger={
        <button
          type="button"
          className="grid size-10 place-items-center rounded-full bg-brand text-sm font-bold text-inverse hover:bg-brand-strong"
        >
          <span aria-hidden>{initials(user.name)}</span>
          <span className="sr-only">Account menu for {user.name}</span>
        </button>
      }
    >
      {menuSections.map((section, index) => (
        <DropdownMenuGroup key={section.label} label={section.label} separated={index > 0}>
          {section.links.map((link) =>
            link.to === "/studio" && !user.writesResearch ? null : <MenuLink key={link.to} {...link} />,
          )}
        </DropdownMenuGroup>
      ))}
      <DropdownMenuSeparator />
      <MenuLink to="/settings" label="Settings" icon={Settings} />
      <ThemeMenuItems />
      <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/logout" })}>
        <LogOut aria-hidden className="size-4 text-muted" />
        Sign out
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

export function AppShell({
  user,
  badge,
  notifications,
  children,
}: {
  user?: ShellUser;
  badge?: ReactNode;
  /** The signed-in member's notification centre (the bell). */
  notifications?: BellData;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col pb-20 nav:pb-0">
      <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
        <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-4">
          <Logo to="/dashboard" compact />
          <nav aria-label="App" className="hidden nav:block">
            <ul className="flex items-center gap-1">
              {desktopNav.map((item) => (
                <li key={item.to} className={item.wideOnly ? "hidden lg:block" : undefined}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        "rounded-md px-3 py-2 text-sm font-semibold",
                        isActive ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-subtle",
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {badge}
            {user ? <HelpButton /> : null}
            {user && notifications ? <NotificationBell data={notifications} /> : null}
            {user ? (
              <AvatarMenu user={user} />
            ) : (
              <Link to="/login" className={buttonClass("primary", "sm")}>
                Sign In
              </Link>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <nav
        aria-label="Bottom"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface nav:hidden"
      >
        <ul className="grid grid-cols-5">
          {appNav.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    "flex flex-col items-center gap-0.5 py-2 text-xs font-medium",
                    isActive ? "text-brand" : "text-muted hover:text-ink",
                  )
                }
              >
                <Icon aria-hidden className="size-5" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
