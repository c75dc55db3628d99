import type { ReactNode } from "react";
import type { DisplayCurrency } from "~/domain/portfolio/valuation.ts";
import { DataLabels } from "../market/data-labels.tsx";
import { CurrencyPickerForm } from "./currency-picker-form.tsx";

/**
 * The head of a portfolio section whose figures the server computes (gains, insights): its title
 * and explanation, the prices' freshness and sample label, and the display currency.
 */
export function SectionHeader({
  title,
  freshness,
  currency,
  children,
}: {
  title: string;
  freshness: { asOf: string | null; stale: boolean; sample: boolean };
  currency: DisplayCurrency;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="max-w-2xl space-y-2">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {children}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <DataLabels sample={freshness.sample} stale={freshness.stale} asOf={freshness.asOf} />
        <CurrencyPickerForm currency={currency} />
      </div>
    </div>
  );
}
