import { FileDown } from "lucide-react";
import { formatDate } from "~/domain/dates.ts";
import type { InvoiceRow } from "~/domain/membership/receipts.ts";
import { Badge } from "../badge.tsx";
import { Table, Td, Th } from "../table.tsx";

/** The member's invoices, newest first, each with its PDF receipt. */
export function InvoiceList({ invoices }: { invoices: readonly InvoiceRow[] }) {
  if (invoices.length === 0) return <p className="px-5 py-4 text-sm text-muted">No invoices yet.</p>;
  return (
    <Table caption="Your invoices">
      <thead>
        <tr>
          <Th>Invoice</Th>
          <Th className="hidden sm:table-cell">Date</Th>
          <Th className="hidden sm:table-cell">Period</Th>
          <Th className="text-right">Amount</Th>
          <Th className="hidden sm:table-cell">Status</Th>
          <Th>
            <span className="sr-only">Receipt</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.id} data-testid="invoice-row">
            <Td className="font-mono text-xs font-semibold whitespace-nowrap">{invoice.number}</Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">{formatDate(invoice.issuedAt)}</Td>
            <Td className="hidden sm:table-cell">
              {invoice.period}
              <span className="block text-xs text-muted">
                {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
              </span>
            </Td>
            <Td className="text-right tabular-nums whitespace-nowrap">
              {invoice.amount}
              {/* On a phone the date sits under the amount, so the row fits the width with its PDF. */}
              <span className="block text-xs text-muted sm:hidden">{formatDate(invoice.issuedAt)}</span>
              {invoice.credit ? (
                <span className="block text-xs text-muted">{invoice.credit} credit</span>
              ) : null}
              {invoice.refunded ? (
                <span className="block text-xs text-muted">{invoice.refunded} refunded</span>
              ) : null}
            </Td>
            <Td className="hidden sm:table-cell">
              <Badge tone={invoice.status === "Paid" ? "positive" : "warning"}>{invoice.status}</Badge>
            </Td>
            <Td className="text-right">
              {/* A file, not a page: a plain link downloads it without the router. */}
              <a
                href={invoice.pdfHref}
                download
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
              >
                <FileDown aria-hidden className="size-4" />
                PDF<span className="sr-only"> receipt {invoice.number}</span>
              </a>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
