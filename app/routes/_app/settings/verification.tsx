import { Form, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { memberVerificationAction, tooLarge } from "~/domain/verification/actions.server.ts";
import { countryOptions } from "~/domain/verification/countries.ts";
import { verificationView } from "~/domain/verification/member.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field, FieldError } from "~/ui/field.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { Select } from "~/ui/select.tsx";
import { DocumentInput, LimitsTable, TierBadge, UsageList } from "~/ui/verification/parts.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/verification";

export const meta = () => [{ title: "Verification · Settings · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return verificationView(getDb(), session.user.id);
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const refused = tooLarge(args.request);
  if (refused) return { intent: "documents", ...refused };
  return memberVerificationAction(getDb(), session.user.id, await args.request.formData());
}

type Answer = {
  intent: string;
  ok: boolean;
  message?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};

const NEXT_STEP = {
  details: "Next step: add your details below (tier 1).",
  documents: "Next step: send an identity document and a selfie (tier 2).",
  review: "Your documents are waiting for review by two of our staff. We will e-mail you when they decide.",
  done: "You are fully verified.",
} as const;

/** /settings/verification: the member's tier, limits and what is used, and the next step's form. */
export default function VerificationSettings({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { tier, next, latest, limits, uses, details } = loaderData;
  const answer = actionData as Answer | undefined;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Verification" action={<TierBadge tier={tier} />} />
        <div className="space-y-2 p-5 text-sm">
          <p className="text-ink">{NEXT_STEP[next]}</p>
          {details ? (
            <p className="text-muted">
              Details on file: {details.fullName}, {details.countryName}.
            </p>
          ) : null}
          {latest &&
          (latest.status === "rejected" || latest.status === "resubmit") &&
          next === "documents" ? (
            <p role="alert" className="rounded-md border border-negative/40 bg-negative/5 p-3 text-ink">
              {latest.status === "rejected"
                ? "Your last documents were not approved: "
                : "Please send your documents again: "}
              {latest.reason}
            </p>
          ) : null}
          {answer?.ok && answer.message ? (
            <p role="status" className="rounded-md bg-brand-soft p-3 font-medium text-brand-strong">
              {answer.message}
            </p>
          ) : null}
        </div>
      </Card>

      <Card>
        <CardHeader title="Your limits" />
        <UsageList uses={uses} />
        <LimitsTable limits={limits} tier={tier} />
        <p className="border-t border-line p-5 text-xs text-muted">
          Limits are in US dollars over rolling windows. Withdrawals count from the request (unless it is
          cancelled, rejected or expires); deposits when they are credited. Crypto counts at the latest price
          in our market feed at that moment (CoinGecko, or the labelled sample prices when offline).
        </p>
      </Card>

      {tier < 2 ? (
        <Card>
          <CardHeader title={tier === 0 ? "Tier 1: your details" : "Your details"} />
          <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2">
            <input type="hidden" name="intent" value="details" />
            <Field
              className="sm:col-span-2"
              label="Full name"
              name="fullName"
              autoComplete="name"
              defaultValue={values.fullName ?? details?.fullName ?? ""}
              error={errors.fullName}
              required
            />
            <Field
              label="Date of birth"
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              defaultValue={values.dateOfBirth ?? details?.dateOfBirth}
              error={errors.dateOfBirth}
              required
            />
            <Select
              label="Country of residence"
              name="country"
              placeholder="Choose a country"
              options={countryOptions()}
              defaultValue={values.country ?? details?.country}
              error={errors.country}
              required
            />
            <Field
              className="sm:col-span-2"
              label="Street address"
              name="addressLine"
              autoComplete="street-address"
              defaultValue={values.addressLine ?? details?.addressLine}
              error={errors.addressLine}
              required
            />
            <Field
              label="Town or city"
              name="city"
              autoComplete="address-level2"
              defaultValue={values.city ?? details?.city}
              error={errors.city}
              required
            />
            <Field
              label="Postal code"
              name="postalCode"
              autoComplete="postal-code"
              defaultValue={values.postalCode ?? details?.postalCode}
              error={errors.postalCode}
              required
            />
            <div className="space-y-2 sm:col-span-2">
              {answer?.intent === "details" ? <FieldError message={errors.form} /> : null}
              <Button type="submit" disabled={busy}>
                {tier === 0 ? "Save details and reach tier 1" : "Update details"}
              </Button>
            </div>
          </Form>
        </Card>
      ) : null}

      {next === "documents" ? (
        <Card>
          <CardHeader title="Tier 2: verify your identity" />
          <Form method="post" encType="multipart/form-data" className="space-y-5 p-5">
            <input type="hidden" name="intent" value="documents" />
            <DocumentInput
              name="identity"
              label="Identity document"
              hint="A photo or scan of your passport, identity card or driving licence: PNG, JPEG, GIF, WebP or PDF, up to 5 MB."
              error={errors.identity}
            />
            <DocumentInput
              name="selfie"
              label="Selfie with the document"
              hint="A photo of you holding the same document, your face and the document readable. Up to 5 MB."
              error={errors.selfie}
            />
            <p className="text-xs text-muted">
              Only our authorised staff can open these files, and every view is logged. We delete them after
              the retention period the law sets for us.
            </p>
            {answer?.intent === "documents" ? <FieldError message={errors.form} /> : null}
            <Button type="submit" disabled={busy}>
              {busy ? "Sending…" : "Send for review"}
            </Button>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}
