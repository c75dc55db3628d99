// /admin/earn's swap spread: the operator's margin off the mid price, in basis points.
import { Form } from "react-router";
import type { EarnActionData } from "~/domain/earn/admin-views.ts";
import { Button } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { Field } from "../../field.tsx";

export function SpreadCard({
  spreadBps,
  result,
  busy,
}: {
  spreadBps: number;
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  const spread = result?.intent === "spread" ? result : undefined;
  return (
    <Card>
      <CardHeader title="Swap spread" />
      <Form method="post" noValidate className="flex flex-wrap items-start gap-4 p-5">
        <input type="hidden" name="intent" value="spread" />
        <Field
          label="Spread (basis points, 100 = 1 %)"
          name="spreadBps"
          inputMode="numeric"
          defaultValue={spread?.values.spreadBps ?? String(spreadBps)}
          error={spread?.errors.spreadBps}
          className="w-full max-w-xs"
        />
        <Button type="submit" className="sm:mt-7" disabled={busy}>
          Save spread
        </Button>
      </Form>
    </Card>
  );
}
