import { Form, Link } from "react-router";
import { describeLimits, withdrawalMethod } from "~/domain/payments/methods.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import { Card } from "~/ui/card.tsx";
import { useKeptAnswer, useSubmissionKey } from "~/ui/live/use-kept-answer.ts";
import { CoinMark } from "~/ui/market/coin-mark.tsx";
import { DemoNotice } from "~/ui/payments/method-card.tsx";
import {
  AddressBook,
  WithdrawalAddressField,
  WithdrawalAmountField,
} from "~/ui/payments/withdrawal-address.tsx";
import {
  ConfirmWithdrawalPanel,
  SuccessDialog,
  WithdrawalFormEnd,
  WithdrawalHistory,
} from "~/ui/payments/withdrawal-parts.tsx";
import type { Route } from "./+types/crypto-withdrawal";
import { withdrawalAction, withdrawalLoader } from "./withdrawal-actions.server.ts";

function kindOf(request: Request) {
  return new URL(request.url).pathname.includes("usdt") ? ("usdt" as const) : ("btc" as const);
}

export function meta({ location }: Route.MetaArgs) {
  return [{ title: `${location.pathname.includes("usdt") ? "Withdraw USDT" : "Withdraw BTC"} · Coinlens` }];
}

export function loader(args: Route.LoaderArgs) {
  return withdrawalLoader(args, kindOf(args.request));
}

export function action(args: Route.ActionArgs) {
  return withdrawalAction(args, kindOf(args.request));
}

export default function CryptoWithdrawalPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  // A withdrawal request sends the member an account event, and the page re-reads its loaders on it
  // (AccountEvents): React Router then drops actionData, which emptied the open "Request received"
  // dialog of its message. The answer is kept until the next one (useKeptAnswer).
  const actionData = useKeptAnswer(answer);
  // Kept through those re-reads too, so the form is not remounted (and emptied) while being typed in.
  const submissionKey = useSubmissionKey(loaderData.key, actionData);
  const kind = loaderData.kind as "btc" | "usdt";
  const asset = loaderData.asset;
  const method = withdrawalMethod(kind);
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const values = actionData && !actionData.ok ? (actionData.values ?? {}) : {};
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <header className="flex items-center gap-3">
        <CoinMark symbol={asset} className="size-10" />
        <div>
          <h1 className="text-2xl font-semibold text-ink">Withdraw {asset}</h1>
          <p className="text-sm text-muted">
            Network: {method.network} · {method.processingTime} · Fee {method.feePercent}%
          </p>
        </div>
      </header>
      {loaderData.confirm ? (
        <ConfirmWithdrawalPanel panel={loaderData.confirm} error={errors.confirm} />
      ) : null}
      {loaderData.isDemo ? (
        <DemoNotice action="withdraw" />
      ) : (
        <>
          <Card className="p-6">
            <p className="mb-4 text-sm text-muted">
              Available:{" "}
              <span className="font-semibold text-ink">
                {loaderData.available} {asset}
              </span>
            </p>
            <Form method="post" className="space-y-4" noValidate key={submissionKey}>
              <input type="hidden" name="idempotencyKey" value={submissionKey} />
              <WithdrawalAmountField
                asset={kind === "usdt" ? "USDT" : "BTC"}
                available={loaderData.availablePlain}
                priceUsd={loaderData.priceUsd}
                defaultValue={values.amount}
                hint={`Limits: ${describeLimits(method.limits)}`}
                error={errors.amount}
                limit={loaderData.limit}
              />
              <WithdrawalAddressField
                label={kind === "usdt" ? "USDT (TRC20) wallet address" : "Bitcoin wallet address"}
                hint={kind === "usdt" ? "A TRON address starting with T." : "Your own Bitcoin address."}
                addresses={loaderData.addresses}
                newAddressHours={loaderData.newAddressHours}
                defaultValue={values.address}
                error={errors.address}
              />
              <WithdrawalFormEnd
                twoFactor={loaderData.twoFactor}
                confirmMinutes={loaderData.confirmMinutes}
                errors={errors}
                needsEmailConfirmation={loaderData.needsEmailConfirmation}
              />
            </Form>
            {/* Beside the button, outside the form (it holds its own "Send a new link" form). */}
            {loaderData.needsEmailConfirmation ? <ConfirmEmailNotice className="mt-3" /> : null}
          </Card>
          <AddressBook addresses={loaderData.addresses} asset={asset} />
          <WithdrawalHistory rows={loaderData.withdrawals} asset={asset} />
          <p className="text-sm text-muted">
            <Link to="/withdrawal" className="font-semibold text-brand underline">
              Choose another method
            </Link>
          </p>
        </>
      )}
      <SuccessDialog
        message={actionData?.ok ? actionData.message : undefined}
        detail={actionData?.ok ? actionData.detail : undefined}
        serial={actionData}
      />
    </div>
  );
}
