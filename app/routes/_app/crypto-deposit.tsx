import { ArrowLeft, Copy } from "lucide-react";
import QRCode from "qrcode";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import { getOrCreateDepositAddress } from "~/domain/deposits/addresses.server.ts";
import { listMemberDeposits } from "~/domain/deposits/deposits.server.ts";
import type { Deposit } from "~/domain/deposits/types.ts";
import { confirmationsText } from "~/domain/events/account-events.ts";
import { fieldErrors } from "~/domain/forms.ts";
import { formatAmount, safeParseAmount } from "~/domain/money/amount.ts";
import { depositMethod, describeLimits, isWithinLimits, limitsMessage } from "~/domain/payments/methods.ts";
import { btcDepositSchema, paymentMessages, usdtDepositSchema } from "~/domain/payments/schemas.ts";
import { isWaitingForVerification } from "~/domain/verification/rules.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { CoinMark } from "~/ui/market/coin-mark.tsx";
import { DemoNotice, TestNetworkBanner } from "~/ui/payments/method-card.tsx";
import { useToast } from "~/ui/toast.tsx";
import type { Route } from "./+types/crypto-deposit";
import { paymentsContext } from "./payments.server.ts";

type CryptoAsset = "BTC" | "USDT";

function assetOf(request: Request): CryptoAsset {
  return new URL(request.url).pathname.includes("usdt") ? "USDT" : "BTC";
}

const COPY: Record<CryptoAsset, { title: string; name: string; copied: string; network: string }> = {
  BTC: {
    title: "Deposit BTC",
    name: "Bitcoin",
    copied: paymentMessages.btcAddressCopied,
    network: "Bitcoin",
  },
  USDT: {
    title: "Deposit USDT",
    name: "USDT",
    copied: paymentMessages.usdtAddressCopied,
    network: "TRON (TRC20)",
  },
};

export function meta({ location }: Route.MetaArgs) {
  return [{ title: `${location.pathname.includes("usdt") ? "Deposit USDT" : "Deposit BTC"} · Coinlens` }];
}

/** How a deposit reads on this page; one in flight shows its confirmations as a counter and a bar. */
function statusLabel(d: Pick<Deposit, "status">) {
  switch (d.status) {
    case "awaiting":
      return { text: "Pending", tone: "neutral" as const };
    case "detected":
      return { text: "Detected", tone: "warning" as const };
    case "confirming":
      return { text: "Confirming", tone: "warning" as const };
    case "credited":
      return { text: "Completed", tone: "positive" as const };
    case "expired":
      return { text: "Expired", tone: "neutral" as const };
    default:
      return { text: "Failed", tone: "negative" as const };
  }
}

/**
 * The amount typed for the QR code only (BIP21 carries it for BTC): optional, and never a promise
 * to send — nothing is recorded until a payment is seen on the chain.
 */
function qrAmount(request: Request, asset: CryptoAsset) {
  const text = new URL(request.url).searchParams.get("amount")?.trim() ?? "";
  if (text === "") return { text: "", error: undefined, minor: undefined };
  const parsed = (asset === "BTC" ? btcDepositSchema : usdtDepositSchema).safeParse({ amount: text });
  if (!parsed.success) return { text, error: fieldErrors(parsed.error).amount, minor: undefined };
  return { text, error: undefined, minor: parsed.data.amount };
}

