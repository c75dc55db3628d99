import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { recordAdminAudit } from "~/domain/payments/admin-audit.server.ts";
import { setStance } from "~/domain/research/stance-writing.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { FieldError } from "~/ui/field.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { TextArea } from "~/ui/research/studio-fields.tsx";
import { Select } from "~/ui/select.tsx";
import { requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/direction";
import { requireStudio } from "./guard.server.ts";

export const meta = () => [
  { title: "Market direction · Research studio · Coinlens" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return null;
}

/** A new stance for one horizon: added to the timeline at /market-direction, audited. */
export async function action(args: Route.ActionArgs) {
  const { staff } = await requireStudio(args);
  const values = formValues(await args.request.formData());
  const result = await setStance(getDb(), { authorId: staff.id, values });
  if (!result.ok) return data(result, { status: 400 });
  const meta = requestMeta(args);
  await recordAdminAudit(getDb(), {
    adminId: staff.id,
    event: "admin-research-stance-set",
    detail: { stanceId: result.id, horizon: values.horizon, stance: values.stance },
    ip: meta.ip,
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  });
  return { ok: true as const, message: "The desk's stance is updated." };
}

export default function StudioDirection({ actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const errors = actionData && !actionData.ok ? actionData.fields : {};
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/studio" className="text-brand underline-offset-2 hover:underline">
          Research studio
        </Link>
      </nav>
      <h1 className="text-2xl font-bold tracking-tight text-ink">Market direction</h1>
      <p className="max-w-2xl text-muted">
        The desk's stance for a horizon, with why. Each change is added to the timeline members see on{" "}
        <Link to="/market-direction" className="text-brand underline">
          Market direction
        </Link>
        ; earlier stances stay on it.
      </p>
      <Card className="max-w-2xl">
        <CardHeader title="Set a stance" />
        <Form method="post" className="space-y-5 p-5">
          <Select
            label="Horizon"
            name="horizon"
            placeholder="Choose"
            options={[
              { value: "short", label: "Short term (weeks)" },
              { value: "medium", label: "Medium term (months)" },
              { value: "long", label: "Long term (a year or more)" },
            ]}
            error={errors.horizon}
          />
          <fieldset className="space-y-2" aria-describedby={errors.stance ? "stance-error" : undefined}>
            <legend className="text-sm font-medium text-ink">Stance</legend>
            <div className="flex flex-wrap gap-2">
              {(["bullish", "neutral", "bearish"] as const).map((s) => (
                <label
                  key={s}
                  className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm capitalize text-ink has-checked:border-brand has-checked:bg-brand-soft"
                >
                  <input type="radio" name="stance" value={s} className="size-4 accent-brand" />
                  {s}
                </label>
              ))}
            </div>
            <FieldError id="stance-error" message={errors.stance} />
          </fieldset>
          <TextArea label="Rationale" name="rationale" rows={5} maxLength={2000} error={errors.rationale} />
          {actionData ? (
            <p
              role="status"
              className={actionData.ok ? "text-sm text-positive" : "text-sm font-medium text-negative"}
            >
              {actionData.message}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            Publish the stance
          </Button>
        </Form>
      </Card>
    </>
  );
}
