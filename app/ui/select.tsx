import { ChevronDown } from "lucide-react";
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { cn } from "./cn.ts";
import { FieldError, inputClass } from "./field.tsx";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  name: string;
  options: SelectOption[];
  /** Shown as the first, empty choice (the seed's 'Select duration'). */
  placeholder?: string;
  error?: string | undefined;
  hideLabel?: boolean;
}

/**
 * A native select: the most accessible primitive there is (keyboard, screen readers and
 * mobile pickers for free), and it works before JavaScript loads.
 */
export function Select({
  label,
  name,
  options,
  placeholder,
  error,
  hideLabel,
  className,
  id,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? `${generated}-${name}`;
  const errorId = `${selectId}-error`;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={selectId} className={hideLabel ? "sr-only" : "block text-sm font-medium text-ink"}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          name={name}
          className={cn(inputClass, "appearance-none pr-10")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
