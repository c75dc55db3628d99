import { randomUUID } from "node:crypto";
import { ArrowDownUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { swapEstimate } from "~/domain/swap/estimate.ts";
import { confirmSwap, requestSwapQuote, swapBoardView } from "~/domain/swap/member.server.ts";
import {
  chooseFrom,
  chooseTo,
  exchangeSides,
  SWAP_CURRENCIES,
  type SwapCurrency,
  type SwapPair,
  secondsLeft,
  swapMessages,
  toOptions,
  validateSwapAmount,
} from "~/domain/swap/rules.ts";
import type { QuoteView } from "~/domain/swap/views.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import { DemoResetButton } from "~/ui/account/demo-reset.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Dialog } from "~/ui/dialog.tsx";
import { FieldError, inputClass } from "~/ui/field.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
import { EstimatedRate, QuoteDetails, SwapDone } from "~/ui/swap/swap-parts.tsx";
import { emailUnconfirmedMessage, needsEmailConfirmation, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/swap";

export function meta() {
  return [{ title: "Swap · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const config = getConfig();
  const board = await swapBoardView(
    getDb(),
    { userId: session.user.id, ledger: session.session.accountMode },
    { now: new Date(), staleSeconds: config.market.staleSeconds },
  );
  return {
    ...board,
    feeBps: config.swap.feeBps,
    quoteSeconds: config.swap.quoteSeconds,
    mode: session.session.accountMode,
    // The demo balance reset's form key (ADR 0071); a new one each time the page's data is read.
    demoResetKey: session.session.accountMode === "demo" ? randomUUID() : null,
    needsEmailConfirmation: needsEmailConfirmation(session),
  };
}

type ActionData =
  | { intent: "quote"; quote?: QuoteView; error?: string; field?: "amount"; offerDemoReset?: true }
  | { intent: "confirm"; ok: boolean; message: string; expired?: boolean; paid?: string; received?: string };

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = formValues(await args.request.formData());
  if (needsEmailConfirmation(session)) {
    return form.intent === "confirm"
      ? data<ActionData>({ intent: "confirm", ok: false, message: emailUnconfirmedMessage }, 403)
      : data<ActionData>({ intent: "quote", error: emailUnconfirmedMessage }, 403);
  }
  const config = getConfig();
  const now = new Date();
  if (form.intent === "confirm") {
    const result = await confirmSwap(getDb(), member, { quoteId: form.quoteId ?? "", now });
    if (result.ok) return data<ActionData>({ intent: "confirm", ...result, expired: false });
    const { status, ...refusal } = result;
    return data<ActionData>({ intent: "confirm", ...refusal }, status);
  }
  const result = await requestSwapQuote(
    getDb(),
    member,
    { from: form.from ?? "", to: form.to ?? "", amount: form.amount ?? "" },
    {
      now,
      quoteSeconds: config.swap.quoteSeconds,
      feeBps: config.swap.feeBps,
      staleSeconds: config.market.staleSeconds,
    },
  );
  if (result.ok) return data<ActionData>({ intent: "quote", quote: result.quote });
  const refusal: ActionData = { intent: "quote", error: result.message };
  if (result.field) refusal.field = result.field;
  if (result.offerDemoReset) refusal.offerDemoReset = true;
  return data(refusal, result.status);
}

/** Seconds left until `deadline` (a time on this browser's clock), ticking four times a second. */
function useCountdown(deadline: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsLeft(new Date(deadline), new Date(now));
}

/** The quote's expiry moved onto the browser's clock: its remaining life as the server saw it. */
const localDeadline = (q: QuoteView) => Date.now() + (Date.parse(q.expiresAt) - Date.parse(q.serverNow));

const currencyOptions = (list: readonly SwapCurrency[]) =>
  list.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ));

