import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { cryptoCheckoutView, quoteCryptoCheckout } from "~/domain/membership/crypto-checkout.server.ts";
import { payCryptoCheckout } from "~/domain/membership/crypto-pay.server.ts";
import {
  type CryptoPayAsset,
  cryptoCheckoutMessages,
  isCryptoPayAsset,
} from "~/domain/membership/crypto-rules.ts";
import { type BillingPeriod, isBillingPeriod } from "~/domain/membership/plans.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import {
  AssetChoice,
  CheckoutSummary,
  DemoRefusal,
  PaidPanel,
  type QuoteData,
  QuotePanel,
  useCountdown,
} from "~/ui/billing/crypto-checkout-parts.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { FieldError } from "~/ui/field.tsx";
import { emailUnconfirmedMessage, needsEmailConfirmation, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/billing-checkout-crypto";

export function meta() {
  return [{ title: "Pay with your balance · Coinlens" }];
}

function choice(url: URL): { planId: string; period: BillingPeriod } {
  const period = url.searchParams.get("period");
  return {
    planId: url.searchParams.get("plan") || "premium",
    period: isBillingPeriod(period) ? period : "yearly",
  };
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { planId, period } = choice(new URL(args.request.url));
  const mode = session.session.accountMode;
  const view = await cryptoCheckoutView(
    getDb(),
    { userId: session.user.id, mode },
    { planId, period, now: new Date(), staleSeconds: getConfig().market.staleSeconds },
  );
  return { view, demo: mode === "demo", needsEmailConfirmation: needsEmailConfirmation(session) };
}

type ActionData =
  | {
      intent: "quote";
      quote?: QuoteData & { expiresAt: string; serverNow: string };
      error?: string;
      field?: "asset";
    }
  | {
      intent: "pay";
      ok: boolean;
      message?: string;
      expired?: boolean;
      field?: "asset";
      paid?: { paid: string; planName: string; until: string; invoiceNumber: string };
    };

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const form = formValues(await args.request.formData());
  const member = { userId: session.user.id, mode: session.session.accountMode };
  if (needsEmailConfirmation(session)) {
    return form.intent === "pay"
      ? data<ActionData>({ intent: "pay", ok: false, message: emailUnconfirmedMessage }, 403)
      : data<ActionData>({ intent: "quote", error: emailUnconfirmedMessage }, 403);
  }
  const now = new Date();
  if (form.intent === "pay") {
    const result = await payCryptoCheckout(getDb(), member, { checkoutId: form.checkoutId ?? "" }, { now });
    if (result.ok) {
      const { paid, planName, until, invoiceNumber } = result;
      return data<ActionData>({ intent: "pay", ok: true, paid: { paid, planName, until, invoiceNumber } });
    }
    const { status, ok: _, ...refusal } = result;
    return data<ActionData>({ intent: "pay", ok: false, ...refusal }, status);
  }
  const { planId, period } = choice(new URL(args.request.url));
  const config = getConfig();
  const result = await quoteCryptoCheckout(
    getDb(),
    member,
    { planId, period, asset: form.asset },
    { now, quoteSeconds: config.swap.quoteSeconds, staleSeconds: config.market.staleSeconds },
  );
  if (result.ok) return data<ActionData>({ intent: "quote", quote: result.quote });
  const refusal: ActionData = { intent: "quote", error: result.message };
  if (result.field) refusal.field = result.field;
  return data(refusal, result.status);
}

/** The quote's expiry moved onto the browser's clock: its remaining life as the server saw it. */
const localDeadline = (q: { expiresAt: string; serverNow: string }) =>
  Date.now() + (Date.parse(q.expiresAt) - Date.parse(q.serverNow));

