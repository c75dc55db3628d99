import { ArrowLeftRight } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { CRYPTO_ASSETS } from "~/domain/money/assets.ts";
import { MANUAL_KIND_LABELS, MANUAL_KINDS } from "~/domain/portfolio/outside/manual-rules.ts";
import type { AccountsAnswer, TransactionRow } from "~/domain/portfolio/outside/views.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { EmptyState } from "../empty-state.tsx";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";
import { Table, Td, Th } from "../table.tsx";
import { ConfirmDelete, Done, useResetOnSuccess, utc } from "./confirm-delete.tsx";

const VALUE_LABEL = Object.freeze({
  buy: "Total paid (USD)",
  sell: "Total received (USD)",
  receive: "Value when received (USD, optional)",
  reward: "Value when received (USD, optional)",
  send: "",
});

const SOURCE = Object.freeze({ manual: "Typed", coinbase: "Coinbase", kraken: "Kraken", binance: "Binance" });

/** Typed transactions: the form, and every transaction made elsewhere (typed or imported). */
export function TransactionsCard({
  transactions,
  answer,
}: {
  transactions: TransactionRow[];
  answer: AccountsAnswer | undefined;
}) {
  const navigation = useNavigation();
  const formRef = useResetOnSuccess(answer, "add-tx");
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-tx";
  const [kind, setKind] = useState<(typeof MANUAL_KINDS)[number]>("buy");
  const errors = answer && !answer.ok && answer.intent === "add-tx" ? answer.errors : {};
  const listError = answer && !answer.ok && answer.intent === "delete-tx" ? answer.errors.form : undefined;
  return (
    <Card>
      <CardHeader title="Transactions made elsewhere" />
      <Form ref={formRef} method="post" className="grid gap-4 p-5 sm:grid-cols-3" noValidate>
        <input type="hidden" name="intent" value="add-tx" />
        <Select
          label="Type"
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
          options={MANUAL_KINDS.map((k) => ({ value: k, label: MANUAL_KIND_LABELS[k] }))}
          error={errors.kind}
        />
        <Select
          label="Asset"
          name="asset"
          options={CRYPTO_ASSETS.map((a) => ({ value: a, label: a }))}
          error={errors.asset}
        />
        <Field
          label="Quantity"
          name="quantity"
          inputMode="decimal"
          autoComplete="off"
          error={errors.quantity}
        />
        {kind !== "send" ? (
          <Field
            label={VALUE_LABEL[kind]}
            name="value"
            inputMode="decimal"
            autoComplete="off"
            error={errors.value}
          />
        ) : null}
        <Field
          label="Fee (USD, optional)"
          name="fee"
          inputMode="decimal"
          autoComplete="off"
          error={errors.fee}
        />
        <Field
          label="Date and time (UTC)"
          name="occurredAt"
          type="datetime-local"
          error={errors.occurredAt}
        />
        <Field
          label="Note (optional)"
          name="note"
          maxLength={200}
          autoComplete="off"
          className="sm:col-span-3"
          error={errors.note}
        />
        <div className="space-y-2 sm:col-span-3">
          <FieldError message={errors.form} />
          <Done answer={answer} intents={["add-tx", "delete-tx"]} />
          <Button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add transaction"}
          </Button>
        </div>
      </Form>
      {listError ? (
        <div className="px-5 pb-3">
          <FieldError message={listError} />
        </div>
      ) : null}
      {transactions.length === 0 ? (
        <EmptyState icon={ArrowLeftRight} title="No transactions made elsewhere yet" headingLevel={3}>
          Type a purchase made on another exchange above, or import an exchange's CSV below: your gains and
          returns then count it too.
        </EmptyState>
      ) : (
        <Table caption="Transactions made elsewhere, newest first">
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Type</Th>
              <Th className="text-right">Quantity</Th>
              <Th className="text-right">Value</Th>
              <Th>Source</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((t) => (
              <tr key={t.id}>
                <Td className="whitespace-nowrap">{utc(t.at)}</Td>
                <Td>
                  {t.kindLabel}
                  {t.note ? (
                    <span className="block max-w-xs truncate text-xs text-muted" title={t.note}>
                      {t.note}
                    </span>
                  ) : null}
                </Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {t.quantityText} {t.asset}
                </Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {t.valueText ?? "—"}
                  {t.feeText ? <span className="block text-xs text-muted">fee {t.feeText}</span> : null}
                </Td>
                <Td>{SOURCE[t.source]}</Td>
                <Td>
                  {t.source === "manual" ? (
                    <ConfirmDelete
                      intent="delete-tx"
                      id={t.id}
                      name={`${t.kindLabel} ${t.quantityText} ${t.asset} on ${utc(t.at)}`}
                    />
                  ) : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
