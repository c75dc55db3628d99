import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { Badge, type BadgeTone } from "../badge.tsx";

type Stance = "bullish" | "neutral" | "bearish";

const looks: Readonly<Record<Stance, { tone: BadgeTone; label: string; icon: typeof ArrowRight }>> =
  Object.freeze({
    bullish: { tone: "positive", label: "Bullish", icon: ArrowUpRight },
    neutral: { tone: "neutral", label: "Neutral", icon: ArrowRight },
    bearish: { tone: "negative", label: "Bearish", icon: ArrowDownRight },
  });

export const HORIZON_LABELS = Object.freeze({
  short: "Short term",
  medium: "Medium term",
  long: "Long term",
} as const);

export const HORIZON_HINTS = Object.freeze({
  short: "Weeks",
  medium: "Months",
  long: "A year and more",
} as const);

/** A stance in words and colour, with an arrow (colour is never the only cue). */
export function StanceBadge({ stance, className }: { stance: Stance; className?: string }) {
  const look = looks[stance];
  const Icon = look.icon;
  return (
    <Badge tone={look.tone} className={className}>
      <Icon aria-hidden className="mr-1 size-3.5" />
      {look.label}
    </Badge>
  );
}
