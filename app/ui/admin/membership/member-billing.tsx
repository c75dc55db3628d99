// The back office's member page: the member's memberships, invoices and refunds.
import { Link } from "react-router";
import type { MemberBillingView } from "~/domain/membership/admin-views.ts";
import { Card, CardHeader } from "../../card.tsx";
import { Table, Td, Th } from "../../table.tsx";

export function MemberBilling({ billing, canRefund }: { billing: MemberBillingView; canRefund: boolean }) {
  const current = billing.subscriptions[0];
  return (
    <Card>
      <CardHeader title={<span id="member-billing">Membership and payments</span>} />
      <p className="px-5 pb-3 text-sm text-muted">
        {current
          ? `${current.plan} · ${current.period} · ${current.method} — ${current.status}, until ${current.until}`
          : "Standard (free): no paid membership."}
      </p>
      {billing.invoices.length > 0 ? (
        <Table caption="Membership invoices" className="min-w-[40rem]">
          <thead>
            <tr>
              <Th>Invoice</Th>
              <Th>Issued</Th>
              <Th>Paid by</Th>
              <Th className="text-right">Amount (USD)</Th>
              <Th className="text-right">Refunded (USD)</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {billing.invoices.map((i) => (
              <tr key={i.id} data-testid={`invoice-${i.number}`}>
                <Td className="font-medium tabular-nums">{i.number}</Td>
                <Td className="whitespace-nowrap">{i.issued}</Td>
                <Td>{i.method}</Td>
                <Td className="text-right tabular-nums">{i.amount}</Td>
                <Td className="text-right tabular-nums">{i.refunded}</Td>
                <Td>
                  {canRefund && i.refundable ? (
                    <Link
                      to={`/admin/membership/invoices/${i.id}/refund`}
                      className="font-semibold text-brand underline"
                      aria-label={`Refund ${i.number}`}
                    >
                      Refund
                    </Link>
                  ) : null}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {billing.refunds.length > 0 ? (
        <ul className="divide-y divide-line border-t border-line text-sm">
          {billing.refunds.map((r) => (
            <li key={r.id} className="px-5 py-3">
              {r.invoice}: {r.amount} USD — {r.status} ({r.reason}, {r.at})
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
