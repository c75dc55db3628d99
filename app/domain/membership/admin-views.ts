// What /admin/membership's components receive (pure; the page's loader builds them on the server).
import type { SubscriptionStatus } from "./plans.ts";

export interface PlanView {
  id: string;
  name: string;
  isDefault: boolean;
  active: boolean;
  monthly: string;
  yearly: string;
  form: { name: string; monthlyPrice: string; yearlyPrice: string; features: string; entitlements: string };
  scheduled: { from: string; monthly: string; yearly: string } | null;
  features: string[];
  entitlements: string[];
}

export interface SummaryView {
  mrr: string;
  counts: Record<SubscriptionStatus, number>;
  churn: { days: number; atStart: number; ended: number; rate: string | null };
  revenue: { month: string; net: string; gross: string; refunded: string; payments: number; share: number }[];
}

export interface SubscriberQuery {
  q: string;
  status: SubscriptionStatus | undefined;
  page: number;
}

export interface SubscriberView {
  id: string;
  userId: string;
  name: string;
  email: string;
  plan: string;
  period: string;
  method: string;
  status: SubscriptionStatus;
  statusLabel: string;
  price: string;
  periodEnd: string;
  since: string;
}

export interface SubscribersView {
  total: number;
  page: number;
  pageCount: number;
  rows: SubscriberView[];
}

export interface RefundAwaitingView {
  id: string;
  invoice: string;
  memberEmail: string;
  amount: string;
  reason: string;
  proposedAt: string;
  blocked: string | null;
}

export type PlanField = "name" | "monthlyPrice" | "yearlyPrice" | "features" | "entitlements";

export type MembershipActionData =
  | { ok: true; intent: string; message: string }
  | {
      ok: false;
      intent: string;
      message: string;
      planId?: string;
      refundId?: string;
      errors?: Partial<Record<PlanField, string>>;
      values?: Record<string, string>;
    };

export interface MemberBillingView {
  subscriptions: {
    id: string;
    plan: string;
    period: string;
    method: string;
    status: string;
    until: string;
  }[];
  invoices: {
    id: string;
    number: string;
    issued: string;
    amount: string;
    refunded: string;
    method: string;
    refundable: boolean;
  }[];
  refunds: { id: string; invoice: string; amount: string; reason: string; status: string; at: string }[];
}
