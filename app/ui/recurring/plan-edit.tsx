// Editing a running plan: its amount, schedule and end (its coin and pay asset stay). The server
// checks the form; messages sit beside the fields; a saved change closes the dialog.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { formatAmount } from "~/domain/money/amount.ts";
import { FREQUENCIES, type PlanField, WEEKDAYS } from "~/domain/recurring/rules.ts";
import type { PlanView } from "~/domain/recurring/views.ts";
import { Button } from "../button.tsx";
import { Dialog } from "../dialog.tsx";
import { FieldError } from "../field.tsx";
import { Select, TextInput } from "./plan-form.tsx";

type EditData = {
  ok: boolean;
  sentence?: string;
  errors?: Partial<Record<PlanField, string>>;
  message?: string;
};

const FREQUENCY_LABELS = Object.freeze({ daily: "Every day", weekly: "Every week", monthly: "Every month" });

function initial(plan: PlanView) {
  return {
    amount: formatAmount(BigInt(plan.amountMinor), plan.payAsset, { minDecimals: 2 }),
    frequency: plan.frequency as string,
    weekday: plan.frequency === "weekly" ? String(plan.runDay ?? 1) : "1",
    monthDay: plan.frequency === "monthly" ? String(plan.runDay ?? 1) : "1",
    endOn: plan.endOn ?? "",
    maxRuns: plan.maxRuns === null ? "" : String(plan.maxRuns),
  };
}

export function EditPlanButton({ plan }: { plan: PlanView }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => initial(plan));
  const fetcher = useFetcher<EditData>();
  const set = (name: keyof ReturnType<typeof initial>) => (value: string) =>
    setValues((v) => ({ ...v, [name]: value }));
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const formId = `recurring-edit-${plan.id}`;
  const id = (name: string) => `${formId}-${name}`;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.data, fetcher.state]);

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setValues(initial(plan));
          setOpen(true);
        }}
      >
        Edit
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Edit: buy ${plan.asset} with ${plan.payAsset}`}
        closeLabel="Keep as is"
        actions={
          <Button type="submit" form={formId} busy={fetcher.state !== "idle"} busyLabel="Saving...">
            Save changes
          </Button>
        }
      >
        <fetcher.Form id={formId} method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="planId" value={plan.id} />
          <TextInput
            id={id("amount")}
            name="amount"
            label={`Amount per buy (${plan.payAsset})`}
            inputMode="decimal"
            value={values.amount}
            onChange={set("amount")}
            error={errors.amount}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              id={id("frequency")}
              name="frequency"
              label="How often"
              value={values.frequency}
              onChange={set("frequency")}
              options={FREQUENCIES.map((f) => [f, FREQUENCY_LABELS[f]] as const)}
              error={errors.frequency}
            />
            {values.frequency === "weekly" ? (
              <Select
                id={id("weekday")}
                name="weekday"
                label="On"
                value={values.weekday}
                onChange={set("weekday")}
                options={WEEKDAYS.map((d, i) => [String(i + 1), d] as const)}
                error={errors.runDay}
              />
            ) : values.frequency === "monthly" ? (
              <Select
                id={id("monthday")}
                name="monthDay"
                label="On day"
                value={values.monthDay}
                onChange={set("monthDay")}
                options={Array.from({ length: 28 }, (_, i) => [String(i + 1), String(i + 1)] as const)}
                error={errors.runDay}
              />
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              id={id("end")}
              name="endOn"
              type="date"
              label="End date (optional)"
              value={values.endOn}
              onChange={set("endOn")}
              error={errors.endOn}
            />
            <TextInput
              id={id("runs")}
              name="maxRuns"
              inputMode="numeric"
              label="Or number of buys (optional)"
              value={values.maxRuns}
              onChange={set("maxRuns")}
              error={errors.maxRuns}
            />
          </div>
          <p className="text-sm text-muted">
            The next buy moves to the first date of the new schedule from today; a date that already ran never
            runs again.
          </p>
          <FieldError message={fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined} />
        </fetcher.Form>
      </Dialog>
    </>
  );
}
