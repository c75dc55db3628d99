import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { settingsAction } from "~/domain/verification/actions.server.ts";
import { limitKey, TIERS } from "~/domain/verification/rules.ts";
import { getVerificationSettings } from "~/domain/verification/settings.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import type { Route } from "./+types/verification-settings";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [
  { title: "Verification settings · Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "update:verification-settings:any");
  return getVerificationSettings(getDb());
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "update:verification-settings:any");
  return settingsAction(getDb(), staff, await args.request.formData());
}

type Answer = {
  ok: boolean;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

const FLOWS = [
  ["withdrawal", "Withdrawals"],
  ["deposit", "Deposits"],
] as const;

/** /admin/verification/settings — limits per tier (USD, 24 h and 30 days), blocked countries, retention. */
export default function AdminVerificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { limits, blockedCountries, retentionDays } = loaderData;
  const answer = actionData as Answer | undefined;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/admin/verification" className="font-semibold text-brand hover:underline">
            ← Verification queue
          </Link>
        </p>
        <h1 className="text-2xl font-semibold text-ink">Limits and countries</h1>
        <p className="text-sm text-muted">
          What each tier may deposit and withdraw, in US dollars over rolling windows. Crypto counts at the
          latest market price when a withdrawal is asked for or a deposit is credited. Deposits over the limit
          wait, confirmed but not credited, until the member's tier allows them.
        </p>
      </header>
      {answer?.ok && answer.message ? (
        <p role="status" className="rounded-md bg-brand-soft p-3 text-sm font-medium text-brand-strong">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="space-y-6">
        {TIERS.map((tier) => (
          <Card key={tier}>
            <CardHeader title={`Tier ${tier}`} />
            <div className="grid gap-4 p-5 sm:grid-cols-2">
              {FLOWS.map(([flow, label]) =>
                (["day", "month"] as const).map((window) => {
                  const name = `t${tier}.${limitKey(flow, window)}`;
                  return (
                    <Field
                      key={name}
                      label={`${label} per ${window === "day" ? "24 hours" : "30 days"} (USD)`}
                      name={name}
                      inputMode="decimal"
                      defaultValue={values[name] ?? formatAmount(limits[tier][limitKey(flow, window)], "USD")}
                      error={errors[name]}
                      required
                    />
                  );
                }),
              )}
            </div>
          </Card>
        ))}
        <Card>
          <CardHeader title="Countries and documents" />
          <div className="grid gap-4 p-5">
            <Field
              label="Blocked countries (two-letter codes)"
              name="blockedCountries"
              hint="Members living there cannot reach tier 1. Separate with commas, such as KP, IR."
              defaultValue={values.blockedCountries ?? blockedCountries.join(", ")}
              error={errors.blockedCountries}
            />
            <Field
              label="Keep identity documents for (days after the decision)"
              name="retentionDays"
              inputMode="numeric"
              defaultValue={values.retentionDays ?? String(retentionDays)}
              error={errors.retentionDays}
              required
            />
          </div>
        </Card>
        <FieldError message={errors.form} />
        <Button type="submit" disabled={busy}>
          Save settings
        </Button>
      </Form>
    </div>
  );
}
