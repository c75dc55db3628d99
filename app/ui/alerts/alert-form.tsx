import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { AlertKind, FormAnswer } from "~/domain/alerts/rules.ts";
import { formatUsd } from "~/domain/market-data/format.ts";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Field, FieldError } from "../field.tsx";
import { Select } from "../select.tsx";

const KIND_OPTIONS = Object.freeze([
  { value: "above", label: "Price goes above" },
  { value: "below", label: "Price goes below" },
  { value: "move24h", label: "Moves in 24 h by at least" },
]);

/** The new-alert form; the server's messages show beside their fields. */
export function AlertForm({
  assets,
  preset,
  answer,
  full,
  pushDevices,
}: {
  assets: { symbol: string; name: string; priceUsd: string }[];
  /** The asset to start on (?symbol= from a watchlist). */
  preset?: string | null;
  answer: FormAnswer | undefined;
  /** The member has as many alerts as their plan allows. */
  full: string | null;
  /** The member's devices with notifications on: the push box means something only then. */
  pushDevices: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [symbol, setSymbol] = useState(preset ?? assets[0]?.symbol ?? "");
  const [kind, setKind] = useState<AlertKind>("above");
  const [repeating, setRepeating] = useState(false);
  const errors = answer?.intent === "create" && !answer.ok ? (answer.errors ?? {}) : {};
  const current = assets.find((a) => a.symbol === symbol);
  return (
    <Card>
      <CardHeader title="New alert" />
      <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="create" />
        <Select
          label="Asset"
          name="symbol"
          value={symbol}
          onChange={(e) => setSymbol(e.target.value)}
          options={assets.map((a) => ({ value: a.symbol, label: `${a.symbol} · ${a.name}` }))}
          error={errors.symbol}
        />
        <Select
          label="Alert me when"
          name="kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as AlertKind)}
          options={[...KIND_OPTIONS]}
          error={errors.kind}
        />
        <Field
          label={kind === "move24h" ? "Move (%)" : "Price (USD)"}
          name="threshold"
          inputMode="decimal"
          autoComplete="off"
          error={errors.threshold}
          hint={current ? `${current.symbol} is at ${formatUsd(current.priceUsd)} now.` : undefined}
        />
        <div className="space-y-2">
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="repeating"
              className="size-5 accent-brand"
              checked={repeating}
              onChange={(e) => setRepeating(e.target.checked)}
            />
            Repeat on every crossing
          </label>
          {repeating ? (
            <Field
              label="Cool-down (minutes)"
              name="cooldownMinutes"
              inputMode="numeric"
              defaultValue="60"
              error={errors.cooldownMinutes}
              hint="After it fires, the alert waits this long before it can fire again."
            />
          ) : null}
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
            <input type="checkbox" name="email" className="size-5 accent-brand" defaultChecked />
            Also e-mail me
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink has-disabled:text-muted">
            <input
              type="checkbox"
              name="push"
              className="size-5 accent-brand"
              disabled={pushDevices === 0}
              aria-describedby="alert-push-hint"
            />
            Also send a push notification
          </label>
          <p id="alert-push-hint" className="text-sm text-muted">
            {pushDevices === 0
              ? "Turn on notifications on a device first (above); then alerts can reach it as a push."
              : `Sent to ${pushDevices === 1 ? "the 1 device" : `all ${pushDevices} devices`} with notifications on.`}
          </p>
        </div>
        <div className="space-y-2 sm:col-span-2">
          <FieldError message={errors.form ?? full ?? undefined} />
          <Button type="submit" disabled={busy || full !== null}>
            {busy ? "Creating…" : "Create alert"}
          </Button>
          <p className="text-sm text-muted">
            You are always told here, in the bell at the top. Alerts are information, not advice.
          </p>
        </div>
      </Form>
    </Card>
  );
}
