import { useId } from "react";
import { Form } from "react-router";
import { EVENT_KINDS, KIND_LABELS } from "~/domain/live-events/rules.ts";
import { Button } from "../button.tsx";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";

export interface EventFormValues {
  kind: string;
  title: string;
  host: string;
  description: string;
  startsAt: string;
  durationMinutes: string;
  capacity: string;
  premium: boolean;
  joinUrl: string;
  replayUrl: string;
}

export const emptyEventForm: Readonly<EventFormValues> = Object.freeze({
  kind: "ama",
  title: "",
  host: "",
  description: "",
  startsAt: "",
  durationMinutes: "60",
  capacity: "100",
  premium: false,
  joinUrl: "",
  replayUrl: "",
});

const textareaClass =
  "block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-focus aria-invalid:border-negative";

/** The staff's event form (new and edit): every field answers beside itself. */
export function EventForm({
  values,
  errors,
  busy,
  submitLabel,
}: {
  values: EventFormValues;
  errors: Record<string, string | undefined>;
  busy: boolean;
  submitLabel: string;
}) {
  const id = useId();
  return (
    <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <Select
        label="Kind"
        name="kind"
        defaultValue={values.kind}
        options={EVENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        error={errors.kind}
      />
      <Field
        label="Host"
        name="host"
        defaultValue={values.host}
        maxLength={80}
        required
        error={errors.host}
      />
      <Field
        label="Title"
        name="title"
        defaultValue={values.title}
        maxLength={120}
        required
        error={errors.title}
        className="sm:col-span-2"
      />
      <div className="space-y-1.5 sm:col-span-2">
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-ink">
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={4}
          maxLength={2000}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className={textareaClass}
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <Field
        label="Starts (UTC)"
        name="startsAt"
        type="datetime-local"
        defaultValue={values.startsAt}
        required
        hint="Members see it in their own time zone."
        error={errors.startsAt}
      />
      <Field
        label="Length in minutes"
        name="durationMinutes"
        type="number"
        inputMode="numeric"
        min={5}
        max={1440}
        defaultValue={values.durationMinutes}
        required
        error={errors.durationMinutes}
      />
      <Field
        label="Capacity (seats)"
        name="capacity"
        type="number"
        inputMode="numeric"
        min={1}
        max={100000}
        defaultValue={values.capacity}
        required
        error={errors.capacity}
      />
      <div className="flex items-center gap-2 self-end pb-3">
        <input
          id={`${id}-premium`}
          type="checkbox"
          name="premium"
          defaultChecked={values.premium}
          className="size-4 accent-brand"
        />
        <label htmlFor={`${id}-premium`} className="text-sm font-medium text-ink">
          Premium members only (events:live)
        </label>
      </div>
      <Field
        label="Join link"
        name="joinUrl"
        type="url"
        defaultValue={values.joinUrl}
        placeholder="https://"
        required
        hint="Shown to registered members only."
        error={errors.joinUrl}
        className="sm:col-span-2"
      />
      <Field
        label="Replay link (optional)"
        name="replayUrl"
        type="url"
        defaultValue={values.replayUrl}
        placeholder="https://"
        hint="Shown once the event is over."
        error={errors.replayUrl}
        className="sm:col-span-2"
      />
      <FieldError message={errors.form} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
