import { ChevronDown, Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useStaticDocument } from "~/utils/static-document.tsx";
import { ButtonLink } from "../button.tsx";
import { cn } from "../cn.ts";
import { useLoadedOnce } from "../lazy.tsx";
import { Logo } from "../logo.tsx";
import { MobileMenuSections } from "./mobile-menu-sections.tsx";
import { DESKTOP_QUERY, type NavMenu, navLinks, navMenus } from "./nav-items.ts";

function menuIsCurrent(menu: NavMenu, pathname: string) {
  return menu.items.some((item) => item.to === pathname);
}

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
    <div ref={containerRef} className="hidden items-center gap-1 nav:flex" data-nav-menus>
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
                "group inline-flex items-center gap-1 aria-expanded:bg-subtle data-current:text-brand",
              )}
              aria-expanded={open === menu.id}
              aria-controls={`nav-menu-${menu.id}`}
              data-menu-trigger
              onClick={() => setOpen((current) => (current === menu.id ? null : menu.id))}
            >
              {menu.label}
              <ChevronDown
                aria-hidden
                className="size-4 transition-transform group-aria-expanded:rotate-180"
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
  return useStaticDocument() ? (
    <StaticMobileNav signedIn={signedIn} />
  ) : (
    <LiveMobileNav signedIn={signedIn} />
  );
}

const hamburgerClass = "rounded-md p-2 text-ink hover:bg-subtle nav:hidden";

/**
 * On a page sent without React (ADR 0063): the same full-screen menu as mobile-menu.tsx, as a
 * native <dialog> in the HTML that app/islands/dialogs.ts opens, closes (×, Escape, a window
 * wider than 800 px) and returns focus from.
 */
function StaticMobileNav({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <button
        type="button"
        className={hamburgerClass}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-opens-dialog="mobile-menu"
      >
        <Menu aria-hidden className="size-6" />
      </button>
      <dialog
        id="mobile-menu"
        aria-labelledby="mobile-menu-title"
        data-close-when={DESKTOP_QUERY}
        className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none flex-col border-0 bg-surface p-0 text-ink open:flex motion-safe:open:animate-[slide-in_200ms_ease-out]"
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <h2 id="mobile-menu-title" className="text-lg font-bold">
            Menu
          </h2>
          <button
            type="button"
            data-closes-dialog
            className="rounded-md p-2 text-ink hover:bg-subtle"
            aria-label="Close menu"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
        <MobileMenuSections signedIn={signedIn} />
      </dialog>
    </>
  );
}

function LiveMobileNav({ signedIn }: { signedIn: boolean }) {
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
        className={hamburgerClass}
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
