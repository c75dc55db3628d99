import { data, Form, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { isSampleCard, SAMPLE_CARDS } from "~/domain/membership/sample-cards.ts";
import {
  confirmSampleCheckout,
  paySampleCheckout,
  sampleCheckoutView,
} from "~/domain/membership/sample-checkout.server.ts";
import { wakeSampleBilling } from "~/domain/membership/sample-jobs.server.ts";
import { formatWithSymbol } from "~/domain/money/amount.ts";
import { SampleCardChoice, SampleOrderSummary, SamplePayFrame } from "~/ui/billing/sample-pay-frame.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/sample-checkout";

export function meta() {
  return [{ title: "Sample Pay · Checkout" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The sample processor's pages exist only while it is the provider, and only for the member who started the checkout. */
async function context(args: Route.LoaderArgs | Route.ActionArgs) {
  const config = getConfig();
  if (config.billing.provider !== "sample") throw data({ message: "Not found" }, 404);
  const session = await requireSession(args);
  return { config, db: getDb(), userId: session.user.id, sessionId: args.params.id };
}

export async function loader(args: Route.LoaderArgs) {
  const { config, db, userId, sessionId } = await context(args);
  const view = await sampleCheckoutView(db, sessionId, userId, new Date());
  if (!view) throw data({ message: "This checkout does not exist." }, 404);
  return { view, merchant: config.brand.name };
}

/** Posts only which test card was chosen (never a number), or the bank step's answer. */
export async function action(args: Route.ActionArgs) {
  const { config, db, userId, sessionId } = await context(args);
  const form = formValues(await args.request.formData());
  const now = new Date();
  let step: Awaited<ReturnType<typeof paySampleCheckout>>;
  if (form.intent === "confirm" || form.intent === "fail") {
    step = await confirmSampleCheckout(db, { sessionId, userId, confirm: form.intent === "confirm", now });
  } else {
    if (!isSampleCard(form.card)) return data({ message: "Choose a test card." }, 400);
    step = await paySampleCheckout(db, { sessionId, userId, card: form.card, now });
  }
  if (!step.ok) {
    if (step.status === 404) throw data({ message: step.message }, 404);
    return data({ message: step.message }, step.status);
  }
  if (step.next === "confirm") return redirect(`/billing/sample-checkout/${sessionId}`);
  // The webhooks are queued with the payment: send them now rather than on the next tick.
  wakeSampleBilling(db, config);
  return redirect(step.url);
}

export default function SampleCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, merchant } = loaderData;
  const busy = useNavigation().state !== "idle";
  const amount = formatWithSymbol(BigInt(view.amountMinor), "USD");
  const error = actionData?.message ?? view.lastError;
  const summary = (
    <SampleOrderSummary
      merchant={merchant}
      productName={view.productName}
      period={view.period}
      amount={amount}
      email={view.email}
    />
  );
  if (view.status === "requires_action") {
    return (
      <SamplePayFrame title="Confirm this payment with your bank">
        {summary}
        <p className="text-ink">
          Your bank asks you to confirm this payment of {amount} to {merchant}. (In test mode, choose what the
          bank answers.)
        </p>
        <Form method="post" className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="confirm" busy={busy}>
            Confirm
          </Button>
          <Button type="submit" name="intent" value="fail" variant="secondary" disabled={busy}>
            Fail
          </Button>
        </Form>
      </SamplePayFrame>
    );
  }
  if (view.status === "complete" || view.status === "expired") {
    const done = view.status === "complete";
    return (
      <SamplePayFrame title={done ? "Paid" : "This checkout has expired"}>
        {summary}
        <p className="text-ink">{done ? `You paid ${amount} to ${merchant}.` : view.lastError}</p>
        <a className={buttonClass("primary")} href={done ? view.successUrl : view.cancelUrl}>
          Return to {merchant}
        </a>
      </SamplePayFrame>
    );
  }
  return (
    <SamplePayFrame title={`Pay ${merchant}`}>
      {summary}
      <Form method="post" className="space-y-4 rounded-lg border border-line bg-surface p-5">
        <fieldset className="space-y-2" aria-describedby={error ? "sample-card-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink">Test card</legend>
          {SAMPLE_CARDS.map((card, index) => (
            <SampleCardChoice
              key={card.key}
              value={card.key}
              number={card.number}
              label={card.label}
              defaultChecked={index === 0}
            />
          ))}
        </fieldset>
        {error ? (
          <p id="sample-card-error" role="alert" className="text-sm font-semibold text-negative">
            {error}
          </p>
        ) : null}
        <Button type="submit" name="intent" value="pay" size="lg" className="w-full" busy={busy}>
          Pay {amount}
        </Button>
      </Form>
      <a
        href={view.cancelUrl}
        className="block text-center text-sm font-semibold text-brand-strong underline"
      >
        Cancel and return to {merchant}
      </a>
    </SamplePayFrame>
  );
}
