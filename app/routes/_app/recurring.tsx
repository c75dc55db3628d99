import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import {
  changePlan,
  recurringPageView,
  submitPlanEdit,
  submitPlanForm,
} from "~/domain/recurring/member.server.ts";
import { utcDate } from "~/domain/recurring/rules.ts";
import { Badge } from "~/ui/badge.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { PlanCard } from "~/ui/recurring/plan-card.tsx";
import { PlanForm, type PlanFormData } from "~/ui/recurring/plan-form.tsx";
import { emailUnconfirmedMessage, needsEmailConfirmation, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/recurring";

export function meta() {
  return [{ title: "Recurring buys · Coinlens" }];
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const view = await recurringPageView(getDb(), member);
  return {
    ...view,
    mode: session.session.accountMode,
    // The create form's key: saving the same form twice (a double click, a resend) saves one plan.
    formKey: randomUUID(),
  };
}

type ChangeData = { intent: "pause" | "resume" | "cancel"; ok: boolean; message?: string };

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const member = { userId: session.user.id, ledger: session.session.accountMode };
  const form = formValues(await args.request.formData());
  const today = utcDate(new Date());
  const intent = form.intent;
  if (intent === "pause" || intent === "resume" || intent === "cancel") {
    const result = await changePlan(getDb(), member, { planId: form.planId ?? "", change: intent, today });
    if (result.ok) return data<ChangeData>({ intent, ok: true });
    return data<ChangeData>({ intent, ok: false, message: result.message }, result.status);
  }
  if (intent === "edit") {
    const result = await submitPlanEdit(getDb(), member, form.planId ?? "", form, today);
    if (result.ok) return data({ intent, ...result });
    const { status, ...refusal } = result;
    return data({ intent, ...refusal }, status);
  }
  const save = intent === "create";
  if (save && needsEmailConfirmation(session)) {
    return data<PlanFormData>({ intent: "create", ok: false, message: emailUnconfirmedMessage }, 403);
  }
  const result = await submitPlanForm(getDb(), member, form, { today, save, formKey: form.formKey ?? "" });
  const answer = save ? "create" : "review";
  if (result.ok) return data<PlanFormData>({ intent: answer, ...result });
  const { status, ...refusal } = result;
  return data<PlanFormData>({ intent: answer, ...refusal }, status);
}

export default function RecurringPage({ loaderData }: Route.ComponentProps) {
  const { plans, available, mode, formKey } = loaderData;
  return (
    <div className="container-page py-8">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Recurring buys</h1>
          <p className="text-sm text-muted">
            Buy a coin with a fixed amount on a schedule: every day, every week or every month.
          </p>
        </div>
        {mode === "demo" ? <Badge tone="warning">Demo account · virtual funds</Badge> : null}
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby="recurring-plans" className="space-y-4">
          <h2 id="recurring-plans" className="text-lg font-semibold text-ink">
            Your recurring buys
          </h2>
          {plans.length === 0 ? (
            <Card className="p-5">
              <p className="text-sm text-muted">You have no recurring buys yet. Set one up with the form.</p>
            </Card>
          ) : (
            plans.map((plan) => <PlanCard key={plan.id} plan={plan} />)
          )}
        </section>
        <Card>
          <CardHeader title="Set up a recurring buy" />
          <div className="p-5">
            <PlanForm formKey={formKey} available={available} />
          </div>
        </Card>
      </div>
    </div>
  );
}
