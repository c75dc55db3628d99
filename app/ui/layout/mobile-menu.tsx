import { ChevronRight, X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type RefObject, useId } from "react";
import { NavLink } from "react-router";
import { ButtonLink } from "../button.tsx";
import { navLinks, navMenus } from "./public-nav.tsx";

const mobileLinkClass =
  "flex items-center justify-between rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-subtle aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong";

/**
 * The full-screen slide-in menu below 801 px (the seed's mobile navigation), on Radix Dialog:
 * focus stays inside, the page behind does not scroll, Escape and × close it. Loaded by
 * public-nav.tsx when the hamburger is first pressed; focus then returns to the hamburger.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  signedIn,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const titleId = useId();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-ink/40 nav:hidden" />
        <D.Content
          aria-labelledby={titleId}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-surface motion-safe:animate-[slide-in_200ms_ease-out] nav:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <D.Title id={titleId} className="text-lg font-bold">
              Menu
            </D.Title>
            <D.Close className="rounded-md p-2 text-ink hover:bg-subtle" aria-label="Close menu">
              <X aria-hidden className="size-6" />
            </D.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">
            {navMenus.map((menu) => (
              <section key={menu.id} className="mb-4" aria-labelledby={`mobile-${menu.id}`}>
                <h2
                  id={`mobile-${menu.id}`}
                  className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                >
                  {menu.label}
                </h2>
                <ul>
                  {menu.items.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to} className={mobileLinkClass}>
                        {item.label}
                        <ChevronRight aria-hidden className="size-4 text-muted" />
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <ul className="border-t border-line pt-4">
              {navLinks.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={mobileLinkClass}>
                    {item.label}
                    <ChevronRight aria-hidden className="size-4 text-muted" />
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="border-t border-line p-4">
            <ButtonLink to={signedIn ? "/dashboard" : "/login"} size="lg" className="w-full">
              {signedIn ? "Dashboard" : "Sign In"}
            </ButtonLink>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
