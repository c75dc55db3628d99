import { useState } from "react";
import { Form, Link } from "react-router";
import { safeParseAmount } from "~/domain/money/amount.ts";
import { describeLimits, withdrawalMethod } from "~/domain/payments/methods.ts";
import { formatNgn, ngnEstimateMinor } from "~/domain/payments/schemas.ts";
import { ConfirmEmailNotice } from "~/ui/account/confirm-email-notice.tsx";
import { Card } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { useKeptAnswer, useSubmissionKey } from "~/ui/live/use-kept-answer.ts";
import { DemoNotice } from "~/ui/payments/method-card.tsx";
import {
  ConfirmWithdrawalPanel,
  SuccessDialog,
  WithdrawalFormEnd,
  WithdrawalHistory,
} from "~/ui/payments/withdrawal-parts.tsx";
import { Select } from "~/ui/select.tsx";
import { LimitLeft } from "~/ui/verification/limit-left.tsx";
import type { Route } from "./+types/bank-withdrawal";
import { withdrawalAction, withdrawalLoader } from "./withdrawal-actions.server.ts";

export function meta() {
  return [{ title: "Online bank withdrawal · Coinlens" }];
}

export function loader(args: Route.LoaderArgs) {
  return withdrawalLoader(args, "bank");
}

export function action(args: Route.ActionArgs) {
  return withdrawalAction(args, "bank");
}

export default function BankWithdrawalPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  // A withdrawal request sends the member an account event, and the page re-reads its loaders on it
  // (AccountEvents): React Router then drops actionData, which emptied the open "Request received"
  // dialog of its message. The answer is kept until the next one (useKeptAnswer).
  const actionData = useKeptAnswer(answer);
  // Kept through those re-reads too, so the form is not remounted (and emptied) while being typed in.
  const submissionKey = useSubmissionKey(loaderData.key, actionData);
  const method = withdrawalMethod("bank");
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const values = actionData && !actionData.ok ? (actionData.values ?? {}) : {};
  const [amount, setAmount] = useState(values.amount ?? "");
  const [currency, setCurrency] = useState(values.payoutCurrency ?? "USD");
  const parsed = safeParseAmount(amount, "USD", { allowZero: false });
  const ngn =
    currency === "NGN" && parsed.ok ? formatNgn(ngnEstimateMinor(parsed.value, loaderData.ngnPerUsd)) : null;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Online bank withdrawal</h1>
        <p className="text-sm text-muted">
          {method.processingTime} · Fee {method.feePercent}% · We never ask for a card number or CVC.
        </p>
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
              Available: <span className="font-semibold text-ink">{loaderData.available} USD</span>
            </p>
            <Form method="post" className="space-y-4" noValidate key={submissionKey}>
              <input type="hidden" name="idempotencyKey" value={submissionKey} />
              <Field
                label="Amount (USD)"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                hint={`Limits: ${describeLimits(method.limits)}`}
                error={errors.amount}
              />
              {loaderData.limit ? (
                <LimitLeft limit={loaderData.limit} valueMinor={parsed.ok ? parsed.value : null} />
              ) : null}
              <Select
                label="Payout currency"
                name="payoutCurrency"
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
                options={[
                  { value: "USD", label: "US dollar (USD)" },
                  { value: "NGN", label: "Nigerian naira (NGN)" },
                ]}
              />
              {currency === "NGN" ? (
                <p className="rounded-md bg-canvas px-3 py-2 text-sm text-ink" aria-live="polite">
                  Estimate at {loaderData.ngnPerUsd} NGN per USD: <strong>{ngn ?? "—"}</strong>. Your bank's
                  final amount may differ.
                </p>
              ) : null}
              <Field
                label="Account holder"
                name="accountHolder"
                autoComplete="name"
                defaultValue={values.accountHolder}
                error={errors.accountHolder}
              />
              <Field
                label="Bank name"
                name="bankName"
                autoComplete="off"
                defaultValue={values.bankName}
                error={errors.bankName}
              />
              <Field
                label="Account number or IBAN"
                name="account"
                autoComplete="off"
                spellCheck={false}
                defaultValue={values.account}
                error={errors.account}
              />
              <Field
                label="SWIFT/BIC (optional)"
                name="swiftBic"
                autoComplete="off"
                spellCheck={false}
                defaultValue={values.swiftBic}
                error={errors.swiftBic}
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
          <WithdrawalHistory rows={loaderData.withdrawals} asset="USD" />
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
