import { Check, CreditCard, Wallet } from "lucide-react";
import { useState } from "react";
import {
  type BillingPeriod,
  formatUsdCents,
  type MembershipOffer,
  type PaymentKind,
  paymentMethods,
  splitFeature,
  subscribeHref,
} from "~/domain/content/pricing.ts";
import { ButtonLink } from "../button.tsx";
import { cn } from "../cn.ts";

const segment =
  "rounded-md px-4 py-2 text-sm font-semibold transition-colors aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-card text-muted hover:text-ink";

/**
 * The seed's pricing block: Monthly/Yearly toggle (Monthly first), the offer, Subscribe, payment
 * switch. Prices and lines are the offered plan's (membership_plans). Subscribe carries the chosen
 * period and method to the checkout (through sign-up for a visitor). The data-* attributes carry
 * both prices and what the link is built from, so app/islands/pricing.ts can drive the same markup
 * on the landing page, which is not hydrated (ADR 0063).
 */
export function PricingBlock({ offer, signedIn }: { offer: MembershipOffer; signedIn: boolean }) {
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [payment, setPayment] = useState<PaymentKind>("card");
  const cents = period === "monthly" ? offer.monthlyCents : offer.yearlyCents;
  const pay = paymentMethods[payment];
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="container-page py-16"
      data-pricing
      data-plan={offer.planId}
      data-signed-in={signedIn ? "true" : "false"}
    >
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-brand">Membership</p>
        <h2 id="pricing-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Unlock instant access to crypto's hottest opportunities
        </h2>
        <fieldset className="mt-8 inline-flex gap-1 rounded-lg bg-subtle p-1">
          <legend className="sr-only">Billing period</legend>
          <button
            type="button"
            className={segment}
            aria-pressed={period === "monthly"}
            data-period="monthly"
            onClick={() => setPeriod("monthly")}
          >
            Monthly
          </button>
          <button
            type="button"
            className={segment}
            aria-pressed={period === "yearly"}
            data-period="yearly"
            onClick={() => setPeriod("yearly")}
          >
            Yearly
          </button>
        </fieldset>
      </div>

      <div className="mx-auto mt-8 max-w-3xl overflow-hidden rounded-xl border border-line bg-surface shadow-card md:grid md:grid-cols-[1fr_1.1fr]">
        <div className="border-b border-line bg-deep p-6 text-white md:border-r md:border-b-0 sm:p-8">
          <p className="text-sm font-semibold text-blue-100">Membership price</p>
          <p className="mt-2 flex items-baseline gap-2" aria-live="polite">
            <span
              className="text-4xl font-extrabold tracking-tight tabular-nums"
              data-testid="membership-price"
              data-monthly={formatUsdCents(offer.monthlyCents)}
              data-yearly={formatUsdCents(offer.yearlyCents)}
            >
              {formatUsdCents(cents)}
            </span>
            <span className="text-blue-100" data-period-label>
              {period === "monthly" ? "per month" : "per year"}
            </span>
          </p>
          <p className="mt-3 text-sm text-blue-100">
            A subscription fee for research, analysis, community and tools. It is not an investment and earns
            no return. Cancel any time; access runs to the end of the period you paid for.
          </p>
          <ButtonLink
            to={subscribeHref({ planId: offer.planId, period, method: payment, signedIn })}
            size="lg"
            variant="onDeep"
            className="mt-6 w-full"
            data-subscribe
          >
            Subscribe
          </ButtonLink>
        </div>
        <div className="p-6 sm:p-8">
          <h3 className="text-sm font-semibold text-ink">Everything in {offer.name}</h3>
          <ul className="mt-4 space-y-3">
            {offer.features.map((line) => {
              const feature = splitFeature(line);
              return (
                <li key={line} className="flex gap-3 text-sm">
                  <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-positive" />
                  <span>
                    {feature.title ? <span className="font-semibold text-ink">{feature.title}:</span> : null}{" "}
                    <span className="text-muted">{feature.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 border-t border-line pt-5">
            <fieldset className="grid w-full grid-cols-2 gap-1 rounded-lg bg-subtle p-1">
              <legend className="sr-only">Payment method</legend>
              {(Object.keys(paymentMethods) as PaymentKind[]).map((kind) => {
                const Icon = kind === "card" ? CreditCard : Wallet;
                return (
                  <button
                    key={kind}
                    type="button"
                    className={cn(
                      segment,
                      "inline-flex items-center justify-center gap-1.5 px-2 whitespace-nowrap",
                    )}
                    aria-pressed={payment === kind}
                    data-payment={kind}
                    onClick={() => setPayment(kind)}
                  >
                    <Icon aria-hidden className="size-4" />
                    {paymentMethods[kind].label}
                  </button>
                );
              })}
            </fieldset>
            <div aria-live="polite" data-testid="payment-methods" className="mt-3 text-sm">
              <p className="font-medium text-ink" data-accepted>
                Accepted: {pay.methods.join(", ")}
              </p>
              <p className="mt-1 text-muted" data-note>
                {pay.note}
              </p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
