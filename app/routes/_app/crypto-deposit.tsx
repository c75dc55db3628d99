import { randomUUID } from "node:crypto";
import { ArrowLeft, Copy } from "lucide-react";
import QRCode from "qrcode";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/dates.ts";
import {
  announceDeposit,
  type Deposit,
  getOrCreateDepositAddress,
  listMemberDeposits,
} from "~/domain/deposits/deposits.server.ts";
import { fieldErrors } from "~/domain/forms.ts";
import { formatAmount, safeParseAmount } from "~/domain/money/amount.ts";
import { depositMethod, describeLimits, isWithinLimits, limitsMessage } from "~/domain/payments/methods.ts";
import { btcDepositSchema, paymentMessages, usdtDepositSchema } from "~/domain/payments/schemas.ts";
import { log } from "~/log.server.ts";
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

function statusLabel(d: Pick<Deposit, "status" | "confirmations" | "requiredConfirmations">) {
  switch (d.status) {
    case "awaiting":
      return { text: "Pending", tone: "neutral" as const };
    case "detected":
      return { text: "Detected", tone: "warning" as const };
    case "confirming":
      return {
        text: `Confirming ${d.confirmations} of ${d.requiredConfirmations}`,
        tone: "warning" as const,
      };
    case "credited":
      return { text: "Completed", tone: "positive" as const };
    case "expired":
      return { text: "Expired", tone: "neutral" as const };
    default:
      return { text: "Failed", tone: "negative" as const };
  }
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
      key: "",
    };
  const deposits = (await listMemberDeposits(ctx.db, ctx.userId, 20))
    .filter((d) => d.asset === asset)
    .slice(0, 8);
  return {
    asset,
    isDemo: false,
    enabled: true,
    testNetwork: ctx.testNetwork,
    key: randomUUID(),
    deposits: deposits.map((d) => ({
      id: d.id.toString(),
      amount: formatAmount(d.amount ?? d.expectedAmount ?? 0n, asset, { grouping: true }),
      status: statusLabel(d),
      // A rejected deposit says why on the page too, not only in the e-mail (the admin's note is
      // written for the member: the queue asks for "the reason the member reads").
      reason: d.status === "rejected" ? (d.note ?? "") : "",
      expired: d.status === "expired",
      date: d.createdAt.toISOString(),
    })),
    announcedDays: ctx.config.payments.depositAnnouncedDays,
  };
}

export async function action(args: Route.ActionArgs) {
  const ctx = await paymentsContext(args);
  const asset = assetOf(args.request);
  if (ctx.isDemo || !ctx.keys)
    return data(
      { ok: false as const, errors: { amount: "Deposits are not available on this account." } },
      403,
    );
  const form = Object.fromEntries(await args.request.formData());
  const parsed = (asset === "BTC" ? btcDepositSchema : usdtDepositSchema).safeParse(form);
  if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error) }, 400);
  try {
    const { address } = await getOrCreateDepositAddress(ctx.db, ctx.keys, ctx.userId, asset);
    const key =
      typeof form.idempotencyKey === "string" && form.idempotencyKey.length >= 16
        ? form.idempotencyKey
        : randomUUID();
    const deposit = await announceDeposit(ctx.db, {
      userId: ctx.userId,
      asset,
      amount: parsed.data.amount,
      idempotencyKey: key,
    });
    const amountText = formatAmount(parsed.data.amount, asset);
    // BIP21 for BTC carries the amount; TRC20 has no common URI scheme, so the QR is the address.
    const qrText = asset === "BTC" ? `bitcoin:${address}?amount=${amountText}` : address;
    const qr = await QRCode.toDataURL(qrText, { margin: 1, width: 240, errorCorrectionLevel: "M" });
    return { ok: true as const, address, amount: amountText, qr, qrText, depositId: deposit.id.toString() };
  } catch (error) {
    log.error("deposit announce failed", { error });
    return data({ ok: false as const, errors: { amount: paymentMessages.failure } }, 500);
  }
}

export default function CryptoDepositPage({ loaderData, actionData }: Route.ComponentProps) {
  const { asset } = loaderData;
  const copy = COPY[asset];
  const method = depositMethod(asset === "BTC" ? "btc" : "usdt");
  const [amount, setAmount] = useState("");
  const toast = useToast();
  const navigation = useNavigation();
  const parsed = safeParseAmount(amount, asset, { allowZero: false });
  const inRange = parsed.ok && isWithinLimits(parsed.value, method.limits);
  const showRangeHint = amount.trim() !== "" && !inRange;
  const step2 = actionData?.ok ? actionData : undefined;
  const errors = actionData && !actionData.ok ? actionData.errors : {};

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
      ) : !loaderData.enabled ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-muted">
          Deposits are not available right now.
        </p>
      ) : step2 ? (
        <Card className="space-y-5 p-6">
          <div>
            <h2 className="text-lg font-semibold text-ink">
              Send {step2.amount} {asset} to your address
            </h2>
            <p className="mt-1 text-sm text-muted">
              This address is yours alone. We credit what arrives after the required confirmations and e-mail
              you.
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
              src={step2.qr}
              width={200}
              height={200}
              alt={`QR code for ${step2.qrText}`}
              className="rounded-md border border-line bg-white p-2"
            />
            <div className="min-w-0 flex-1 space-y-3">
              <p className="text-sm font-medium text-muted">Your {copy.name} deposit address</p>
              <p
                className="rounded-md bg-canvas px-3 py-2 font-mono text-sm break-all text-ink"
                data-testid="deposit-address"
              >
                {step2.address}
              </p>
              <Button
                type="button"
                variant="secondary"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(step2.address);
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
          <ButtonLink to="/deposit" variant="ghost">
            <ArrowLeft aria-hidden className="size-4" /> Change Deposit Method
          </ButtonLink>
        </Card>
      ) : (
        <Card className="p-6">
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="idempotencyKey" value={loaderData.key} />
            <Field
              label={`Amount (${asset})`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint={`Limits: ${describeLimits(method.limits)}`}
              error={errors.amount ?? (showRangeHint ? limitsMessage(method.limits) : undefined)}
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                disabled={!inRange}
                busy={navigation.state === "submitting"}
                busyLabel="Loading ....."
              >
                Deposit
              </Button>
              <ButtonLink to="/deposit" variant="ghost">
                Change Deposit Method
              </ButtonLink>
            </div>
          </Form>
        </Card>
      )}
      {loaderData.deposits.length > 0 ? (
        <Card className="p-5">
          <h2 className="font-semibold text-ink">Your recent {asset} deposits</h2>
          <ul className="mt-3 divide-y divide-line">
            {loaderData.deposits.map((d) => (
              <li key={d.id} className="py-2 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="text-muted">{formatDateTime(d.date)}</span>
                  <span className="font-medium text-ink">
                    {d.amount} {asset}
                  </span>
                  <Badge tone={d.status.tone}>{d.status.text}</Badge>
                </div>
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
      ) : null}
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