export default function CryptoCheckout({ loaderData }: Route.ComponentProps) {
  const { view, demo } = loaderData;
  const quoter = useFetcher<ActionData>({ key: "membership-quote" });
  const payer = useFetcher<ActionData>({ key: "membership-pay" });
  const firstChoosable = view.ok ? view.assets.find((a) => BigInt(a.availableMinor) > 0n)?.asset : undefined;
  const [asset, setAsset] = useState<CryptoPayAsset | null>(firstChoosable ?? null);
  const [quote, setQuote] = useState<{ data: QuoteData; deadline: number } | null>(null);
  const [assetError, setAssetError] = useState<string | undefined>();
  const [payError, setPayError] = useState<string | undefined>();
  const [paid, setPaid] = useState<Extract<ActionData, { intent: "pay" }>["paid"]>();
  const left = useCountdown(quote?.deadline ?? null);

  useEffect(() => {
    const d = quoter.data;
    if (quoter.state !== "idle" || d?.intent !== "quote") return;
    setPayError(undefined);
    if (d.quote) {
      setAssetError(undefined);
      setQuote({ data: d.quote, deadline: localDeadline(d.quote) });
    } else setAssetError(d.error);
  }, [quoter.data, quoter.state]);

  useEffect(() => {
    const d = payer.data;
    if (payer.state !== "idle" || d?.intent !== "pay") return;
    if (d.ok && d.paid) {
      setPaid(d.paid);
      setQuote(null);
    } else if (d.expired) {
      setQuote((q) => (q ? { ...q, deadline: Date.now() } : q));
    } else {
      setQuote(null);
      if (d.field === "asset") setAssetError(d.message);
      else setPayError(d.message);
    }
  }, [payer.data, payer.state]);

  return (
    <div className="container-page py-8">
      <div className="mx-auto max-w-lg space-y-4">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold text-ink">
            Pay for {view.ok ? view.plan.name : (view.planName ?? "your membership")} with your balance
          </h1>
          <p className="text-sm text-muted">
            Paid from your real account's USD cash, USDT or BTC at a quote that holds for a few seconds.{" "}
            <Link to="/settings/billing" className="font-medium text-brand underline">
              Settings → Billing
            </Link>
          </p>
        </header>
        {paid ? (
          <PaidPanel {...paid} />
        ) : demo ? (
          <DemoRefusal message={cryptoCheckoutMessages.demo} />
        ) : !view.ok ? (
          <Card className="p-5" role="alert">
            <p className="text-ink">{view.message}</p>
          </Card>
        ) : (
          <>
            <CheckoutSummary s={{ ...view, planName: view.plan.name }} />
            {quote ? (
              <QuotePanel
                quote={quote.data}
                left={left}
                expiredMessage={cryptoCheckoutMessages.expired}
                paying={payer.state !== "idle"}
                onNewQuote={() => setQuote(null)}
                renderPay={(children) => <payer.Form method="post">{children}</payer.Form>}
              />
            ) : (
              <Card className="space-y-4 p-5">
                <quoter.Form
                  method="post"
                  noValidate
                  className="space-y-4"
                  onSubmit={(event) => {
                    if (!isCryptoPayAsset(asset)) {
                      event.preventDefault();
                      setAssetError(cryptoCheckoutMessages.chooseAsset);
                    }
                  }}
                >
                  <input type="hidden" name="intent" value="quote" />
                  <AssetChoice
                    assets={view.assets}
                    value={asset}
                    onChange={(a) => {
                      setAsset(a);
                      setAssetError(undefined);
                    }}
                    errorId="pay-asset-error"
                    invalid={assetError !== undefined}
                  />
                  <FieldError id="pay-asset-error" message={assetError} />
                  {view.pricesStale ? (
                    <p className="text-sm text-muted">
                      Crypto prices are out of date right now: BTC and USDT can be quoted again once they
                      refresh.
                    </p>
                  ) : null}
                  <Button
                    type="submit"
                    size="lg"
                    className="w-full"
                    disabled={loaderData.needsEmailConfirmation || firstChoosable === undefined}
                    busy={quoter.state !== "idle"}
                    busyLabel="Getting quote…"
                  >
                    Get a quote
                  </Button>
                </quoter.Form>
                {loaderData.needsEmailConfirmation ? <ConfirmEmailNotice /> : null}
                {firstChoosable === undefined ? (
                  <p className="text-sm text-muted">
                    You have no USD, USDT or BTC in your real account yet.{" "}
                    <Link to="/deposit" className="font-medium text-brand underline">
                      Make a deposit
                    </Link>
                  </p>
                ) : null}
              </Card>
            )}
            <FieldError id="pay-error" message={payError} />
          </>
        )}
      </div>
    </div>
  );
}
