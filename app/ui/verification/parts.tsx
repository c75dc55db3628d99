// The verification page's parts (ADR 0082): limits per tier, a document input, the status line.
import { useId } from "react";
import { formatWithSymbol } from "~/domain/money/amount.ts";
import {
  type LimitUse,
  remaining,
  TIER_NAMES,
  TIER_NEEDS,
  TIERS,
  type Tier,
  WINDOW_WORDS,
} from "~/domain/verification/rules.ts";
import { cn } from "../cn.ts";
import { FieldError } from "../field.tsx";

type LimitsJson = Record<
  Tier,
  Record<"depositDay" | "depositMonth" | "withdrawalDay" | "withdrawalMonth", bigint>
>;

const ROWS = [
  ["withdrawalDay", "Withdrawals per 24 hours"],
  ["withdrawalMonth", "Withdrawals per 30 days"],
  ["depositDay", "Deposits per 24 hours"],
  ["depositMonth", "Deposits per 30 days"],
] as const;

export function usd(minor: bigint) {
  return formatWithSymbol(minor, "USD", { decimals: 0 });
}

/** Every tier's limits side by side, the member's own tier marked. */
export function LimitsTable({ limits, tier }: { limits: LimitsJson; tier: Tier }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[480px] text-left text-sm">
        <caption className="sr-only">Limits by tier, in US dollars</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Limit
            </th>
            {TIERS.map((t) => (
              <th
                key={t}
                scope="col"
                className={cn("px-4 py-3 text-right", t === tier && "text-brand-strong")}
              >
                Tier {t}
                {t === tier ? <span className="sr-only"> (yours)</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {ROWS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row" className="px-4 py-3 font-medium text-ink">
                {label}
              </th>
              {TIERS.map((t) => (
                <td
                  key={t}
                  className={cn(
                    "px-4 py-3 text-right tabular-nums",
                    t === tier ? "font-semibold text-ink" : "text-muted",
                  )}
                >
                  {usd(limits[t][key])}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="px-4 py-3 font-medium text-ink">
              Needs
            </th>
            {TIERS.map((t) => (
              <td key={t} className="px-4 py-3 text-right text-xs text-muted">
                {TIER_NEEDS[t]}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** What is used and left of the member's own limits. */
export function UsageList({ uses }: { uses: LimitUse[] }) {
  return (
    <dl className="grid gap-3 p-5 sm:grid-cols-2">
      {uses.map((u) => (
        <div key={`${u.flow}-${u.window}`} className="rounded-md border border-line p-3">
          <dt className="text-xs font-medium text-muted">
            {u.flow === "withdrawal" ? "Withdrawals" : "Deposits"}, last {WINDOW_WORDS[u.window]}
          </dt>
          <dd className="mt-1 text-sm text-ink">
            <span className="font-semibold tabular-nums">{usd(remaining(u))}</span> left of {usd(u.limit)}{" "}
            <span className="text-muted">({formatWithSymbol(u.used, "USD")} used)</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function TierBadge({ tier }: { tier: Tier }) {
  return (
    <span className="inline-flex rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand-strong">
      {TIER_NAMES[tier]}
    </span>
  );
}

/** One document's file input: images or a PDF, 5 MB at most. */
export function DocumentInput({
  name,
  label,
  hint,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        required
        accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line file:bg-subtle file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
