import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "../badge.tsx";

/**
 * The sample card processor's pages: they stand for the processor's own site (Stripe's hosted
 * Checkout and portal in production), so they carry its name and say plainly that nothing is real.
 */
export function SamplePayFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-canvas">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-3">
          <p className="flex shrink-0 items-center gap-2 font-semibold whitespace-nowrap text-ink">
            <FlaskConical aria-hidden className="size-5 text-brand" />
            Sample Pay
          </p>
          <Badge tone="warning" className="text-right">
            Test mode · no real charge
          </Badge>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-lg space-y-5 px-4 py-8">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** One test card as a choice: the number (a label, never sent) and what it does. */
export function SampleCardChoice({
  value,
  number,
  label,
  defaultChecked,
}: {
  value: string;
  number: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
      <input
        type="radio"
        name="card"
        value={value}
        defaultChecked={defaultChecked}
        className="size-4 shrink-0"
      />
      <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <span className="font-mono text-sm whitespace-nowrap text-ink">{number}</span>
        <span className="text-xs text-muted">{label}</span>
      </span>
    </label>
  );
}

export function SampleOrderSummary({
  merchant,
  productName,
  period,
  amount,
  email,
}: {
  merchant: string;
  productName: string;
  period: "monthly" | "yearly";
  amount: string;
  email: string;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-line bg-surface p-5 text-sm">
      <dt className="text-muted">Pay</dt>
      <dd className="font-semibold text-ink">{merchant}</dd>
      <dt className="text-muted">For</dt>
      <dd className="text-ink">
        {productName} ({period === "monthly" ? "monthly" : "yearly"})
      </dd>
      <dt className="text-muted">Amount</dt>
      <dd className="font-semibold text-ink" data-testid="sample-amount">
        {amount} {period === "monthly" ? "a month" : "a year"}
      </dd>
      <dt className="text-muted">E-mail</dt>
      <dd className="break-all text-ink">{email}</dd>
    </dl>
  );
}
