import type { ReactNode } from "react";
import type { BillingPeriod } from "~/domain/membership/plans.ts";
import { Card } from "../card.tsx";
import { PlanFeatures } from "./plan-features.tsx";

/** The plan being bought: its name, its lines, and the price for the chosen period. */
export function PlanSummary({
  name,
  features,
  period,
  price,
  monthly,
  yearlySaving,
  children,
}: {
  name: string;
  features: readonly string[];
  period: BillingPeriod;
  price: string;
  monthly: string;
  yearlySaving: string | null;
  children?: ReactNode;
}) {
  return (
    <Card className="overflow-hidden" data-testid="plan-summary">
      <div className="bg-deep px-5 py-5 text-white sm:px-6">
        <p className="text-sm font-semibold text-blue-100">{name} membership</p>
        <p className="mt-1 flex items-baseline gap-2">
          <span className="text-3xl font-extrabold tracking-tight tabular-nums" data-testid="checkout-price">
            {price}
          </span>
          <span className="text-blue-100">{period === "monthly" ? "per month" : "per year"}</span>
        </p>
        <p className="mt-2 text-sm text-blue-100">
          {period === "yearly"
            ? yearlySaving
              ? `You save ${yearlySaving} compared with 12 monthly payments of ${monthly}.`
              : `The same as 12 monthly payments of ${monthly}, paid once for the year.`
            : "Renews every month until you cancel."}
        </p>
      </div>
      <div className="px-5 py-5 sm:px-6">
        <h2 className="text-sm font-semibold text-ink">Everything in {name}</h2>
        <PlanFeatures features={features} className="mt-3" />
        {children}
      </div>
    </Card>
  );
}
