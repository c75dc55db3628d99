import { Form } from "react-router";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "~/domain/portfolio/valuation.ts";
import { Select } from "../select.tsx";

const CURRENCY_LABELS: Readonly<Record<DisplayCurrency, string>> = Object.freeze({
  USD: "USD ($)",
  EUR: "EUR (€)",
  GBP: "GBP (£)",
});

/**
 * The display currency picker shared by the wallet and the portfolio: one cookie (cl_display,
 * POST /account/display), so the choice made on one page holds on every other. A real form, so it
 * works before the page's script has loaded (the Apply button shows without JavaScript); once it
 * has, onChange changes the page at once and saves in the background.
 */
export function CurrencySwitcher({
  value,
  onChange,
  className,
}: {
  value: DisplayCurrency;
  onChange: (currency: DisplayCurrency) => void;
  className?: string;
}) {
  return (
    <Form
      method="post"
      action="/account/display"
      reloadDocument
      className={className ?? "flex items-end gap-2"}
      onSubmit={(e) => e.preventDefault()}
    >
      <Select
        label="Currency"
        name="currency"
        value={value}
        onChange={(e) => onChange(e.target.value as DisplayCurrency)}
        options={DISPLAY_CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
        className="w-32"
      />
      <noscript>
        <button type="submit" className="h-11 rounded-md border border-line px-3 text-sm font-semibold">
          Apply
        </button>
      </noscript>
    </Form>
  );
}
