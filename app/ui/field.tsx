import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "./cn.ts";

export const inputClass =
  "block w-full rounded-md border border-line bg-surface px-3 h-11 text-base text-ink placeholder:text-muted/80 " +
  "focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-focus " +
  "aria-invalid:border-negative disabled:bg-subtle";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  name: string;
  /** Inline red message under the input; also linked to it for screen readers. */
  error?: string | undefined;
  hint?: ReactNode;
}

export function Field({ label, name, error, hint, className, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-negative">
      {message}
    </p>
  );
}
