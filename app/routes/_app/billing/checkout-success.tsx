import { CheckCircle2, CircleAlert } from "lucide-react";
import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { cardCheckoutStatus } from "~/domain/membership/card-checkout.server.ts";
import { formatWithSymbol } from "~/domain/money/amount.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Spinner } from "~/ui/spinner.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/checkout-success";

export function meta() {
  return [{ title: "Payment · Coinlens" }];
}

/** The member's own card checkout; anyone else's id is a 404, as for one that does not exist. */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const checkoutId = new URL(args.request.url).searchParams.get("checkout") ?? "";
  const status = await cardCheckoutStatus(getDb(), { checkoutId, userId: session.user.id, now: new Date() });
  if (!status) throw data({ message: "There is no such checkout." }, 404);
  return status;
}

/** Long enough for the provider's webhook to arrive; past it the page says the wait is unusual. */
const SLOW_SECONDS = 120;

export default function CheckoutSuccessPage({ loaderData: status }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const pending = status.state === "pending";
  useEffect(() => {
    if (!pending) return;
    // The membership exists only once the provider's webhook has been applied: ask again until then.
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  const amount = formatWithSymbol(BigInt(status.amountMinor), "USD");
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8 sm:px-6">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <Card className="space-y-4 p-6" aria-live="polite">
        {status.state === "active" ? (
          <>
            <CheckCircle2 aria-hidden className="size-10 text-positive" />
            <h1 className="text-2xl font-semibold text-ink">Welcome to {status.planName}</h1>
            <p className="text-ink" data-testid="membership-result">
              Your {status.planName} membership is active until{" "}
              <strong>{status.periodEnd ? formatDate(status.periodEnd) : "—"}</strong>.
            </p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to="/dashboard">Go to the dashboard</ButtonLink>
              <ButtonLink to="/settings/billing" variant="secondary">
                Billing and receipts
              </ButtonLink>
            </div>
          </>
        ) : status.state === "failed" ? (
          <>
            <CircleAlert aria-hidden className="size-10 text-negative" />
            <h1 className="text-2xl font-semibold text-ink">The payment did not go through</h1>
            <p className="text-ink" data-testid="membership-result">
              {status.failureReason ?? "Nothing was charged."}
            </p>
            <ButtonLink to={`/billing/checkout/card?period=${status.period}`}>Try again</ButtonLink>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold text-ink">
              Payment received — activating your membership…
            </h1>
            <p className="text-sm text-muted">
              {status.planName}, {status.period}, {amount}. This page updates by itself as soon as the card
              processor confirms the payment.
            </p>
            <Spinner label="Activating your membership" />
            {status.ageSeconds > SLOW_SECONDS ? (
              <p role="status" className="text-sm text-muted">
                This is taking longer than usual. You can leave this page: your membership starts as soon as
                the confirmation arrives.
              </p>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}
