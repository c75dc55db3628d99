import { useFetcher } from "react-router";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "~/domain/portfolio/valuation.ts";

// The portfolio pages whose figures the server computes in the display currency (performance,
// gains, insights): the choice is posted to /account/display (the same cookie as the dashboard's
// and the wallet's), and the page's loader runs again with it.

const CURRENCY_LABELS: Readonly<Record<DisplayCurrency, string>> = Object.freeze({
  USD: "USD ($)",
  EUR: "EUR (€)",
  GBP: "GBP (£)",
});

/** The display currency, remembered in the same cookie as the wallet's; the page reloads its figures. */
export function CurrencyPickerForm({ currency }: { currency: DisplayCurrency }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/account/display" className="flex items-end gap-2">
      <input type="hidden" name="via" value="fetcher" />
      <label className="text-sm font-medium text-ink">
        Currency
        <select
          name="currency"
          defaultValue={currency}
          onChange={(e) => fetcher.submit(e.currentTarget.form)}
          className="mt-1.5 block h-11 w-32 rounded-md border border-line bg-surface px-3 text-base text-ink"
        >
          {DISPLAY_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {CURRENCY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="h-11 rounded-md border border-line px-3 text-sm font-semibold">
          Apply
        </button>
      </noscript>
    </fetcher.Form>
  );
}
