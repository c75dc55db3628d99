import { data, Form, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server.ts";
import { getDb } from "~/db/db.server.ts";
import { formValues } from "~/domain/forms.ts";
import { isSampleCard, SAMPLE_CARDS } from "~/domain/membership/sample-cards.ts";
import { changeSampleCard, samplePortalView } from "~/domain/membership/sample-checkout.server.ts";
import { wakeSampleBilling } from "~/domain/membership/sample-jobs.server.ts";
import { SampleCardChoice, SamplePayFrame } from "~/ui/billing/sample-pay-frame.tsx";
import { Button } from "~/ui/button.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/sample-portal";

export function meta() {
  return [{ title: "Sample Pay · Your card" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Only back to a page of this site (the portal link carries where to return). */
function returnPath(request: Request): string {
  const back = new URL(request.url).searchParams.get("return") ?? "/settings";
  return back.startsWith("/") && !back.startsWith("//") ? back : "/settings";
}

async function context(args: Route.LoaderArgs | Route.ActionArgs) {
  const config = getConfig();
  if (config.billing.provider !== "sample") throw data({ message: "Not found" }, 404);
  const session = await requireSession(args);
  return { config, db: getDb(), userId: session.user.id, customerId: args.params.id };
}

export async function loader(args: Route.LoaderArgs) {
  const { config, db, userId, customerId } = await context(args);
  const view = await samplePortalView(db, customerId, userId);
  if (!view) throw data({ message: "Not found" }, 404);
  return { view, merchant: config.brand.name, back: returnPath(args.request) };
}

/** A new card on file: only which test card (never a number). */
export async function action(args: Route.ActionArgs) {
  const { config, db, userId, customerId } = await context(args);
  const form = formValues(await args.request.formData());
  if (!isSampleCard(form.card)) return data({ message: "Choose a test card." }, 400);
  const changed = await changeSampleCard(db, { customerId, userId, card: form.card, now: new Date() });
  if (!changed) throw data({ message: "Not found" }, 404);
  wakeSampleBilling(db, config);
  return redirect(returnPath(args.request));
}

export default function SamplePortalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, merchant, back } = loaderData;
  const busy = useNavigation().state !== "idle";
  const current = SAMPLE_CARDS.find((c) => c.key === view.card);
  return (
    <SamplePayFrame title="Your card">
      <p className="text-ink">
        The card {merchant} charges for your membership ({view.email}):{" "}
        <span className="font-mono">{current ? current.number : "none"}</span>.
        {view.pastDue ? " Your last renewal failed: a new card is charged at once." : ""}
      </p>
      <Form method="post" className="space-y-4 rounded-lg border border-line bg-surface p-5">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-ink">New test card</legend>
          {SAMPLE_CARDS.map((card) => (
            <SampleCardChoice
              key={card.key}
              value={card.key}
              number={card.number}
              label={card.label}
              defaultChecked={card.key === view.card}
            />
          ))}
        </fieldset>
        {actionData?.message ? (
          <p role="alert" className="text-sm font-semibold text-negative">
            {actionData.message}
          </p>
        ) : null}
        <Button type="submit" className="w-full" busy={busy}>
          Save card
        </Button>
      </Form>
      <a href={back} className="block text-center text-sm font-semibold text-brand-strong underline">
        Return to {merchant}
      </a>
    </SamplePayFrame>
  );
}
