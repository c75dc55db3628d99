// The seed's navigation (§2 Navigation bar), as plain data: the React navigation (public-nav.tsx)
// and the landing page's script (app/islands/, ADR 0063) both read it.
import { deepFreeze } from "../../domain/freeze.ts";

export interface NavItem {
  label: string;
  to: string;
}
export interface NavMenu {
  id: "tools" | "products";
  label: string;
  items: NavItem[];
}

// One list feeds both the wide and the mobile menu.
export const navMenus: readonly NavMenu[] = deepFreeze([
  {
    id: "tools",
    label: "Tools",
    items: [
      { label: "ETF Tracker", to: "/etf" },
      { label: "Airdrops", to: "/airdrop" },
    ],
  },
  { id: "products", label: "Products", items: [{ label: "Portfolio Management", to: "/pmi" }] },
]);
export const navLinks: readonly NavItem[] = deepFreeze([
  { label: "Contact Us", to: "/contact" },
  { label: "About Us", to: "/about" },
]);

/** Desktop is wider than the seed's 800 px breakpoint. */
export const DESKTOP_QUERY = "(min-width: 801px)";
