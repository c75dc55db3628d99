// /admin/membership's plans: each plan's prices, what it lists and grants, and its editor. A new
// price is scheduled, never immediate: the card says from when.
import { Form } from "react-router";
import type { MembershipActionData, PlanView } from "~/domain/membership/admin-views.ts";
import { Badge } from "../../badge.tsx";
import { Button } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { cn } from "../../cn.ts";
import { Field, FieldError, inputClass } from "../../field.tsx";
import { Checkbox } from "../earn/checkbox.tsx";

function Lines({
  id,
  label,
  name,
  hint,
  defaultValue,
  error,
}: {
  id: string;
  label: string;
  name: string;
  hint: string;
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={5}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
        className={cn(inputClass, "h-auto py-2.5")}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function PlanCard({
  plan,
  result,
  busy,
  canEdit,
}: {
  plan: PlanView;
  result: MembershipActionData | undefined;
  busy: boolean;
  canEdit: boolean;
}) {
  const failed =
    result && !result.ok && result.intent === "plan" && result.planId === plan.id ? result : undefined;
  const value = (field: keyof PlanView["form"]) => failed?.values?.[field] ?? plan.form[field];
  return (
    <Card data-testid={`plan-${plan.id}`}>
      <CardHeader
        title={
          <span id={`plan-${plan.id}-title`} className="flex flex-wrap items-center gap-2">
            {plan.name}
            {plan.isDefault ? <Badge>Free, every member</Badge> : null}
            {plan.active ? <Badge tone="positive">Offered</Badge> : <Badge tone="warning">Not offered</Badge>}
          </span>
        }
      />
      <div className="space-y-2 px-5 pt-1 text-sm">
        <p className="tabular-nums text-ink">
          {plan.monthly} USD a month · {plan.yearly} USD a year
        </p>
        {plan.scheduled ? (
          <p
            className="rounded-md bg-brand-soft px-3 py-2 text-brand-strong"
            data-testid={`plan-${plan.id}-scheduled`}
          >
            From {plan.scheduled.from}: {plan.scheduled.monthly} USD a month · {plan.scheduled.yearly} USD a
            year. Renewals before then keep today's price.
          </p>
        ) : null}
        <p className="text-muted">Grants: {plan.entitlements.join(", ") || "nothing"}</p>
      </div>
      {canEdit ? (
        <Form
          method="post"
          aria-labelledby={`plan-${plan.id}-title`}
          noValidate
          className="grid gap-4 p-5 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="plan" />
          <input type="hidden" name="planId" value={plan.id} />
          <Field
            label="Name"
            name="name"
            defaultValue={value("name")}
            error={failed?.errors?.name}
            className="sm:col-span-2"
          />
          <Field
            label="Price a month (USD)"
            name="monthlyPrice"
            inputMode="decimal"
            defaultValue={value("monthlyPrice")}
            error={failed?.errors?.monthlyPrice}
            disabled={plan.isDefault}
          />
          <Field
            label="Price a year (USD)"
            name="yearlyPrice"
            inputMode="decimal"
            defaultValue={value("yearlyPrice")}
            error={failed?.errors?.yearlyPrice}
            disabled={plan.isDefault}
          />
          {plan.isDefault ? (
            <>
              <input type="hidden" name="monthlyPrice" value="0" />
              <input type="hidden" name="yearlyPrice" value="0" />
            </>
          ) : null}
          <Lines
            id={`plan-${plan.id}-features`}
            label="Features on the pricing block"
            name="features"
            hint="One per line, in the order shown."
            defaultValue={value("features")}
            error={failed?.errors?.features}
          />
          <Lines
            id={`plan-${plan.id}-entitlements`}
            label="Entitlements"
            name="entitlements"
            hint="One per line: research:premium, alerts:50, events:live."
            defaultValue={value("entitlements")}
            error={failed?.errors?.entitlements}
          />
          {plan.isDefault ? (
            <input type="hidden" name="active" value="on" />
          ) : (
            <Checkbox name="active" label="Offered to new members" defaultChecked={plan.active} />
          )}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" busy={busy} busyLabel="Saving…" className="shrink-0 whitespace-nowrap">
              Save {plan.name}
            </Button>
            <p className="text-sm text-muted">
              A price change applies 30 days from now, after members are e-mailed.
            </p>
          </div>
        </Form>
      ) : (
        <div className="p-5" />
      )}
    </Card>
  );
}

export function PlansSection(props: {
  plans: PlanView[];
  result: MembershipActionData | undefined;
  busy: boolean;
  canEdit: boolean;
}) {
  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <h2 id="plans-heading" className="text-lg font-semibold text-ink">
        Plans
      </h2>
      <div className="grid gap-4 xl:grid-cols-2">
        {props.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            result={props.result}
            busy={props.busy}
            canEdit={props.canEdit}
          />
        ))}
      </div>
    </section>
  );
}
