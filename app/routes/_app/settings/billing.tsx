import { data, redirect } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { billingPage, cardPortalUrl } from "~/domain/membership/billing-page.server.ts";
import {
  cancelMembership,
  type MemberRequest,
  resumeMembership,
  switchPeriod,
} from "~/domain/membership/manage.server.ts";
import { isBillingPeriod } from "~/domain/membership/plans.ts";
import { getBillingProvider } from "~/domain/membership/provider.server.ts";
import { Card, CardHeader } from "~/ui/card.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { InvoiceList } from "~/ui/membership/invoice-list.tsx";
import { requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/billing";
import { type BillingAnswer, MembershipCard, StandardCard } from "./billing-card.tsx";

export const meta = () => [{ title: "Billing · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return billingPage(getDb(), session.user.id);
}

/** Cancel, resume, switch period, change card: each the member's own membership only. */
export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const values = formValues(await args.request.formData());
  const db = getDb();
  const meta = requestMeta(args);
  const request: MemberRequest = {
    userId: session.user.id,
    ip: meta.ip,
    userAgent: meta.headers.get("user-agent") ?? undefined,
    provider: () => getBillingProvider(db, getConfig()),
  };
  const answer = (result: {
    ok: boolean | "checkout";
    message?: string;
    status?: number;
  }): BillingAnswer => ({
    intent: values.intent ?? "",
    ok: result.ok === true,
    message: result.message ?? "",
  });
  switch (values.intent) {
    case "cancel":
    case "resume": {
      const result = await (values.intent === "cancel" ? cancelMembership : resumeMembership)(db, request);
      return data(answer(result), { status: result.ok ? 200 : result.status });
    }
    case "switch": {
      if (!isBillingPeriod(values.period))
        return data(answer({ ok: false, message: "Choose monthly or yearly." }), { status: 400 });
      const result = await switchPeriod(db, { ...request, period: values.period });
      if (result.ok === "checkout") return redirect(result.href);
      return data(answer(result), { status: result.ok ? 200 : result.status });
    }
    case "change-card": {
      const returnUrl = `${getConfig().publicUrl.replace(/\/$/, "")}/settings/billing`;
      const result = await cardPortalUrl(db, { ...request, returnUrl });
      if (result.ok) return redirect(result.url);
      return data(answer(result), { status: result.status });
    }
    default:
      return data(answer({ ok: false, message: "Unknown request." }), { status: 400 });
  }
}

export default function BillingSettings({ loaderData: d, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const answer = actionData as BillingAnswer | undefined;
  return (
    <>
      {d.subscription ? (
        <MembershipCard subscription={d.subscription} answer={answer} />
      ) : (
        <StandardCard planName={d.planName} offer={d.offer} answer={answer} />
      )}
      <Card>
        <CardHeader title="Invoices" />
        <InvoiceList invoices={d.invoices} />
      </Card>
    </>
  );
}
