// An invoice as a PDF receipt (ADR 0070), written with the legal documents' small PDF writer: the
// gap-free number, the operator's details and the buyer as they were when it was issued, what was
// bought, how it was paid, and any credit or refund. Only the member it was issued to gets it.
import { and, eq } from "drizzle-orm";
import { invoices } from "../../../db/schema/index.ts";
import type { Db } from "../../db/client.server.ts";
import { formatDate } from "../dates.ts";
import type { Block, Inline } from "../legal/markdown.ts";
import { renderLegalPdf } from "../legal/pdf.ts";
import { formatWithSymbol } from "../money/amount.ts";
import { isAsset } from "../money/assets.ts";
import type { Invoice } from "./membership.server.ts";
import { getPlan } from "./plans.server.ts";
import { formatInvoiceNumber } from "./plans.ts";
import { invoiceStatus, methodLabel, periodLabel, readBuyer, readSeller } from "./receipts.ts";

const usd = (minor: bigint) => formatWithSymbol(minor, "USD");
const plain = (text: string): Inline[] => [{ kind: "text", text }];
const line = (label: string, value: string): Block => ({
  kind: "paragraph",
  content: [
    { kind: "bold", text: `${label}: ` },
    { kind: "text", text: value },
  ],
});
const heading = (level: 1 | 2, text: string): Block => ({ kind: "heading", level, content: plain(text) });

export function invoicePdfBlocks(invoice: Invoice, planName: string): Block[] {
  const seller = readSeller(invoice.seller);
  const buyer = readBuyer(invoice.buyer);
  const number = formatInvoiceNumber(invoice.number);
  const crypto =
    invoice.method === "crypto" && isAsset(invoice.cryptoAsset) && invoice.cryptoAmount !== null
      ? [line("Paid in", formatWithSymbol(invoice.cryptoAmount, invoice.cryptoAsset))]
      : [];
  return [
    heading(1, `Receipt ${number}`),
    line("Receipt number", number),
    line("Date", formatDate(invoice.issuedAt)),
    line("Status", invoiceStatus(invoice)),
    heading(2, "From"),
    {
      kind: "paragraph",
      content: plain(seller.legalEntity ? `${seller.legalEntity} (${seller.name})` : seller.name),
    },
    ...(seller.registration ? [line("Registration", seller.registration)] : []),
    ...(seller.contactEmail ? [line("Contact", seller.contactEmail)] : []),
    ...(seller.publicUrl ? [line("Website", seller.publicUrl)] : []),
    heading(2, "To"),
    { kind: "paragraph", content: plain(buyer.name) },
    line("E-mail", buyer.email),
    heading(2, "Membership"),
    line("Plan", planName),
    line("Billing period", periodLabel(invoice.period)),
    line("Period", `${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}`),
    line("Payment method", methodLabel(invoice.method, invoice.cryptoAsset)),
    ...crypto,
    heading(2, "Amount"),
    ...(invoice.creditMinor > 0n
      ? [
          line("Price", usd(invoice.amountMinor + invoice.creditMinor)),
          line("Credit for the unused part of the previous period", `-${usd(invoice.creditMinor)}`),
        ]
      : []),
    line("Paid", usd(invoice.amountMinor)),
    ...(invoice.refundedMinor > 0n ? [line("Refunded", usd(invoice.refundedMinor))] : []),
    {
      kind: "paragraph",
      content: plain(
        "A subscription fee for research, analysis, community and tools. It is not an investment and earns no return.",
      ),
    },
  ];
}

/** The member's own invoice by id; another member's, or none, is null (the route answers 404 for both). */
export async function findMemberInvoice(
  db: Db,
  input: { userId: string; invoiceId: string },
): Promise<Invoice | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.userId, input.userId)));
  return row ?? null;
}

export async function memberInvoicePdf(
  db: Db,
  input: { userId: string; invoiceId: string },
): Promise<{ filename: string; pdf: Buffer } | null> {
  const invoice = await findMemberInvoice(db, input);
  if (!invoice) return null;
  const plan = await getPlan(db, invoice.planId);
  const number = formatInvoiceNumber(invoice.number);
  const seller = readSeller(invoice.seller);
  const pdf = renderLegalPdf(
    invoicePdfBlocks(invoice, plan?.name ?? invoice.planId),
    `${seller.name} - Receipt ${number}`,
  );
  return { filename: `${number}.pdf`, pdf };
}
