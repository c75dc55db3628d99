// The new recurring buy form: checked on the server first (messages beside the fields), then a
// confirmation that says in one sentence exactly what will happen before the plan is saved.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  BUY_ASSETS,
  FREQUENCIES,
  formatPay,
  PAY_ASSETS,
  type PayAsset,
  type PlanField,
  WEEKDAYS,
} from "~/domain/recurring/rules.ts";
import { Button } from "../button.tsx";
import { Dialog } from "../dialog.tsx";
import { FieldError, inputClass } from "../field.tsx";

export type PlanFormData =
  | { intent: "review" | "create"; ok: true; sentence: string; saved: boolean }
  | { intent: "review" | "create"; ok: false; errors?: Partial<Record<PlanField, string>>; message?: string };

const FREQUENCY_LABELS = Object.freeze({ daily: "Every day", weekly: "Every week", monthly: "Every month" });

export function Select(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  error?: string | undefined;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block text-sm font-medium text-ink">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

export function TextInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
}) {
  const described = [props.hint ? `${props.id}-hint` : null, props.error ? `${props.id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1.5">
      <label htmlFor={props.id} className="block text-sm font-medium text-ink">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        autoComplete="off"
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {props.hint ? (
        <p id={`${props.id}-hint`} className="text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

const EMPTY = {
  asset: "BTC",
  payAsset: "USD",
  amount: "",
  frequency: "weekly",
  weekday: "1",
  monthDay: "1",
  endOn: "",
  maxRuns: "",
};

export function PlanForm({ formKey, available }: { formKey: string; available: Record<string, string> }) {
  const [values, setValues] = useState(EMPTY);
  const [review, setReview] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reviewer = useFetcher<PlanFormData>({ key: "recurring-review" });
  const saver = useFetcher<PlanFormData>({ key: "recurring-save" });
  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const errors = reviewer.data && !reviewer.data.ok ? (reviewer.data.errors ?? {}) : {};
  const formError = reviewer.data && !reviewer.data.ok ? reviewer.data.message : undefined;

  useEffect(() => {
    const d = reviewer.data;
    if (reviewer.state === "idle" && d?.ok) setReview(d.sentence);
  }, [reviewer.data, reviewer.state]);
  useEffect(() => {
    const d = saver.data;
    if (saver.state !== "idle" || !d) return;
    setReview(null);
    if (d.ok) {
      setDone(d.sentence);
      setValues(EMPTY);
    } else {
      const wrong = Object.values(d.errors ?? {}).join(" ");
      setDone(d.message ?? `The recurring buy was not saved. ${wrong}`);
    }
  }, [saver.data, saver.state]);

  const fields = Object.entries(values).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <>
      <reviewer.Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="review" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            id="recurring-asset"
            name="asset"
            label="Coin to buy"
            value={values.asset}
            onChange={set("asset")}
            options={BUY_ASSETS.map((a) => [a, a] as const)}
            error={errors.asset}
          />
          <Select
            id="recurring-pay"
            name="payAsset"
            label="Pay with"
            value={values.payAsset}
            onChange={set("payAsset")}
            options={PAY_ASSETS.map((a) => [a, a] as const)}
            error={errors.payAsset}
          />
        </div>
        <TextInput
          id="recurring-amount"
          name="amount"
          label={`Amount per buy (${values.payAsset})`}
          inputMode="decimal"
          value={values.amount}
          onChange={set("amount")}
          error={errors.amount}
          hint={`Available now: ${formatPay(BigInt(available[values.payAsset] ?? "0"), values.payAsset as PayAsset)}. Each buy is skipped if the balance is short on the day.`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            id="recurring-frequency"
            name="frequency"
            label="How often"
            value={values.frequency}
            onChange={set("frequency")}
            options={FREQUENCIES.map((f) => [f, FREQUENCY_LABELS[f]] as const)}
            error={errors.frequency}
          />
          {values.frequency === "weekly" ? (
            <Select
              id="recurring-weekday"
              name="weekday"
              label="On"
              value={values.weekday}
              onChange={set("weekday")}
              options={WEEKDAYS.map((d, i) => [String(i + 1), d] as const)}
              error={errors.runDay}
            />
          ) : values.frequency === "monthly" ? (
            <Select
              id="recurring-monthday"
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
            id="recurring-end"
            name="endOn"
            type="date"
            label="End date (optional)"
            value={values.endOn}
            onChange={set("endOn")}
            error={errors.endOn}
          />
          <TextInput
            id="recurring-runs"
            name="maxRuns"
            inputMode="numeric"
            label="Or number of buys (optional)"
            value={values.maxRuns}
            onChange={set("maxRuns")}
            error={errors.maxRuns}
          />
        </div>
        <p className="text-xs text-muted">
          Dates are UTC. Each buy is a swap at that day's market price with the usual spread.
        </p>
        <FieldError message={formError} />
        <Button type="submit" className="w-full" busy={reviewer.state !== "idle"} busyLabel="Checking...">
          Review recurring buy
        </Button>
      </reviewer.Form>
      <Dialog
        open={review !== null || done !== null}
        onOpenChange={(open) => {
          if (!open) {
            setReview(null);
            setDone(null);
          }
        }}
        title={done !== null ? "Recurring buy" : "Confirm recurring buy"}
        actions={
          review !== null ? (
            <saver.Form method="post">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="formKey" value={formKey} />
              {fields}
              <Button type="submit" busy={saver.state !== "idle"} busyLabel="Saving...">
                Start recurring buy
              </Button>
            </saver.Form>
          ) : null
        }
      >
        {review !== null ? (
          <div className="space-y-2 text-sm text-ink">
            <p className="font-medium">{review}</p>
            <p className="text-muted">
              Money will move on this schedule without asking again. You can pause or cancel it at any time.
            </p>
          </div>
        ) : null}
        {done !== null ? (
          <p role="status" className="text-sm text-ink">
            {saver.data?.ok ? `Recurring buy set up. ${done}` : done}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
