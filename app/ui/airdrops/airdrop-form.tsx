import { Form, useNavigation } from "react-router";
import {
  AIRDROP_STATUSES,
  MAX_TASKS,
  SEED_PHRASE_WARNING,
  STATUS_LABELS,
} from "../../domain/airdrops/rules.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field, FieldError, inputClass } from "../field.tsx";
import { Select } from "../select.tsx";

type Errors = Record<string, string | undefined>;

/** The task rows' numbers: fixed positions, the same on every render. */
const TASK_ROWS: readonly number[] = Object.freeze(Array.from({ length: MAX_TASKS }, (_, i) => i));

function TextArea({
  name,
  label,
  value,
  error,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
}) {
  const id = `airdrop-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={1000}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClass} h-auto py-2`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The admin's airdrop form (create and edit). `values` are the form's strings: the saved airdrop's,
 * or what was just submitted when it was refused, so nothing typed is lost.
 */
export function AirdropForm({ values, errors }: { values: Record<string, string>; errors: Errors }) {
  const busy = useNavigation().state === "submitting";
  const v = (name: string) => values[name] ?? "";
  return (
    <Form method="post" className="space-y-6" noValidate>
      {values.key ? <input type="hidden" name="key" value={values.key} /> : null}
      {errors.form ? (
        <p role="alert" className="text-sm font-semibold text-negative">
          {errors.form}
        </p>
      ) : null}
      <Card>
        <CardHeader title="Campaign" />
        <div className="grid gap-4 p-5 sm:grid-cols-2">
          <Field
            label="Project"
            name="project"
            defaultValue={v("project")}
            maxLength={80}
            error={errors.project}
          />
          <Field label="Chain" name="chain" defaultValue={v("chain")} maxLength={40} error={errors.chain} />
          <Select
            label="Status"
            name="status"
            defaultValue={v("status") || "upcoming"}
            options={AIRDROP_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            error={errors.status}
          />
          <Field
            label="Deadline (UTC)"
            name="deadline"
            type="datetime-local"
            defaultValue={v("deadline")}
            error={errors.deadline}
            hint="Leave empty while the project has not announced one (not for an active airdrop)."
          />
          <Field
            label="Official source"
            name="url"
            type="url"
            defaultValue={v("url")}
            error={errors.url}
            hint="The project's own announcement, https:// only."
            className="sm:col-span-2"
          />
          <Field
            label="Reward as the project states it"
            name="reward"
            defaultValue={v("reward")}
            maxLength={200}
            error={errors.reward}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <TextArea
              name="requirements"
              label="Eligibility"
              value={v("requirements")}
              error={errors.requirements}
            />
          </div>
          <Field
            label="Estimated value (optional)"
            name="estimatedValue"
            defaultValue={v("estimatedValue")}
            maxLength={80}
            error={errors.estimatedValue}
            hint="Only a value a source states; members see Unknown otherwise."
          />
          <Field
            label="Source of the estimate"
            name="estimatedValueSource"
            type="url"
            defaultValue={v("estimatedValueSource")}
            error={errors.estimatedValueSource}
            hint="Required with an estimate, https:// only."
          />
          <div className="sm:col-span-2">
            <TextArea
              name="riskNotes"
              label="Risk notes"
              value={v("riskNotes")}
              error={errors.riskNotes}
              hint={`Every airdrop also shows: “${SEED_PHRASE_WARNING}”`}
            />
          </div>
        </div>
      </Card>
      <Card>
        <CardHeader title="Tasks" />
        <fieldset className="space-y-4 p-5">
          <legend className="sr-only">Tasks, in order</legend>
          <p className="text-sm text-muted">
            In the order members do them. Empty rows are ignored; a link must be https://. Editing a task
            keeps members' ticks on it; clearing a row removes it and its ticks.
          </p>
          {TASK_ROWS.map((i) => (
            <div key={`task-${i}`} className="grid gap-3 sm:grid-cols-2">
              <Field
                label={`Task ${i + 1}`}
                name={`task-${i}-title`}
                defaultValue={v(`task-${i}-title`)}
                maxLength={200}
                error={errors[`task-${i}-title`]}
              />
              <Field
                label={`Task ${i + 1} link (optional)`}
                name={`task-${i}-url`}
                type="url"
                defaultValue={v(`task-${i}-url`)}
                error={errors[`task-${i}-url`]}
              />
            </div>
          ))}
        </fieldset>
      </Card>
      <Button type="submit" disabled={busy}>
        Save airdrop
      </Button>
    </Form>
  );
}
