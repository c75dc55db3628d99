import { Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { addWatchedAddress } from "~/domain/smart-money/curation.server.ts";
import { watchedAddresses } from "~/domain/smart-money/smart-money.server.ts";
import { CATEGORY_LABELS } from "~/domain/smart-money/transfers.ts";
import { ExternalAnchor } from "~/ui/airdrops/airdrop-card.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Select } from "~/ui/select.tsx";
import type { Route } from "./+types/smart-money";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Smart money · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:watched-address:any");
  return { addresses: await watchedAddresses(getDb()) };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requirePermission(args, "manage:watched-address:any");
  const values = formValues(await args.request.formData());
  const result = await addWatchedAddress(getDb(), staff, values);
  return result.ok
    ? { ok: true as const, errors: {}, values: {} }
    : { ok: false as const, errors: result.errors, values };
}

/** /admin/smart-money: the labelled public addresses smart money watches, each with its source. */
export default function AdminSmartMoney({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Smart money</h1>
        <p className="mt-1 text-sm text-muted">
          Public addresses members see at /smart-money. Add one only with a source that attributes it.
        </p>
      </header>
      <p
        role="status"
        className={
          actionData?.ok
            ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong"
            : "sr-only"
        }
      >
        {actionData?.ok ? "Address added: its transfers appear after the next poll." : ""}
      </p>
      <Card>
        <CardHeader title="Watch an address" />
        <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2" key={actionData?.ok ? "added" : "form"}>
          <Select
            label="Chain"
            name="chain"
            defaultValue={values.chain ?? "bitcoin"}
            options={[
              { value: "bitcoin", label: "Bitcoin" },
              { value: "tron", label: "TRON (USDT)" },
            ]}
            error={errors.chain}
          />
          <Select
            label="Belongs to"
            name="category"
            defaultValue={values.category ?? "exchange"}
            options={Object.entries(CATEGORY_LABELS).map(([value, label]) => ({ value, label }))}
            error={errors.category}
          />
          <Field
            label="Address"
            name="address"
            defaultValue={values.address}
            error={errors.address}
            className="sm:col-span-2"
          />
          <Field label="Label" name="label" maxLength={80} defaultValue={values.label} error={errors.label} />
          <Field
            label="Source of the label"
            name="sourceUrl"
            type="url"
            defaultValue={values.sourceUrl}
            error={errors.sourceUrl}
            hint="https:// only"
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Watch address
            </Button>
          </div>
        </Form>
      </Card>
      <Card>
        <CardHeader title="Watched addresses" />
        <ul className="divide-y divide-line">
          {loaderData.addresses.map((a) => (
            <li key={`${a.chain}:${a.address}`} className="space-y-1 px-5 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{a.label}</span>
                {a.isSample ? <Badge tone="warning">Sample</Badge> : null}
                <span className="text-muted">
                  {CATEGORY_LABELS[a.category]} · {a.chain === "bitcoin" ? "Bitcoin" : "TRON"}
                </span>
              </p>
              <p className="font-mono break-all text-muted">{a.address}</p>
              <ExternalAnchor href={a.sourceUrl} context={`of the label ${a.label}`}>
                Source
              </ExternalAnchor>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
