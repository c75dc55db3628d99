// The crypto withdrawal form's amount and address, with the rules said before submitting: a Max
// button and the USD estimate beside the amount; the saved addresses to pick from; the wait for
// a new address, with the time it becomes usable in the member's own locale and time zone.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { formatWithSymbol, safeParseAmount } from "~/domain/money/amount.ts";
import { usdValueMinor } from "~/domain/staking/rules.ts";
import {
  ADDRESS_LABEL_MAX,
  describeWait,
  formatLocalTime,
  shortAddress,
  usableFromNow,
} from "~/domain/withdrawals/address-book.ts";
import { Button } from "../button.tsx";
import { Card } from "../card.tsx";
import { Field, FieldError, inputClass } from "../field.tsx";
import { LimitLeft, type WithdrawalLimitView } from "../verification/limit-left.tsx";

export interface SavedAddressView {
  id: string;
  address: string;
  label: string | null;
  usableFrom: string;
  usableNow: boolean;
}

/** True once the page runs in the browser: times are formatted there, in the reader's zone. */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A local time once hydrated; on the server, only what does not depend on the time zone. */
function LocalTime({ iso, fallback }: { iso: string; fallback: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatLocalTime(iso) : fallback}</time>;
}

/** The amount, a Max button that fills the available balance, and its USD value (an estimate). */
export function WithdrawalAmountField({
  asset,
  available,
  priceUsd,
  defaultValue,
  hint,
  error,
  limit,
}: {
  asset: "BTC" | "USDT";
  available: string;
  priceUsd: string | null;
  defaultValue: string | undefined;
  hint: string;
  error: string | undefined;
  /** What is left of the member's withdrawal limit (ADR 0082). */
  limit?: WithdrawalLimitView | null;
}) {
  const [amount, setAmount] = useState(defaultValue ?? "");
  const parsed = safeParseAmount(amount.trim(), asset);
  const usd =
    priceUsd && parsed.ok && parsed.value > 0n ? usdValueMinor(parsed.value, asset, priceUsd) : null;
  return (
    <div className="space-y-1.5">
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label={`Amount (${asset})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint={hint}
          error={error}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted" aria-live="polite">
          {usd !== null ? (
            <>
              ≈{" "}
              <span className="font-semibold text-ink">
                {formatWithSymbol(usd, "USD", { grouping: true })}
              </span>{" "}
              (estimate at the latest price)
            </>
          ) : null}
        </p>
        <Button type="button" variant="secondary" size="sm" onClick={() => setAmount(available)}>
          Max
        </Button>
      </div>
      {limit ? <LimitLeft limit={limit} valueMinor={usd} /> : null}
    </div>
  );
}

/**
 * The destination: pick a saved address or type one. A typed address that is not saved is new:
 * the member is told before submitting that it can be used only after `newAddressHours`.
 */
export function WithdrawalAddressField({
  label,
  hint,
  addresses,
  newAddressHours,
  defaultValue,
  error,
}: {
  label: string;
  hint: string;
  addresses: SavedAddressView[];
  newAddressHours: number;
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const [address, setAddress] = useState(defaultValue ?? "");
  const hydrated = useHydrated();
  const typed = address.trim();
  const saved = addresses.find((a) => a.address === typed);
  const isNew = typed !== "" && !saved && newAddressHours > 0;
  return (
    <div className="space-y-3">
      {addresses.length > 0 ? (
        <div className="space-y-1.5">
          <label htmlFor="saved-address" className="block text-sm font-medium text-ink">
            Saved addresses
          </label>
          <select
            id="saved-address"
            className={inputClass}
            value={saved?.address ?? ""}
            onChange={(e) => setAddress(e.target.value)}
          >
            <option value="">Type a new address below</option>
            {addresses.map((a) => (
              <option key={a.id} value={a.address}>
                {a.label ?? shortAddress(a.address)} ·{" "}
                {a.usableNow
                  ? "usable now"
                  : `usable from ${hydrated ? formatLocalTime(a.usableFrom) : "later"}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field
        label={label}
        name="address"
        autoComplete="off"
        spellCheck={false}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        hint={hint}
        error={error}
      />
      {isNew ? <NewAddressNotice hours={newAddressHours} /> : null}
      {saved && !saved.usableNow ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-ink">
          This saved address can be used from{" "}
          <LocalTime
            iso={saved.usableFrom}
            fallback={`${describeWait(newAddressHours)} after it was first used`}
          />
          .
        </p>
      ) : null}
    </div>
  );
}

function NewAddressNotice({ hours }: { hours: number }) {
  const hydrated = useHydrated();
  // Computed when shown, on this browser's clock: the server registers it on submit.
  const [from] = useState(() => usableFromNow(hours).toISOString());
  return (
    <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-ink">
      This is a new address: for your safety it can be used {describeWait(hours)} after you first submit it
      {hydrated ? (
        <>
          , from about <time dateTime={from}>{formatLocalTime(from)}</time>
        </>
      ) : null}
      . We will e-mail you about it.
    </p>
  );
}

/** The member's saved addresses for this asset, each with a small form to name it. */
export function AddressBook({ addresses, asset }: { addresses: SavedAddressView[]; asset: string }) {
  if (addresses.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="font-semibold text-ink">Your saved {asset} addresses</h2>
      <ul className="mt-3 divide-y divide-line">
        {addresses.map((a) => (
          <AddressRow key={a.id} entry={a} />
        ))}
      </ul>
    </Card>
  );
}

function AddressRow({ entry }: { entry: SavedAddressView }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; errors?: Partial<Record<string, string>> }>();
  const error =
    fetcher.data && !fetcher.data.ok ? (fetcher.data.errors?.label ?? fetcher.data.errors?.form) : undefined;
  const inputId = `address-label-${entry.id}`;
  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-ink">{entry.label ?? "No label"}</p>
        <p className="font-mono text-xs break-all text-muted">{entry.address}</p>
        <p className="text-muted">
          {entry.usableNow ? (
            "Usable now"
          ) : (
            <>
              Usable from <LocalTime iso={entry.usableFrom} fallback="later" />
            </>
          )}
        </p>
      </div>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="label" />
        <input type="hidden" name="addressId" value={entry.id} />
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={inputId} className="block text-xs font-medium text-ink">
            Label for {shortAddress(entry.address)}
          </label>
          <input
            id={inputId}
            name="label"
            className={inputClass}
            defaultValue={entry.label ?? ""}
            maxLength={ADDRESS_LABEL_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
        </div>
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          busy={fetcher.state !== "idle"}
          busyLabel="Saving…"
        >
          Save label
        </Button>
      </fetcher.Form>
      <FieldError id={`${inputId}-error`} message={error} />
      {fetcher.data?.ok ? <p className="text-positive">{fetcher.data.message}</p> : null}
    </li>
  );
}