export default function SwapPage({ loaderData }: Route.ComponentProps) {
  const { available, prices, freshness } = loaderData;
  const [pair, setPair] = useState<SwapPair>({ from: "BTC", to: "ETH" });
  const [amount, setAmount] = useState("");
  const [popup, setPopup] = useState<
    | { kind: "quote"; quote: QuoteView; deadline: number }
    | { kind: "message"; text: string }
    | { kind: "done"; text: string; paid: string; received: string }
    | null
  >(null);
  // A refusal about the amount sits under the amount; any other (prices, reserve) under the form.
  const [amountError, setAmountError] = useState<string | undefined>();
  // In Demo, an amount over the balance is answered with the demo balance reset beside the error.
  const [offerReset, setOfferReset] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const [formError, setFormError] = useState<string | undefined>();
  const quoter = useFetcher<ActionData>({ key: "swap-quote" });
  const confirmer = useFetcher<ActionData>({ key: "swap-confirm" });
  const quote = popup?.kind === "quote" ? popup.quote : null;
  const left = useCountdown(popup?.kind === "quote" ? popup.deadline : null);

  useEffect(() => {
    const d = quoter.data;
    if (quoter.state !== "idle" || !d || d.intent !== "quote") return;
    setOfferReset(d.offerDemoReset === true);
    if (d.quote) {
      setAmountError(undefined);
      setFormError(undefined);
      setPopup({ kind: "quote", quote: d.quote, deadline: localDeadline(d.quote) });
    } else if (d.field === "amount") {
      setAmountError(d.error);
      setFormError(undefined);
    } else {
      setAmountError(undefined);
      setFormError(d.error);
    }
  }, [quoter.data, quoter.state]);

  useEffect(() => {
    const d = confirmer.data;
    if (confirmer.state !== "idle" || !d || d.intent !== "confirm") return;
    if (d.ok && d.paid && d.received) {
      setPopup({ kind: "done", text: d.message, paid: d.paid, received: d.received });
      setAmount("");
    } else setPopup({ kind: "message", text: d.message });
  }, [confirmer.data, confirmer.state]);

  const fromAvailable = BigInt(available[pair.from]);
  const demo = loaderData.mode === "demo";
  const estimate = swapEstimate({
    ...pair,
    amountText: amount,
    prices,
    spreadBps: loaderData.spreadBps,
    feeBps: loaderData.feeBps,
  });

  return (
    <div className="container-page py-8">
      <div className="mx-auto max-w-lg space-y-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold text-ink">Swap</h1>
          <div className="flex flex-wrap items-center gap-2">
            {loaderData.mode === "demo" ? <Badge tone="warning">Demo account · virtual funds</Badge> : null}
            <DataLabels sample={freshness.sample} stale={freshness.stale} asOf={freshness.asOf} />
          </div>
        </header>
        <Card className="space-y-4 p-5">
          <quoter.Form
            method="post"
            noValidate
            onSubmit={(event) => {
              const checked = validateSwapAmount(
                { from: pair.from, availableMinor: fromAvailable, demo },
                amount,
              );
              if (!checked.ok) {
                event.preventDefault();
                setAmountError(checked.message);
                setOfferReset(demo && checked.overBalance);
                setFormError(undefined);
              }
            }}
            className="space-y-4"
          >
            <input type="hidden" name="intent" value="quote" />
            <div className="space-y-1.5">
              <label htmlFor="swap-from-amount" className="block text-sm font-medium text-ink">
                From
              </label>
              <div className="flex gap-2">
                <input
                  ref={amountInput}
                  id="swap-from-amount"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  className={inputClass}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby="swap-amount-error swap-available"
                />
                <select
                  aria-label="From currency"
                  name="from"
                  className={`${inputClass} w-32`}
                  value={pair.from}
                  onChange={(e) => setPair((p) => chooseFrom(p, e.target.value as SwapCurrency))}
                >
                  {currencyOptions(SWAP_CURRENCIES)}
                </select>
              </div>
              <FieldError id="swap-amount-error" message={amountError} />
              {amountError && offerReset && loaderData.demoResetKey ? (
                <DemoResetButton
                  formKey={loaderData.demoResetKey}
                  returnFocusTo={amountInput}
                  onDone={() => {
                    setAmountError(undefined);
                    setOfferReset(false);
                  }}
                />
              ) : null}
              <p id="swap-available" className="text-sm text-muted">
                Available Balance{" "}
                <span className="font-semibold text-ink">
                  {formatAmount(fromAvailable, pair.from, { grouping: true })} {pair.from}
                </span>
              </p>
            </div>
            <div className="flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                aria-label="Swap the currencies"
                onClick={() => setPair((p) => exchangeSides(p))}
              >
                <ArrowDownUp aria-hidden className="size-4" />
              </Button>
            </div>
            <div className="space-y-1.5">
              <label htmlFor="swap-to-amount" className="block text-sm font-medium text-ink">
                To (estimated)
              </label>
              <div className="flex gap-2">
                <input
                  id="swap-to-amount"
                  readOnly
                  className={`${inputClass} bg-subtle`}
                  value={estimate?.toMinor == null ? "" : formatAmount(estimate.toMinor, pair.to)}
                  placeholder="0.00"
                  aria-describedby="swap-estimate"
                />
                <select
                  aria-label="To currency"
                  name="to"
                  className={`${inputClass} w-32`}
                  value={pair.to}
                  onChange={(e) => setPair((p) => chooseTo(p, e.target.value as SwapCurrency))}
                >
                  {currencyOptions(toOptions(pair.from))}
                </select>
              </div>
              <EstimatedRate pair={pair} rate={estimate?.rate ?? null} />
            </div>
            <FieldError id="swap-error" message={formError} />
            <p className="text-xs text-muted">
              Rate from current market prices with a {(loaderData.spreadBps / 100).toFixed(2)} % spread
              {loaderData.feeBps > 0
                ? ` and a ${(loaderData.feeBps / 100).toFixed(2)} % fee`
                : ", no swap fee"}
              . The quote holds for {loaderData.quoteSeconds} seconds.
            </p>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={amount.trim() === "" || loaderData.needsEmailConfirmation}
              busy={quoter.state !== "idle"}
              busyLabel="Getting quote..."
            >
              Continue
            </Button>
          </quoter.Form>
          {/* Beside the button, outside the form (it holds its own "Send a new link" form). */}
          {loaderData.needsEmailConfirmation ? <ConfirmEmailNotice className="mt-3" /> : null}
        </Card>
        <p className="text-center text-sm text-muted">
          Buying the same coin regularly?{" "}
          <Link to="/recurring" className="font-semibold text-brand underline">
            Set up a recurring buy
          </Link>
        </p>
        <Dialog
          open={popup !== null}
          onOpenChange={(open) => !open && setPopup(null)}
          title={quote ? "Confirm swap" : "Swap"}
          actions={
            quote && left > 0 ? (
              <confirmer.Form method="post">
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="quoteId" value={quote.id} />
                <Button type="submit" busy={confirmer.state !== "idle"} busyLabel="Swapping...">
                  Confirm swap
                </Button>
              </confirmer.Form>
            ) : quote ? (
              <Button onClick={() => setPopup(null)}>Get a new quote</Button>
            ) : null
          }
        >
          {popup?.kind === "message" ? <p role="status">{popup.text}</p> : null}
          {popup?.kind === "done" ? (
            <SwapDone message={popup.text} paid={popup.paid} received={popup.received} />
          ) : null}
          {quote ? (
            <div className="space-y-3">
              <QuoteDetails quote={quote} />
              <p
                role="timer"
                aria-live="off"
                className={left > 0 ? "text-sm text-muted" : "text-sm font-semibold text-negative"}
              >
                {left > 0 ? `This quote expires in ${left} s.` : swapMessages.expired}
              </p>
            </div>
          ) : null}
        </Dialog>
      </div>
    </div>
  );
}
