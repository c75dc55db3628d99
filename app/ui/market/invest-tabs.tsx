import { Link } from "react-router";
import { cn } from "../cn.ts";

/** 'US Stocks' and 'Fixed Returns' — two pages, so links (not a tab widget) with the current one marked. */
export function InvestTabs({ current }: { current: "us-stocks" | "fixed-returns" }) {
  const items = [
    { key: "us-stocks", label: "US Stocks", to: "/etf" },
    { key: "fixed-returns", label: "Fixed Returns", to: "/fixed-etf" },
  ] as const;
  return (
    <nav aria-label="Invest" className="flex gap-1 border-b border-line">
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          aria-current={current === item.key ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold",
            current === item.key ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
