// /admin/membership (ADR 0070): the business in numbers, the plans and their editor, the
// subscribers, and refunds waiting for a second admin. Support reads; admins edit and refund.
import { data, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { MembershipNumbers } from "~/ui/admin/membership/numbers.tsx";
import { PlansSection } from "~/ui/admin/membership/plans.tsx";
import { RefundsAwaiting } from "~/ui/admin/membership/refunds.tsx";
import { SubscribersSection } from "~/ui/admin/membership/subscribers.tsx";
import type { Route } from "./+types/membership";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { type MembershipActionData, membershipAction, permissionFor } from "./membership/actions.server.ts";
import { membershipAdminPage } from "./membership/page.server.ts";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Membership · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { session, adminId } = await requirePermission(args, "read:billing:any");
  const page = await membershipAdminPage(getDb(), new URL(args.request.url).searchParams, adminId);
  return {
    ...page,
    canEdit: hasPermission(session.user.role, "update:plan:any"),
    canRefund: hasPermission(session.user.role, "refund:invoice:any"),
  };
}

export async function action(args: Route.ActionArgs) {
  await requirePermission(args, "read:billing:any");
  const values = formValues(await args.request.formData());
  const permission = permissionFor(values.intent ?? "");
  if (!permission) throw data({ message: "Unknown request." }, { status: 400 });
  const { adminId, ip, userAgent } = await requirePermission(args, permission);
  return membershipAction({ adminId, ip, userAgent }, values);
}

export default function AdminMembership({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as MembershipActionData | undefined;
  const message = result?.ok
    ? result.message
    : result && !result.planId && !result.refundId
      ? result.message
      : "";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Membership</h1>
        <p className="mt-1 text-sm text-muted">
          Plans, subscribers and revenue. Refunds start from a member's invoice; above the two-admin amount a
          second admin approves them here. Every change is in the audit log.
        </p>
      </header>
      <p
        role="status"
        className={
          message ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong" : "sr-only"
        }
      >
        {message}
      </p>
      <RefundsAwaiting
        refunds={loaderData.refunds}
        result={result}
        busy={busy}
        canRefund={loaderData.canRefund}
      />
      <MembershipNumbers summary={loaderData.summary} />
      <PlansSection plans={loaderData.plans} result={result} busy={busy} canEdit={loaderData.canEdit} />
      <SubscribersSection subscribers={loaderData.subscribers} query={loaderData.query} />
    </div>
  );
}
