// /admin/membership's numbers: recurring revenue, subscribers by status, churn, revenue by month.
import type { SummaryView } from "~/domain/membership/admin-views.ts";
import { Card, CardHeader } from "../../card.tsx";
import { Table, Td, Th } from "../../table.tsx";

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-ink sm:text-2xl">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

export function MembershipNumbers({ summary }: { summary: SummaryView }) {
  const { counts, churn } = summary;
  return (
    <section aria-labelledby="numbers-heading" className="space-y-4">
      <h2 id="numbers-heading" className="sr-only">
        Numbers
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Monthly recurring revenue"
          value={`${summary.mrr} USD`}
          note="Renewing memberships, per month"
        />
        <Stat label="Active" value={String(counts.active)} note={`${counts.past_due} with a payment due`} />
        <Stat label="Expired" value={String(counts.expired)} />
        <Stat
          label={`Churn, last ${churn.days} days`}
          value={churn.rate ?? "—"}
          note={`${churn.ended} of ${churn.atStart} memberships ended`}
        />
      </dl>
      <Card>
        <CardHeader title="Revenue by month" />
        <Table caption="Membership revenue by month, net of refunds (USD)" className="min-w-[36rem]">
          <thead>
            <tr>
              <Th>Month</Th>
              <Th className="text-right">Payments</Th>
              <Th className="text-right">Refunded</Th>
              <Th className="text-right">Net</Th>
              <Th className="w-1/3">
                <span className="sr-only">Share of the best month</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {summary.revenue.map((r) => (
              <tr key={r.month}>
                <Td className="whitespace-nowrap">{r.month}</Td>
                <Td className="text-right tabular-nums">{r.payments}</Td>
                <Td className="text-right tabular-nums">{r.refunded}</Td>
                <Td className="text-right font-semibold tabular-nums">{r.net}</Td>
                <Td>
                  <span aria-hidden className="block h-2 rounded-full bg-subtle">
                    <span className="block h-2 rounded-full bg-brand" style={{ width: `${r.share}%` }} />
                  </span>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </section>
  );
}
