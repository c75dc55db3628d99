import { ArrowLeftRight, History, ShoppingCart, TrendingUp } from "lucide-react";
import { Link } from "react-router";

const tiles = [
  { to: "/buy", label: "Buy Crypto", icon: ShoppingCart },
  { to: "/swap", label: "Swap", icon: ArrowLeftRight },
  { to: "/transactions", label: "History", icon: History },
  { to: "/etf", label: "ETF tracker", icon: TrendingUp },
] as const;

/**
 * Four shortcut tiles. The seed's Deposit and Withdraw tiles repeated the balance card's buttons
 * just above them; one set is enough (product departure, first-run review), so the tiles lead on to
 * history and the ETF tracker instead.
 */
export function ShortcutTiles() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid grid-cols-4 gap-2 sm:gap-4">
        {tiles.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col items-center gap-2 rounded-lg border border-line bg-surface px-1 py-3 text-center text-xs font-semibold text-ink shadow-card hover:border-brand hover:text-brand sm:text-sm"
            >
              <span className="grid size-10 place-items-center rounded-full bg-brand-soft text-brand">
                <Icon aria-hidden className="size-5" />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
