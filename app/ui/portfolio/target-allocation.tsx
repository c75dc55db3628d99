import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSET_INFO, ASSETS } from "~/domain/money/assets.ts";
import type { InsightsView } from "~/domain/portfolio/page-views.ts";
import { formatBps, shareToBps, type TargetAnswer, targetField } from "~/domain/portfolio/targets.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field, FieldError } from "../field.tsx";
import { Table, Td, Th } from "../table.tsx";
import { Cents, RowHeader } from "./gains-tables.tsx";

function totalOf(form: HTMLFormElement) {
  const data = new FormData(form);
  let sum = 0;
  for (const asset of ASSETS) sum += shareToBps(String(data.get(targetField(asset)) ?? "")) ?? 0;
  return sum;
}

/** The member's target shares; the server checks the same rules and answers beside each field. */
export function TargetForm({ view, answer }: { view: InsightsView; answer: TargetAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = answer && !answer.ok ? answer : null;
  const errors = failed?.errors ?? {};
  const initial = (asset: (typeof ASSETS)[number]) =>
    failed?.values?.[targetField(asset)] ?? (view.targets[asset] ? formatBps(view.targets[asset] ?? 0) : "");
  const savedTotal = Object.values(view.targets).reduce((s: number, v) => s + (v ?? 0), 0);
  const [total, setTotal] = useState<number | null>(null);
  const shown = total ?? savedTotal;
  return (
    <Card>
      <CardHeader title="Target allocation" />
      <Form
        method="post"
        noValidate
        className="space-y-4 p-5"
        key={JSON.stringify(view.targets)}
        onChange={(e) => setTotal(totalOf(e.currentTarget))}
      >
        <p className="text-sm text-muted">
          Set the share of your whole portfolio you'd like in each asset, in %. Leave an asset blank for 0 %.
          Together they must add up to 100 %.
        </p>
        <div className="grid grid-cols-2 items-end gap-4 sm:grid-cols-4">
          {ASSETS.map((asset) => (
            <Field
              key={asset}
              label={`${asset === "USD" ? "Cash (USD)" : `${asset} · ${ASSET_INFO[asset].name}`} %`}
              name={targetField(asset)}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={initial(asset)}
              error={errors[targetField(asset)]}
            />
          ))}
        </div>
        <div>
          <p className="text-sm font-medium text-ink" id="target-total">
            Total: <span className="tabular-nums">{formatBps(shown)} %</span>
          </p>
          <FieldError message={errors.total ?? errors.form} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" busy={busy} busyLabel="Saving…">
            Save targets
          </Button>
          {savedTotal > 0 ? (
            <Button type="submit" name="intent" value="clear" variant="secondary" disabled={busy}>
              Clear targets
            </Button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

/** What reaching the targets would take at today's quotes: shown, never placed. */
export function RebalanceTable({ view }: { view: InsightsView }) {
  const plan = view.rebalance;
  if (!plan) return null;
  const outside = plan.trades.some((t) => t.outsideMinor !== "0");
  return (
    <Card>
      <CardHeader title="What it would take" />
      <div className="space-y-2 px-5 pt-4 text-sm text-muted">
        <p>
          The trades that would move what you hold now to your targets, at today's prices, with the swap's{" "}
          {(plan.spreadBps / 100).toFixed(2)} % spread
          {plan.feeBps > 0 ? ` and ${(plan.feeBps / 100).toFixed(2)} % fee` : " (no swap fee)"} on each.
          Nothing is traded from this page.
        </p>
        <p>Holdings kept elsewhere count towards your allocation, but can't be traded here.</p>
      </div>
      {plan.problem ? (
        <p className="px-5 py-4 text-sm text-ink">{plan.problem}</p>
      ) : plan.trades.length === 0 ? (
        <p className="px-5 py-4 text-sm text-ink">Your holdings already match your targets.</p>
      ) : (
        <>
          <Table caption="Trades that would reach your target allocation">
            <thead>
              <tr>
                <Th>Trade</Th>
                <Th className="text-right">Value</Th>
                <Th className="text-right">Cost</Th>
              </tr>
            </thead>
            <tbody>
              {plan.trades.map((t) => (
                <tr key={`${t.side}-${t.asset}`}>
                  <RowHeader>
                    {t.side === "sell" ? "Sell" : "Buy"} {t.asset}
                    <span className="block font-normal tabular-nums">
                      {formatAmount(BigInt(t.quantityMinor), t.asset)} {t.asset}
                    </span>
                    {t.outsideMinor !== "0" ? (
                      <span className="block text-xs font-normal text-muted">
                        {formatAmount(BigInt(t.outsideMinor), t.asset)} {t.asset} of it is held elsewhere
                      </span>
                    ) : null}
                  </RowHeader>

                  <Td className="text-right tabular-nums">{<Cents value={t.valueUsdCents} />}</Td>
                  <Td className="text-right tabular-nums">{<Cents value={t.costUsdCents} />}</Td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <RowHeader>Total cost</RowHeader>
                <Td />
                <Td className="text-right tabular-nums">{<Cents value={plan.totalCostUsdCents} />}</Td>
              </tr>
            </tfoot>
          </Table>
          {outside ? (
            <p className="px-5 py-3 text-sm text-muted">
              Part of a sale above is held outside Coinlens; only what you hold here can be swapped here.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
