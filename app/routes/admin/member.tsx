import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { formValues } from "~/domain/forms.ts";
import { LEDGER_LABELS, OPERATION_STATUS_LABELS, OPERATION_TYPE_LABELS } from "~/domain/ledger/types.ts";
import {
  disableMember,
  enableMember,
  getMemberOverview,
  MemberStateError,
} from "~/domain/members/members.server.ts";
import { pendingRoleRequest } from "~/domain/members/staff-roles.server.ts";
import { MEMBER_STATUS_LABELS, memberStatus } from "~/domain/members/status.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { withdrawalStatusLabel } from "~/domain/withdrawals/status.ts";
import { MemberBilling } from "~/ui/admin/membership/member-billing.tsx";
import { StaffRoleCard } from "~/ui/admin/staff-role-card.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/member";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { type MemberProfileView, ProfileCard } from "./member-profile-card.tsx";
import { memberRoleAction } from "./member-role.server.ts";
import { memberBillingView } from "./membership/member-billing.server.ts";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.profile.name ?? "Member"} · Members · Admin` },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requirePermission(args, "read:member:any");
  const overview = await getMemberOverview(getDb(), args.params.id);
  if (!overview) throw data({ message: "No such member." }, { status: 404 });
  const { profile } = overview;
  const balanceRows = (ledger: "real" | "demo") => {
    const balances = overview.balances[ledger];
    if (!balances) return [];
    return ASSETS.filter((asset) => {
      const b = balances[asset];
      return b.available !== 0n || b.held !== 0n || b.staked !== 0n;
    }).map((asset) => ({
      ledger,
      asset,
      available: formatAmount(balances[asset].available, asset, { grouping: true }),
      held: formatAmount(balances[asset].held, asset, { grouping: true }),
      staked: formatAmount(balances[asset].staked, asset, { grouping: true }),
    }));
  };
  return {
    canDisable: hasPermission(session.user.role, "disable:member:any") && session.user.id !== profile.id,
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      role: profile.role,
      emailVerified: profile.emailVerified,
      twoFactorEnabled: profile.twoFactorEnabled,
      createdAt: profile.createdAt.toISOString(),
      disabledAt: profile.disabledAt?.toISOString() ?? null,
      disabledReason: profile.disabledReason,
      disabledByEmail: profile.disabledByEmail,
      activeSessions: profile.activeSessions,
      lastSeenAt: profile.lastSeenAt?.toISOString() ?? null,
      closedAt: profile.closedAt?.toISOString() ?? null,
      anonymiseAfter: profile.anonymiseAfter?.toISOString() ?? null,
      anonymisedAt: profile.anonymisedAt?.toISOString() ?? null,
      verification: {
        tier: profile.verification.tier,
        since: profile.verification.since?.toISOString() ?? null,
        reviewHref:
          profile.verification.pendingRequestId && hasPermission(session.user.role, "review:verification:any")
            ? `/admin/verification/${profile.verification.pendingRequestId}`
            : null,
      },
    } satisfies MemberProfileView & { name: string; email: string },
    accounts: overview.accounts.map((a) => ({ mode: a.mode, plan: a.plan })),
    billing: hasPermission(session.user.role, "read:billing:any")
      ? await memberBillingView(getDb(), profile.id)
      : null,
    canRefund: hasPermission(session.user.role, "refund:invoice:any"),
    canManageRoles:
      hasPermission(session.user.role, "manage:staff-role:any") && session.user.id !== profile.id,
    pendingRole: await pendingRoleRequest(getDb(), profile.id),
    viewerId: session.user.id,
    balances: [...balanceRows("real"), ...balanceRows("demo")],
    operations: overview.operations.map((op) => ({
      id: op.id.toString(),
      ledger: LEDGER_LABELS[op.ledger],
      type: OPERATION_TYPE_LABELS[op.type],
      status: OPERATION_STATUS_LABELS[op.status],
      tone: op.status === "completed" ? "positive" : op.status === "failed" ? "negative" : "warning",
      amount: `${formatAmount(op.amount, op.asset, { grouping: true })} ${op.asset}`,
      date: op.createdAt.toISOString(),
    })),
    withdrawals: overview.withdrawals.map((w) => ({
      id: w.id.toString(),
      amount: `${formatAmount(w.amount, w.asset, { grouping: true })} ${w.asset}`,
      method: w.method === "bank" ? "Online bank" : w.method.toUpperCase(),
      status: withdrawalStatusLabel(w.status, "staff"),
      date: w.createdAt.toISOString(),
    })),
  };
}

type ActionData = { ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const raw = await args.request.clone().formData();
  const form = formValues(raw);
  if (form.intent === "set-role" || form.intent === "approve-role" || form.intent === "reject-role") {
    return memberRoleAction(args, raw);
  }
  const admin = await requirePermission(args, "disable:member:any");
  const context = {
    adminId: admin.adminId,
    ip: admin.ip,
    userAgent: admin.userAgent,
    memberId: args.params.id,
  };
  try {
    if (form.intent === "disable") {
      const { sessionsEnded } = await disableMember(getDb(), { ...context, reason: form.reason ?? "" });
      return data<ActionData>({
        ok: true,
        message: `Disabled: they cannot sign in, and ${sessionsEnded} ${sessionsEnded === 1 ? "session was" : "sessions were"} ended.`,
      });
    }
    if (form.intent === "enable") {
      await enableMember(getDb(), context);
      return data<ActionData>({ ok: true, message: "Enabled: they can sign in again." });
    }
    return data<ActionData>({ ok: false, message: "Unknown action." }, 400);
  } catch (error) {
    if (error instanceof MemberStateError)
      return data<ActionData>({ ok: false, message: error.message }, 409);
    throw error;
  }
}

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, accounts, balances, operations, withdrawals, canDisable } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const disabled = profile.disabledAt !== null;
  const state = memberStatus(profile);
  const status = MEMBER_STATUS_LABELS[state];
  const closed = state === "closed";
  return (
    <div className="space-y-6">
      <Link
        to="/admin/members"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        All members
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">{profile.name}</h1>
          <p className="text-sm break-all text-muted">{profile.email}</p>
        </div>
        <Badge tone={status.tone}>{status.text}</Badge>
      </header>
      {actionData ? (
        <p
          role="status"
          className={actionData.ok ? "font-medium text-positive" : "font-medium text-negative"}
        >
          {actionData.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard profile={profile} accounts={accounts} />
        {/* A closed account (ADR 0086) is past disabling, and takes no staff role; the server refuses both too.
            A request made before it closed is still shown, to be settled. */}
        {closed ? null : <AccessCard disabled={disabled} canDisable={canDisable} busy={busy} />}
        {loaderData.canManageRoles && (!closed || loaderData.pendingRole) ? (
          <StaffRoleCard
            role={profile.role}
            pending={loaderData.pendingRole}
            viewerId={loaderData.viewerId}
            busy={busy}
          />
        ) : null}
      </div>
      <BalancesCard balances={balances} />
      {loaderData.billing ? (
        <MemberBilling billing={loaderData.billing} canRefund={loaderData.canRefund} />
      ) : null}
      <OperationsCard operations={operations} />
      {withdrawals.length > 0 ? <WithdrawalsCard withdrawals={withdrawals} /> : null}
    </div>
  );
}

type MemberPage = Route.ComponentProps["loaderData"];

function AccessCard({
  disabled,
  canDisable,
  busy,
}: {
  disabled: boolean;
  canDisable: boolean;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader title={disabled ? "Enable sign-in" : "Disable this member"} />
      <div className="space-y-3 p-5 text-sm">
        {!canDisable ? (
          <p className="text-muted">
            Only an administrator can disable or enable a member, and never their own account.
          </p>
        ) : disabled ? (
          <Form method="post" className="space-y-3">
            <p className="text-muted">
              They can sign in again; sessions ended when they were disabled stay ended.
            </p>
            <Button type="submit" name="intent" value="enable" busy={busy} busyLabel="Enabling…">
              Enable member
            </Button>
          </Form>
        ) : (
          <Form method="post" className="space-y-3">
            <p className="text-muted">
              Every session ends at once and they cannot sign in until enabled again. Their money stays where
              it is; pending withdrawals stay in the queue.
            </p>
            <Field
              label="Reason (kept in the audit log)"
              name="reason"
              required
              maxLength={500}
              autoComplete="off"
            />
            <Button
              type="submit"
              name="intent"
              value="disable"
              variant="danger"
              busy={busy}
              busyLabel="Disabling…"
            >
              Disable member
            </Button>
          </Form>
        )}
      </div>
    </Card>
  );
}

function BalancesCard({ balances }: Pick<MemberPage, "balances">) {
  return (
    <Card>
      <CardHeader title="Balances (from the ledger)" />
      {balances.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">No balance in any asset.</p>
      ) : (
        <Table caption="Balances">
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Asset</Th>
              <Th className="text-right">Available</Th>
              <Th className="text-right">Held</Th>
              <Th className="text-right">Staked</Th>
            </tr>
          </thead>
          <tbody>
            {balances.map((b) => (
              <tr key={`${b.ledger}-${b.asset}`}>
                <Td>{b.ledger === "real" ? "Real" : "Demo"}</Td>
                <Td className="font-semibold">{b.asset}</Td>
                <Td className="text-right tabular-nums">{b.available}</Td>
                <Td className="text-right tabular-nums">{b.held}</Td>
                <Td className="text-right tabular-nums">{b.staked}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function OperationsCard({ operations }: Pick<MemberPage, "operations">) {
  return (
    <Card>
      <CardHeader title="Recent operations" />
      {operations.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">No operations yet.</p>
      ) : (
        <Table caption="Recent operations" className="min-w-[40rem]">
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Type</Th>
              <Th className="text-right">Amount</Th>
              <Th>Status</Th>
              <Th>Account</Th>
            </tr>
          </thead>
          <tbody>
            {operations.map((op) => (
              <tr key={op.id}>
                <Td className="whitespace-nowrap">{formatDateTime(op.date)}</Td>
                <Td>{op.type}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{op.amount}</Td>
                <Td>
                  <Badge tone={op.tone as "positive" | "negative" | "warning"}>{op.status}</Badge>
                </Td>
                <Td>{op.ledger}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function WithdrawalsCard({ withdrawals }: Pick<MemberPage, "withdrawals">) {
  return (
    <Card>
      <CardHeader
        title="Withdrawals"
        action={
          <Link to="/admin/withdrawals" className="text-sm font-semibold text-brand hover:underline">
            Review queue
          </Link>
        }
      />
      <Table caption="Withdrawals" className="min-w-[32rem]">
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Method</Th>
            <Th className="text-right">Amount</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((w) => (
            <tr key={w.id}>
              <Td className="whitespace-nowrap">{formatDateTime(w.date)}</Td>
              <Td>{w.method}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{w.amount}</Td>
              <Td>
                <Badge tone={w.status.tone}>{w.status.text}</Badge>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
