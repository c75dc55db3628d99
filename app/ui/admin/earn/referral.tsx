// /admin/earn's referral reward (ADR 0084): what a referrer receives when someone who joined through
// their link makes a first deposit, paid from the real rewards pool of that asset.
import { Form } from "react-router";
import type { EarnActionData } from "~/domain/earn/admin-views.ts";
import { CRYPTO_ASSETS } from "~/domain/money/assets.ts";
import { Button } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { Field } from "../../field.tsx";
import { Select } from "../../select.tsx";

export function ReferralRewardCard({
  reward,
  result,
  busy,
}: {
  reward: { asset: string; amount: string } | null;
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  const refused = result?.intent === "referral" ? result : undefined;
  return (
    <Card>
      <CardHeader title="Referral reward" />
      <Form method="post" noValidate className="space-y-4 p-5">
        <input type="hidden" name="intent" value="referral" />
        <p className="text-sm text-muted">
          Paid once per referred member, on their first credited deposit, from the real rewards pool of the
          asset. Members see it only while the pool holds it; when it does not, no reward is paid and admins
          are told. Leave the amount empty for no reward.
        </p>
        <div className="flex flex-wrap items-start gap-4">
          <Select
            label="Asset"
            name="asset"
            defaultValue={refused?.values.asset ?? reward?.asset ?? "USDT"}
            error={refused?.errors.asset}
            options={CRYPTO_ASSETS.map((a) => ({ value: a, label: a }))}
            className="w-40"
          />
          <Field
            label="Amount per referral"
            name="amount"
            inputMode="decimal"
            defaultValue={refused?.values.amount ?? reward?.amount ?? ""}
            error={refused?.errors.amount}
            className="w-full max-w-xs"
          />
          <Button type="submit" className="sm:mt-7" disabled={busy}>
            Save reward
          </Button>
        </div>
      </Form>
    </Card>
  );
}
