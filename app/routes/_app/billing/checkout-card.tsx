import { CreditCard, Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { cardCheckoutOffer, startCardCheckout } from "~/domain/membership/card-checkout.server.ts";
import { cardCheckoutMessages } from "~/domain/membership/card-messages.ts";
import { getBillingProvider } from "~/domain/membership/provider.server.ts";
import { formatWithSymbol } from "~/domain/money/amount.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { cn } from "~/ui/cn.ts";
import { FieldError } from "~/ui/field.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { emailUnconfirmedMessage, needsEmailConfirmation, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/checkout-card";

export function meta() {
  return [{ title: "Pay by card · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const url = new URL(args.request.url);
  const offer = await cardCheckoutOffer(getDb(), {
    userId: session.user.id,
    planId: url.searchParams.get("plan") ?? undefined,
    period: url.searchParams.get("period") ?? undefined,
    now: new Date(),
  });
  if (!offer) throw data({ message: "This plan cannot be bought." }, 404);
  return {
    offer,
    cancelled: url.searchParams.get("cancelled") === "1",
    sampleProvider: getConfig().billing.provider === "sample",
    needsEmailConfirmation: needsEmailConfirmation(session),
  };
}

type ActionData = { errors: { plan?: string; period?: string; form?: string } };

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const form = formValues(await args.request.formData());
  if (needsEmailConfirmation(session))
    return data<ActionData>({ errors: { form: emailUnconfirmedMessage } }, 403);
  const config = getConfig();
  const db = getDb();
  const provider = getBillingProvider(db, config);
  const result = await startCardCheckout(db, provider, {
    userId: session.user.id,
    email: session.user.email,
    planId: form.plan,
    period: form.period,
    now: new Date(),
    // Stripe sends the member back to our public address; the sample provider's page is on this site.
    returnBase: provider.name === "stripe" ? config.publicUrl.replace(/\/$/, "") : "",
  });
  if (result.ok) return redirect(result.url);
  return data<ActionData>({ errors: result.errors }, result.status);
}

const PERIOD_WORD = { monthly: "Monthly", yearly: "Yearly" } as const;

export default function PayByCardPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { offer, cancelled, sampleProvider } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.errors ?? {};
  const price = formatWithSymbol(BigInt(offer.amountMinor), "USD");
  const blocked = loaderData.needsEmailConfirmation || offer.memberUntil !== null;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Pay by card</h1>
        <p className="text-sm text-muted">
          {offer.planName} membership, paid by card and renewed automatically.
        </p>
      </header>
      {cancelled ? (
        <p role="status" className="rounded-md border border-line bg-subtle px-4 py-3 text-sm text-ink">
          {cardCheckoutMessages.cancelled}
        </p>
      ) : null}
      <Card className="space-y-5 p-6">
        <fieldset>
          <legend className="text-sm font-medium text-ink">Billing period</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {(["monthly", "yearly"] as const).map((p) => (
              <Link
                key={p}
                to={`?plan=${offer.planId}&period=${p}`}
                replace
                aria-current={p === offer.period ? "true" : undefined}
                className={cn(
                  "rounded-md border px-3 py-2 text-center text-sm font-semibold",
                  p === offer.period
                    ? "border-brand bg-brand-soft text-brand-strong"
                    : "border-line text-ink hover:bg-subtle",
                )}
              >
                {PERIOD_WORD[p]}
              </Link>
            ))}
          </div>
        </fieldset>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">Plan</dt>
          <dd className="font-semibold text-ink">{offer.planName}</dd>
          <dt className="text-muted">Period</dt>
          <dd className="text-ink">{PERIOD_WORD[offer.period]}</dd>
          <dt className="text-muted">Amount</dt>
          <dd className="font-semibold text-ink" data-testid="card-amount">
            {price} {offer.period === "monthly" ? "a month" : "a year"}
          </dd>
        </dl>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          {offer.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <p className="flex items-start gap-2 text-sm text-muted">
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            You enter your card on the card processor's secure page; Coinlens never sees your card number.
            {sampleProvider ? " This server uses the sample card processor: no real card is charged." : ""}{" "}
            Cancel any time; access runs to the end of the period you paid for.
          </span>
        </p>
        {offer.memberUntil ? (
          <p
            role="status"
            className="rounded-md border border-brand/30 bg-brand-soft px-4 py-3 text-sm text-ink"
          >
            You are already a {offer.planName} member until {formatDate(offer.memberUntil)}.{" "}
            <Link to="/settings/billing" className="font-semibold text-brand-strong underline">
              Manage your membership
            </Link>
          </p>
        ) : null}
        <Form method="post" className="space-y-3">
          <input type="hidden" name="plan" value={offer.planId} />
          <input type="hidden" name="period" value={offer.period} />
          <FieldError message={errors.plan ?? errors.period ?? errors.form} />
          {loaderData.needsEmailConfirmation ? <ConfirmEmailNotice /> : null}
          <Button type="submit" size="lg" className="w-full" busy={busy} disabled={blocked}>
            <CreditCard aria-hidden className="size-5" />
            Continue to secure card payment
          </Button>
        </Form>
        <ButtonLink to="/dashboard" variant="ghost" className="w-full">
          Not now
        </ButtonLink>
      </Card>
    </div>
  );
}
