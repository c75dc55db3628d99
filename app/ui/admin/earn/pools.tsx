// /admin/earn's rewards pools and treasuries: the balances per ledger and asset, and the form that
// proposes a funding (a second admin approves it under Approvals before any money moves).
import { Form } from "react-router";
import type { EarnActionData, PoolRowView } from "~/domain/earn/admin-views.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { Button } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { Field } from "../../field.tsx";
import { Select } from "../../select.tsx";
import { Table, Td, Th } from "../../table.tsx";

export function PoolsCard({
  pools,
  fundingKey,
  result,
  busy,
}: {
  pools: PoolRowView[];
  /** The idempotency key of the next proposal (a new one each time the page loads). */
  fundingKey: string;
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader title="Rewards pools and treasuries" />
      <Table caption="Rewards pools and treasuries by ledger and asset">
        <thead>
          <tr>
            <Th>Ledger</Th>
            <Th>Asset</Th>
            <Th>Pool available</Th>
            <Th>Rewards reserved</Th>
            <Th>Treasury</Th>
          </tr>
        </thead>
        <tbody>
          {pools.map((p) => (
            <tr key={p.key}>
              <Td>{p.ledger}</Td>
              <Td>{p.asset}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.pool}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.reserved}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.treasury}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <FundingForm fundingKey={fundingKey} result={result} busy={busy} />
    </Card>
  );
}

function FundingForm({
  fundingKey,
  result,
  busy,
}: {
  fundingKey: string;
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  const fund = result?.intent === "fund" ? result : undefined;
  return (
    <Form
      method="post"
      noValidate
      aria-label="Fund a rewards pool or a treasury"
      className="grid gap-4 border-t border-line p-5 sm:grid-cols-3"
    >
      <input type="hidden" name="key" value={fundingKey} />
      <Select
        label="Ledger"
        name="ledger"
        defaultValue={fund?.values.ledger ?? "real"}
        options={[
          { value: "real", label: "Real" },
          { value: "demo", label: "Demo" },
        ]}
        error={fund?.errors.ledger}
      />
      <Select
        label="Asset"
        name="asset"
        defaultValue={fund?.values.asset ?? "BTC"}
        options={ASSETS.map((a) => ({ value: a, label: a }))}
        error={fund?.errors.asset}
      />
      <Field
        label="Amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={fund?.values.amount ?? ""}
        error={fund?.errors.amount}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-3">
        <Button type="submit" name="intent" value="fund-pool" disabled={busy}>
          Propose rewards pool funding
        </Button>
        <Button type="submit" name="intent" value="fund-treasury" variant="secondary" disabled={busy}>
          Propose treasury funding
        </Button>
        <p className="w-full text-sm text-muted">
          A second admin approves each funding under Approvals before any money moves.
        </p>
      </div>
    </Form>
  );
}
