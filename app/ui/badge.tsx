import type { ReactNode } from "react";
import { cn } from "./cn.ts";

/** The colours a badge comes in; status tables in the domain name one per state. */
export type BadgeTone = "neutral" | "brand" | "positive" | "negative" | "warning";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-subtle text-muted",
  brand: "bg-brand-soft text-brand-strong",
  positive: "bg-positive-soft text-positive",
  negative: "bg-negative-soft text-negative",
  warning: "bg-warning-soft text-warning",
};

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
