import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { cn } from "../cn.ts";
import { FieldError, inputClass } from "../field.tsx";

/** A labelled textarea with its inline error, like Field. */
export function TextArea({
  label,
  name,
  error,
  hint,
  className,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const id = `${useId()}-${name}`;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClass, "h-auto py-2.5")}
        {...rest}
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

/** A fieldset of checkboxes sharing one name (assets tagged, assets held). */
export function CheckboxGroup({
  legend,
  name,
  options,
  checked,
  error,
  disabled,
  hint,
}: {
  legend: ReactNode;
  name: string;
  options: readonly string[];
  checked: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = `${useId()}-${name}`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {hint ? <p className="text-sm text-muted">{hint}</p> : null}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm text-ink has-checked:border-brand has-checked:bg-brand-soft"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={checked.includes(option)}
              className="size-4 accent-brand"
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
