import { ArrowDownUp } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formatAmount, safeParseAmount } from "~/domain/money/amount.ts";
import { confirmSwap, requestSwapQuote, swapBoardView } from "~/domain/swap/member.server.ts";
import {
  chooseFrom,
  chooseTo,
  exchangeSides,
  formatSwapAmount,
  quoteMath,
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
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Dialog } from "~/ui/dialog.tsx";
import { FieldError, inputClass } from "~/ui/field.tsx";
import { DataLabels } from "~/ui/market/data-labels.tsx";
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
    needsEmailConfirmation: needsEmailConfirmation(session),
  };
}

type ActionData =
  | { intent: "quote"; quote?: QuoteView; error?: string }
  | { intent: "confirm"; ok: boolean; message: string; expired?: boolean };

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = await args.request.formData();
  if (needsEmailConfirmation(session)) {
    return String(form.get("intent")) === "confirm"
      ? data<ActionData>({ intent: "confirm", ok: false, message: emailUnconfirmedMessage }, 403)
      : data<ActionData>({ intent: "quote", error: emailUnconfirmedMessage }, 403);
  }
  const config = getConfig();
  const now = new Date();
  if (String(form.get("intent")) === "confirm") {
    const result = await confirmSwap(getDb(), member, { quoteId: String(form.get("quoteId") ?? ""), now });
    if (result.ok)
      return data<ActionData>({ intent: "confirm", ok: true, message: result.message, expired: false });
    const { status, ...refusal } = result;
    return data<ActionData>({ intent: "confirm", ...refusal }, status);
  }
  const result = await requestSwapQuote(
    getDb(),
    member,
    { from: String(form.get("from")), to: String(form.get("to")), amount: form.get("amount") ?? "" },
    {
      now,
      quoteSeconds: config.swap.quoteSeconds,
      feeBps: config.swap.feeBps,
      staleSeconds: config.market.staleSeconds,
    },
  );
  return result.ok
    ? data<ActionData>({ intent: "quote", quote: result.quote })
    : data<ActionData>({ intent: "quote", error: result.message }, result.status);
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
    { kind: "quote"; quote: QuoteView; deadline: number } | { kind: "message"; text: string } | null
  >(null);
  const [error, setError] = useState<string | undefined>();
  const quoter = useFetcher<ActionData>({ key: "swap-quote" });
  const confirmer = useFetcher<ActionData>({ key: "swap-confirm" });
  const quote = popup?.kind === "quote" ? popup.quote : null;
  const left = useCountdown(popup?.kind === "quote" ? popup.deadline : null);

  useEffect(() => {
    const d = quoter.data;
    if (quoter.state !== "idle" || !d || d.intent !== "quote") return;
    if (d.quote) {
      setError(undefined);
      setPopup({ kind: "quote", quote: d.quote, deadline: localDeadline(d.quote) });
    } else {
      setError(d.error);
      if (d.error === swapMessages.balanceLow) setPopup({ kind: "message", text: d.error });
    }
  }, [quoter.data, quoter.state]);

  useEffect(() => {
    const d = confirmer.data;
    if (confirmer.state !== "idle" || !d || d.intent !== "confirm") return;
    setPopup({ kind: "message", text: d.message });
    if (d.ok) setAmount("");
  }, [confirmer.data, confirmer.state]);

  const fromAvailable = BigInt(available[pair.from]);
  const parsed = safeParseAmount(amount, pair.from);
  const fromPrice = prices[pair.from];
  const toPrice = prices[pair.to];
  const estimate =
    parsed.ok && parsed.value > 0n && fromPrice && toPrice
      ? quoteMath({
          from: pair.from,
          to: pair.to,
          fromAmountMinor: parsed.value,
          fromPriceUsd: fromPrice,
          toPriceUsd: toPrice,
          spreadBps: loaderData.spreadBps,
          feeBps: loaderData.feeBps,
        }).toMinor
      : null;

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
              const checked = validateSwapAmount({ from: pair.from, availableMinor: fromAvailable }, amount);
              if (!checked.ok) {
                event.preventDefault();
                setError(checked.message);
                if (checked.message === swapMessages.balanceLow)
                  setPopup({ kind: "message", text: checked.message });
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
                  id="swap-from-amount"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  className={inputClass}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby="swap-available swap-error"
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
                  value={estimate === null ? "" : formatAmount(estimate, pair.to)}
                  placeholder="0.00"
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
            </div>
            <FieldError id="swap-error" message={error} />
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
          {quote ? (
            <div className="space-y-3">
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
                <dt className="text-muted">You pay</dt>
                <dd className="font-semibold">
                  {formatSwapAmount(BigInt(quote.fromAmountMinor), quote.from)}
                </dd>
                <dt className="text-muted">Rate</dt>
                <dd className="font-semibold">
                  1 {quote.from} = {quote.rate} {quote.to}
                </dd>
                <dt className="text-muted">Spread</dt>
                <dd>{(quote.spreadBps / 100).toFixed(2)} %</dd>
                <dt className="text-muted">Fee</dt>
                <dd>{formatSwapAmount(BigInt(quote.feeMinor), quote.to)}</dd>
                <dt className="text-muted">You receive</dt>
                <dd className="font-semibold text-positive">
                  {formatSwapAmount(BigInt(quote.toAmountMinor), quote.to)}
                </dd>
              </dl>
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
