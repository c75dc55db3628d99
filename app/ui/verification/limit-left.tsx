// What is left of the member's withdrawal limit, updated as the amount is typed (ADR 0082). The
// server checks the same limit again; this only tells the member first.
import { Link } from "react-router";
import { formatWithSymbol } from "~/domain/money/amount.ts";

/** The tightest window of the member's withdrawal limit, as the loader sends it (cents as text). */
export interface WithdrawalLimitView {
  tier: number;
  leftMinor: string;
  limitMinor: string;
  window: string;
}

export function LimitLeft({ limit, valueMinor }: { limit: WithdrawalLimitView; valueMinor: bigint | null }) {
  const left = BigInt(limit.leftMinor);
  const over = valueMinor !== null && valueMinor > left;
  return (
    <p
      className={over ? "text-sm font-medium text-negative" : "text-sm text-muted"}
      aria-live="polite"
      data-testid="limit-left"
    >
      {over ? "Over your limit: " : "Your limit: "}
      <span className="font-semibold">{formatWithSymbol(left, "USD")}</span> left of{" "}
      {formatWithSymbol(BigInt(limit.limitMinor), "USD")} per {limit.window} (tier {limit.tier}).{" "}
      {over || left === 0n ? (
        <Link to="/settings/verification" className="font-semibold text-brand underline">
          Raise your limit
        </Link>
      ) : null}
    </p>
  );
}
