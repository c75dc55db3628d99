import { PICKABLE_ASSETS } from "~/domain/research/studio-rules.ts";
import { Field } from "../field.tsx";
import { Select } from "../select.tsx";

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** A trading setup's levels: prices in USD as typed (exact decimals), one to three targets. */
export function SetupFields({
  details,
  errors,
}: {
  details: Record<string, unknown>;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-ink">The setup</legend>
      <Select
        label="Asset"
        name="setup.asset"
        placeholder="Choose"
        defaultValue={text(details, "asset")}
        options={PICKABLE_ASSETS.map((a) => ({ value: a, label: a }))}
        error={errors["setup.asset"]}
      />
      <Select
        label="Direction"
        name="setup.side"
        placeholder="Choose"
        defaultValue={text(details, "side")}
        options={[
          { value: "long", label: "Long (expects a rise)" },
          { value: "short", label: "Short (expects a fall)" },
        ]}
        error={errors["setup.side"]}
      />
      <Field
        label="Entry zone from (USD)"
        name="setup.entryLow"
        inputMode="decimal"
        defaultValue={text(details, "entryLow")}
        error={errors["setup.entryLow"]}
      />
      <Field
        label="Entry zone to (USD)"
        name="setup.entryHigh"
        inputMode="decimal"
        defaultValue={text(details, "entryHigh")}
        error={errors["setup.entryHigh"]}
      />
      <Field
        label="Stop (USD)"
        name="setup.stop"
        inputMode="decimal"
        defaultValue={text(details, "stop")}
        error={errors["setup.stop"]}
      />
      {([1, 2, 3] as const).map((n) => (
        <Field
          key={n}
          label={`Target ${n} (USD)${n === 1 ? "" : ", optional"}`}
          name={`setup.target${n}`}
          inputMode="decimal"
          defaultValue={text(details, `target${n}`)}
          error={errors[`setup.target${n}`]}
        />
      ))}
      <Select
        label="Timeframe"
        name="setup.timeframe"
        placeholder="Choose"
        defaultValue={text(details, "timeframe")}
        options={[
          { value: "1h", label: "1 hour" },
          { value: "4h", label: "4 hours" },
          { value: "1d", label: "1 day" },
          { value: "1w", label: "1 week" },
        ]}
        error={errors["setup.timeframe"]}
      />
      <Field
        label="Expires after (days without entry)"
        name="setup.expiryDays"
        inputMode="numeric"
        defaultValue={text(details, "expiryDays")}
        error={errors["setup.expiryDays"]}
      />
    </fieldset>
  );
}