export async function loader(args: Route.LoaderArgs) {
  const ctx = await paymentsContext(args);
  const asset = assetOf(args.request);
  if (ctx.isDemo || !ctx.keys)
    return {
      asset,
      isDemo: ctx.isDemo,
      enabled: !!ctx.keys,
      testNetwork: ctx.testNetwork,
      deposits: [],
      address: null,
      announcedDays: 0,
    };
  const [{ address }, all] = await Promise.all([
    // The member's own address, made on first visit (one per member and coin, derived from the
    // watch-only key): shown straight away, with or without an amount.
    getOrCreateDepositAddress(ctx.db, ctx.keys, ctx.userId, asset),
    listMemberDeposits(ctx.db, ctx.userId, 20),
  ]);
  const amount = qrAmount(args.request, asset);
  const amountText = amount.minor === undefined ? undefined : formatAmount(amount.minor, asset);
  // BIP21 for BTC carries the amount; TRC20 has no common URI scheme, so the QR is the address.
  const qrText = asset === "BTC" && amountText ? `bitcoin:${address}?amount=${amountText}` : address;
  const qr = await QRCode.toDataURL(qrText, { margin: 1, width: 240, errorCorrectionLevel: "M" });
  return {
    asset,
    isDemo: false,
    enabled: true,
    testNetwork: ctx.testNetwork,
    address: { address, qr, qrText, amount: amount.text, amountError: amount.error, amountText },
    deposits: all
      .filter((d) => d.asset === asset)
      .slice(0, 8)
      .map((d) => ({
        id: d.id.toString(),
        amount: formatAmount(d.amount ?? d.expectedAmount ?? 0n, asset, { grouping: true }),
        status: statusLabel(d),
        inFlight: d.status === "detected" || d.status === "confirming",
        confirmations: d.confirmations,
        required: d.requiredConfirmations,
        // A rejected deposit says why on the page too, not only in the e-mail (the admin's note is
        // written for the member: the queue asks for "the reason the member reads").
        reason: d.status === "rejected" ? (d.note ?? "") : "",
        // Confirmed but over the member's deposit limit (ADR 0082): it waits; the note says why.
        waiting: d.status === "confirming" && isWaitingForVerification(d.note) ? (d.note ?? "") : "",
        expired: d.status === "expired",
        date: d.createdAt.toISOString(),
      })),
    announcedDays: ctx.config.payments.depositAnnouncedDays,
  };
}

