// Receipts (pure; browser-importable): an invoice as the member's Billing page lists it, the
// operator's details printed on it, and the receipt e-mail queued with the payment (ADR 0070).
import { formatDate } from "../dates.ts";
import type { MailContext } from "../mail/context.ts";
import { formatWithSymbol } from "../money/amount.ts";
import { formatInvoiceNumber } from "./plans.ts";

const usd = (minor: bigint) => formatWithSymbol(minor, "USD");

/** The operator's legal details as printed on an invoice (a snapshot: later changes do not rewrite it). */
export interface Seller {
  name: string;
  legalEntity?: string | undefined;
  registration?: string | undefined;
  contactEmail?: string | undefined;
  publicUrl?: string | undefined;
}

export function sellerFromBrand(
  brand: {
    name: string;
    legalEntity?: string | undefined;
    registration?: string | undefined;
    contactEmail?: string | undefined;
  },
  publicUrl: string,
): Seller {
  return {
    name: brand.name,
    ...(brand.legalEntity ? { legalEntity: brand.legalEntity } : {}),
    ...(brand.registration ? { registration: brand.registration } : {}),
    ...(brand.contactEmail ? { contactEmail: brand.contactEmail } : {}),
    publicUrl: publicUrl.replace(/\/$/, ""),
  };
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

/** Reads a stored seller snapshot; a field that is missing or not text is left out, never invented. */
export function readSeller(value: unknown): Seller {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return {
    name: text(v.name) ?? "",
    legalEntity: text(v.legalEntity),
    registration: text(v.registration),
    contactEmail: text(v.contactEmail),
    publicUrl: text(v.publicUrl),
  };
}

export function readBuyer(value: unknown): { name: string; email: string } {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return { name: text(v.name) ?? "", email: text(v.email) ?? "" };
}

export const periodLabel = (period: "monthly" | "yearly") => (period === "monthly" ? "Monthly" : "Yearly");

export function methodLabel(method: "card" | "crypto", cryptoAsset: string | null): string {
  if (method === "card") return "Card";
  return cryptoAsset === "USD"
    ? "Crypto checkout, paid from USD cash"
    : `Crypto (${cryptoAsset ?? "balance"})`;
}

/** The invoice fields a list, a PDF and an e-mail read. */
export interface InvoiceLike {
  id: string;
  number: bigint;
  planId: string;
  period: "monthly" | "yearly";
  method: "card" | "crypto";
  amountMinor: bigint;
  creditMinor: bigint;
  refundedMinor: bigint;
  cryptoAsset: string | null;
  periodStart: Date;
  periodEnd: Date;
  issuedAt: Date;
}

export type InvoiceStatus = "Paid" | "Refunded" | "Partly refunded";

export function invoiceStatus(invoice: Pick<InvoiceLike, "amountMinor" | "refundedMinor">): InvoiceStatus {
  if (invoice.refundedMinor === 0n) return "Paid";
  return invoice.refundedMinor >= invoice.amountMinor ? "Refunded" : "Partly refunded";
}

export const invoicePdfHref = (id: string) => `/settings/billing/invoices/${encodeURIComponent(id)}.pdf`;

/** One row of the member's invoice list: words and ISO dates only. */
export interface InvoiceRow {
  id: string;
  number: string;
  issuedAt: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  amount: string;
  credit: string | null;
  refunded: string | null;
  status: InvoiceStatus;
  pdfHref: string;
}

export function invoiceRow(invoice: InvoiceLike): InvoiceRow {
  return {
    id: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    issuedAt: invoice.issuedAt.toISOString(),
    period: periodLabel(invoice.period),
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    amount: usd(invoice.amountMinor),
    credit: invoice.creditMinor > 0n ? usd(invoice.creditMinor) : null,
    refunded: invoice.refundedMinor > 0n ? usd(invoice.refundedMinor) : null,
    status: invoiceStatus(invoice),
    pdfHref: invoicePdfHref(invoice.id),
  };
}

// ---------------------------------------------------------------------------------------------
// The receipt e-mail

export type ReceiptEmail = {
  template: "membership-receipt";
  /** Written when queued, so a late delivery says what was paid then. */
  data: {
    invoiceId: string;
    number: string;
    name: string;
    plan: string;
    period: string;
    amount: string;
    credit: string | null;
    method: string;
    from: string;
    to: string;
  };
};

export function receiptEmailData(
  invoice: InvoiceLike,
  names: { buyer: string; plan: string },
): ReceiptEmail["data"] {
  return {
    invoiceId: invoice.id,
    number: formatInvoiceNumber(invoice.number),
    name: names.buyer,
    plan: names.plan,
    period: periodLabel(invoice.period),
    amount: usd(invoice.amountMinor),
    credit: invoice.creditMinor > 0n ? usd(invoice.creditMinor) : null,
    method: methodLabel(invoice.method, invoice.cryptoAsset),
    from: formatDate(invoice.periodStart),
    to: formatDate(invoice.periodEnd),
  };
}

export function renderReceiptEmail(email: ReceiptEmail, ctx: MailContext) {
  const d = email.data;
  return {
    subject: `Your ${ctx.brand} receipt ${d.number}`,
    text: [
      `Hello ${d.name},`,
      "",
      `Thank you. We received ${d.amount} for your ${d.plan} membership (${d.period.toLowerCase()}), ${d.from} to ${d.to}.`,
      ...(d.credit
        ? [`A credit of ${d.credit} for the unused part of your previous period was taken off.`]
        : []),
      `Paid by: ${d.method}`,
      `Receipt number: ${d.number}`,
      "",
      `Download the receipt (PDF): ${ctx.publicUrl}${invoicePdfHref(d.invoiceId)}`,
      `Your billing page: ${ctx.publicUrl}/settings/billing`,
      "",
      `If you did not expect this, contact ${ctx.brand} support.`,
    ].join("\n"),
  };
}
