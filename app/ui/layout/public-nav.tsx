import { ChevronDown, Menu } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { ButtonLink } from "../button.tsx";
import { cn } from "../cn.ts";
import { useLoadedOnce } from "../lazy.tsx";
import { Logo } from "../logo.tsx";

interface NavItem {
  label: string;
  to: string;
}
interface NavMenu {
  id: "tools" | "products";
  label: string;
  items: NavItem[];
}

// The seed's navigation (§2 Navigation bar); one list feeds both the wide and the mobile menu.
export const navMenus: NavMenu[] = [
  {
    id: "tools",
    label: "Tools",
    items: [
      { label: "ETF Tracker", to: "/etf" },
      { label: "Airdrops", to: "/airdrop" },
    ],
  },
  { id: "products", label: "Products", items: [{ label: "Portfolio Management", to: "/pmi" }] },
];
export const navLinks: NavItem[] = [
  { label: "Contact Us", to: "/contact" },
  { label: "About Us", to: "/about" },
];

function menuIsCurrent(menu: NavMenu, pathname: string) {
  return menu.items.some((item) => item.to === pathname);
}

/** Desktop is wider than the seed's 800 px breakpoint. */
export const DESKTOP_QUERY = "(min-width: 801px)";

const linkClass =
  "rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-subtle aria-[current=page]:text-brand";
const menuItemClass =
  "block rounded-md px-3 py-2 text-sm text-ink hover:bg-subtle aria-[current=page]:font-semibold aria-[current=page]:text-brand";

export function PublicNav({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <DesktopNav signedIn={signedIn} />
        <MobileNav signedIn={signedIn} />
      </nav>
    </header>
  );
}

function DesktopNav({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState<NavMenu["id"] | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // A navigation closes any open menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setOpen(null), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(null);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        const trigger = document.getElementById(`nav-trigger-${open}`);
        setOpen(null);
        trigger?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="hidden items-center gap-1 nav:flex">
      <ul className="flex items-center gap-1">
        {navMenus.map((menu) => (
          <li
            key={menu.id}
            className="relative"
            // Keyboard users: tabbing out of an open menu closes it, so it never hides the next control.
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (next && !event.currentTarget.contains(next)) {
                setOpen((current) => (current === menu.id ? null : current));
              }
            }}
          >
            <button
              type="button"
              id={`nav-trigger-${menu.id}`}
              data-current={menuIsCurrent(menu, location.pathname) || undefined}
              className={cn(
                linkClass,
                "inline-flex items-center gap-1 aria-expanded:bg-subtle data-current:text-brand",
              )}
              aria-expanded={open === menu.id}
              aria-controls={`nav-menu-${menu.id}`}
              onClick={() => setOpen((current) => (current === menu.id ? null : menu.id))}
            >
              {menu.label}
              <ChevronDown
                aria-hidden
                className={cn("size-4 transition-transform", open === menu.id && "rotate-180")}
              />
            </button>
            <ul
              id={`nav-menu-${menu.id}`}
              hidden={open !== menu.id}
              className="absolute top-full left-0 mt-2 min-w-56 rounded-lg border border-line bg-surface p-1 shadow-pop"
            >
              {menu.items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={menuItemClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {navLinks.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <ButtonLink to={signedIn ? "/dashboard" : "/login"} size="sm" className="ml-3">
        {signedIn ? "Dashboard" : "Sign In"}
      </ButtonLink>
    </div>
  );
}

// The slide-in menu's code (Radix Dialog) loads when the hamburger is first pressed.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

function MobileNav({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const loaded = useLoadedOnce(open);
  const hamburger = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setOpen(false), [location.pathname]);

  // The seed: the slide-in menu closes when the window grows wider than 800 px.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  return (
    <>
      <button
        ref={hamburger}
        type="button"
        className="rounded-md p-2 text-ink hover:bg-subtle nav:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden className="size-6" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} signedIn={signedIn} returnFocusTo={hamburger} />
        </Suspense>
      ) : null}
    </>
  );
}
