import { ChevronRight } from "lucide-react";
import { NavLink } from "react-router";
import { ButtonLink } from "../button.tsx";
import { navLinks, navMenus } from "./nav-items.ts";

const mobileLinkClass =
  "flex items-center justify-between rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-subtle aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong";

function MobileLinks({
  items,
  className,
}: {
  items: readonly { to: string; label: string }[];
  className?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={mobileLinkClass}>
            {item.label}
            <ChevronRight aria-hidden className="size-4 text-muted" />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The slide-in menu's entries and its Sign In / Dashboard button, shared by the Radix menu
 * (mobile-menu.tsx, loaded on first use) and the landing page's static one (public-nav.tsx).
 */
export function MobileMenuSections({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        {navMenus.map((menu) => (
          <section key={menu.id} className="mb-4" aria-labelledby={`mobile-${menu.id}`}>
            <h2
              id={`mobile-${menu.id}`}
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {menu.label}
            </h2>
            <MobileLinks items={menu.items} />
          </section>
        ))}
        <MobileLinks items={navLinks} className="border-t border-line pt-4" />
      </div>
      <div className="border-t border-line p-4">
        <ButtonLink to={signedIn ? "/dashboard" : "/login"} size="lg" className="w-full">
          {signedIn ? "Dashboard" : "Sign In"}
        </ButtonLink>
      </div>
    </>
  );
}