/** "1 of 3 confirmations" with a bar: the member sees the deposit move as blocks arrive. */
function ConfirmationProgress({ confirmations, required }: { confirmations: number; required: number }) {
  const shown = Math.min(confirmations, required);
  return (
    <div className="mt-2 space-y-1">
      <p className="text-xs font-medium text-ink" data-testid="confirmations">
        {confirmationsText(confirmations, required)}
      </p>
      <div
        role="progressbar"
        aria-label="Confirmations"
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={shown}
        aria-valuetext={confirmationsText(confirmations, required)}
        className="h-1.5 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-500"
          style={{ width: `${required > 0 ? (shown / required) * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}

export default function CryptoDepositPage({ loaderData }: Route.ComponentProps) {
  const { asset, address } = loaderData;
  const copy = COPY[asset];
  const method = depositMethod(asset === "BTC" ? "btc" : "usdt");
  const toast = useToast();
  const navigation = useNavigation();
  const [amount, setAmount] = useState(address?.amount ?? "");
  const parsed = safeParseAmount(amount, asset, { allowZero: false });
  const showRangeHint = amount.trim() !== "" && !(parsed.ok && isWithinLimits(parsed.value, method.limits));

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex items-center gap-3">
        <CoinMark symbol={asset} className="size-10" />
        <div>
          <h1 className="text-2xl font-semibold text-ink">{copy.title}</h1>
          <p className="text-sm text-muted">
            Network: {copy.network} · {method.processingTime} · Fee {method.feePercent}%
          </p>
        </div>
      </header>
      {loaderData.testNetwork ? <TestNetworkBanner /> : null}
      {loaderData.isDemo ? (
        <DemoNotice action="deposit" />
      ) : !address ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-muted">
          Deposits are not available right now.
        </p>
      ) : (
        <Card className="space-y-5 p-6">
          <div>
            <h2 className="text-lg font-semibold text-ink">
              {address.amountText
                ? `Send ${address.amountText} ${asset} to your address`
                : `Your ${copy.name} deposit address`}
            </h2>
            <p className="mt-1 text-sm text-muted">
              This address is yours alone. We credit what arrives after the required confirmations and e-mail
              you. Limits: {describeLimits(method.limits)}.
            </p>
          </div>
          {asset === "USDT" ? (
            <p
              role="alert"
              className="rounded-md border border-negative/30 bg-negative-soft px-4 py-3 text-sm font-medium text-negative"
            >
              Send only USDT on the TRON network (TRC20). Other tokens or networks will be lost.
            </p>
          ) : (
            <p className="rounded-md bg-canvas px-4 py-3 text-sm text-ink">
              Send only BTC on the Bitcoin network to this address.
            </p>
          )}
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <img
              src={address.qr}
              width={200}
              height={200}
              alt={`QR code for ${address.qrText}`}
              className="rounded-md border border-line bg-white p-2"
            />
            <div className="w-full min-w-0 flex-1 space-y-3">
              <p className="text-sm font-medium text-muted">Your {copy.name} deposit address</p>
              <p
                className="rounded-md bg-canvas px-3 py-2 font-mono text-sm break-all text-ink"
                data-testid="deposit-address"
              >
                {address.address}
              </p>
              <Button
                type="button"
                variant="secondary"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(address.address);
                  } catch {
                    // Clipboard refused (insecure context): the address stays visible to copy by hand.
                  }
                  toast.show(copy.copied, { durationMs: 750, tone: "positive" });
                }}
              >
                <Copy aria-hidden className="size-4" /> Copy address
              </Button>
            </div>
          </div>
          {asset === "BTC" ? (
            <Form method="get" className="space-y-3 border-t border-line pt-4" noValidate>
              <Field
                label="Amount for the QR code (optional)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                hint="Your wallet app fills it in when you scan. You can send any amount within the limits."
                error={address.amountError ?? (showRangeHint ? limitsMessage(method.limits) : undefined)}
              />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                disabled={showRangeHint}
                busy={
                  navigation.state === "loading" &&
                  navigation.location?.pathname.endsWith("-deposit") === true
                }
                busyLabel="Loading ....."
              >
                Add to QR code
              </Button>
            </Form>
          ) : null}
          <ButtonLink to="/deposit" variant="ghost">
            <ArrowLeft aria-hidden className="size-4" /> Change Deposit Method
          </ButtonLink>
        </Card>
      )}
      {loaderData.deposits.length > 0 ? (
        <Card className="p-5">
          <h2 className="font-semibold text-ink">Your recent {asset} deposits</h2>
          <ul className="mt-3 divide-y divide-line" aria-live="polite">
            {loaderData.deposits.map((d) => (
              <li key={d.id} className="py-2 text-sm" data-testid="deposit-row">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="text-muted">{formatDateTime(d.date)}</span>
                  <span className="font-medium text-ink">
                    {d.amount} {asset}
                  </span>
                  <Badge tone={d.status.tone}>{d.status.text}</Badge>
                </div>
                {d.inFlight ? (
                  <ConfirmationProgress confirmations={d.confirmations} required={d.required} />
                ) : null}
                {d.waiting ? (
                  <p className="mt-1 text-ink">
                    {d.waiting}{" "}
                    <Link to="/settings/verification" className="font-semibold text-brand underline">
                      Raise your limit
                    </Link>
                  </p>
                ) : null}
                {d.reason ? (
                  <p className="mt-1 text-negative">Rejected, nothing was credited. Reason: {d.reason}</p>
                ) : null}
                {d.expired ? (
                  <p className="mt-1 text-muted">
                    Nothing arrived within {loaderData.announcedDays}{" "}
                    {loaderData.announcedDays === 1 ? "day" : "days"}. A payment sent to your address later is
                    still credited when it arrives.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <Card className="p-5 text-sm text-muted">
          No {asset} deposits yet. A payment to your address shows here as soon as the network sees it, with
          its confirmations counting up — no need to reload.
        </Card>
      )}
      <p className="text-sm text-muted">
        Questions?{" "}
        <Link to="/contact" className="font-semibold text-brand underline">
          Contact support
        </Link>
        .
      </p>
    </div>
  );
}
