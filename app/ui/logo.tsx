import { Link } from "react-router";
import { useBrand } from "~/utils/brand.ts";

export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-deep-accent)" />
      <circle cx="14.5" cy="14.5" r="7" fill="none" stroke="white" strokeWidth="2.5" />
      <path d="M19.5 19.5 25 25" stroke="white" strokeWidth="2.75" strokeLinecap="round" />
      <path
        d="M11.5 16.5l2.2-2.6 2 1.6 2.3-3"
        fill="none"
        stroke="white"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The mark and the brand's name, linking home. `compact`: on a phone the name is left to screen
 * readers, so a header with more in it (the app's account badge and avatar) fits 375 px.
 */
export function Logo({ to = "/", compact = false }: { to?: string; compact?: boolean }) {
  const brand = useBrand();
  return (
    <Link
      to={to}
      className="flex shrink-0 items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-ink"
    >
      <LogoMark />
      <span className={compact ? "max-[27rem]:sr-only" : undefined}>{brand.name}</span>
      <span className="sr-only">home</span>
    </Link>
  );
}
