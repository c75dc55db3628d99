import { CircleCheck, CreditCard, FlaskConical, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, useSubmit } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { paymentMethods } from "~/domain/content/pricing.ts";
import { formatDate } from "~/domain/dates.ts";
import { checkoutChoices, checkoutStart } from "~/domain/membership/checkout-start.server.ts";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { PlanSummary } from "~/ui/membership/plan-summary.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/checkout";

export const meta = () => [{ title: "Checkout · Coinlens" }];

/**
 * GET /billing/checkout?plan=&period=&method=: the plan, the period and how to pay, carried from
 * the pricing block (through sign-up). Continue hands over to the card checkout (a POST that
 * starts the provider's hosted page) or the crypto checkout (a quote from the balance).
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const choices = checkoutChoices(new URL(args.request.url).searchParams);
  const start = await checkoutStart(getDb(), { userId: session.user.id, ...choices });
  if (!start) throw data("There is no such plan to subscribe to.", { status: 404 });
  return { ...start, demo: session.session.accountMode === "demo" };
}

const option =
  "flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm font-semibold text-ink " +
  "has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus";

function Choice({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className={option}>
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-4 accent-brand"
      />
      {children}
    </label>
  );
}

export default function Checkout({ loaderData: d }: Route.ComponentProps) {
  const submit = useSubmit();
  const query = new URLSearchParams({ plan: d.plan.id, period: d.period });
  return (
    <div className="container-page max-w-5xl py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">Subscribe to {d.plan.name}</h1>
      <p className="mt-1 text-muted">Choose how often to pay and how. You can cancel any time.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1.1fr] lg:items-start">
        <PlanSummary
          name={d.plan.name}
          features={d.plan.features}
          period={d.period}
          price={d.price}
          monthly={d.monthly}
          yearlySaving={d.yearlySaving}
        />
        {d.alreadyMember ? (
          <Card className="px-5 py-6 sm:px-6" data-testid="already-member">
            <CircleCheck aria-hidden className="size-8 text-positive" />
            <h2 className="mt-3 text-lg font-semibold text-ink">You are already on {d.plan.name}</h2>
            <p className="mt-1 text-sm text-muted">
              {d.alreadyMember.cancelling
                ? `Your membership is cancelled and stays active until ${formatDate(d.alreadyMember.until)}. You can resume it on your Billing page.`
                : `Your membership is active and renews on ${formatDate(d.alreadyMember.until)}. There is nothing to buy twice.`}
            </p>
            <ButtonLink to="/settings/billing" className="mt-5">
              Go to Settings → Billing
            </ButtonLink>
          </Card>
        ) : (
          <Card className="px-5 py-6 sm:px-6">
            <Form
              method="get"
              className="space-y-6"
              onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
            >
              <input type="hidden" name="plan" value={d.plan.id} />
              <fieldset>
                <legend className="text-sm font-semibold text-ink">Billing period</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <Choice name="period" value="monthly" checked={d.period === "monthly"}>
                    <span>
                      Monthly{" "}
                      <span className="block text-xs font-normal text-muted">{d.monthly} per month</span>
                    </span>
                  </Choice>
                  <Choice name="period" value="yearly" checked={d.period === "yearly"}>
                    <span>
                      Yearly <span className="block text-xs font-normal text-muted">{d.yearly} per year</span>
                    </span>
                  </Choice>
                </div>
              </fieldset>
              <fieldset>
                <legend className="text-sm font-semibold text-ink">Payment method</legend>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  {(["card", "crypto"] as const).map((kind) => {
                    const Icon = kind === "card" ? CreditCard : Wallet;
                    return (
                      <Choice key={kind} name="method" value={kind} checked={d.method === kind}>
                        <Icon aria-hidden className="size-4 text-muted" />
                        {paymentMethods[kind].label}
                      </Choice>
                    );
                  })}
                </div>
                <p className="mt-2 text-sm text-muted">{paymentMethods[d.method].note}</p>
              </fieldset>
              <noscript>
                <Button type="submit" variant="secondary" size="sm">
                  Update
                </Button>
              </noscript>
            </Form>
            <div className="mt-6 border-t border-line pt-5">
              <ContinueStep
                demo={d.demo}
                method={d.method}
                query={query}
                planId={d.plan.id}
                period={d.period}
              />
            </div>
          </Card>
        )}
      </div>
    </div>
  );
}

function ContinueStep({
  demo,
  method,
  query,
  planId,
  period,
}: {
  demo: boolean;
  method: "card" | "crypto";
  query: URLSearchParams;
  planId: string;
  period: string;
}) {
  if (method === "card") {
    return (
      // The card checkout starts the provider's hosted page; no card number is typed here.
      <Form method="post" action="/billing/checkout/card">
        <input type="hidden" name="plan" value={planId} />
        <input type="hidden" name="period" value={period} />
        <Button type="submit" className="w-full">
          Continue to card payment
        </Button>
      </Form>
    );
  }
  if (demo) {
    return (
      <div
        className="rounded-md bg-warning-soft px-4 py-3 text-sm text-warning"
        role="note"
        data-testid="demo-crypto-note"
      >
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical aria-hidden className="size-4" />
          You are in your demo account
        </p>
        <p className="mt-1 text-ink">
          A membership is paid from your real account, never with demo funds. Switch to your real account to
          pay by crypto.
        </p>
        <Form method="post" action="/account/mode" className="mt-3">
          <input type="hidden" name="mode" value="real" />
          <Button type="submit" size="sm">
            Switch to real account
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <>
      <ButtonLink to={`/billing/checkout/crypto?${query.toString()}`} className="w-full">
        Continue to crypto payment
      </ButtonLink>
      <p className="mt-2 text-xs text-muted">
        Paid from your real balance (USD cash, USDT or BTC) at a quote that holds for a short time.
      </p>
    </>
  );
}
