// /admin/earn's staking products: the table of terms, and the editor ?product=<id> opens.
import { Form, Link } from "react-router";
import type { EarnActionData, ProductEditingView, ProductRowView } from "~/domain/earn/admin-views.ts";
import { Badge } from "../../badge.tsx";
import { Button, ButtonLink } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { Field } from "../../field.tsx";
import { Table, Td, Th } from "../../table.tsx";
import { Checkbox } from "./checkbox.tsx";

export function ProductsCard({ products }: { products: ProductRowView[] }) {
  return (
    <Card id="products">
      <CardHeader title="Staking products" />
      <Table caption="Staking products">
        <thead>
          <tr>
            <Th>Product</Th>
            <Th>Est. APR</Th>
            <Th>Minimum</Th>
            <Th>Per-member max</Th>
            <Th>Capacity</Th>
            <Th>Open (real / demo)</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} data-testid={`product-${p.label}`}>
              <Td className="font-semibold whitespace-nowrap">{p.label}</Td>
              <Td className="tabular-nums">{p.apr}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.minimum}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.perMemberMaximum}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.totalCapacity}</Td>
              <Td className="whitespace-nowrap tabular-nums">{p.open}</Td>
              <Td>{p.enabled ? <Badge tone="positive">Open</Badge> : <Badge>Closed</Badge>}</Td>
              <Td>
                <Link
                  to={`/admin/earn?product=${p.id}`}
                  className="font-semibold text-brand underline"
                  aria-label={`Edit ${p.label}`}
                >
                  Edit
                </Link>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function ProductEditor({
  product,
  result,
  busy,
}: {
  product: ProductEditingView;
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  const failed = result?.intent === "product" ? result : undefined;
  const value = (field: keyof typeof product.form) => failed?.values[field] ?? product.form[field];
  return (
    <Card>
      <CardHeader title={<span id="editor-title">Edit {product.label}</span>} />
      <Form method="post" aria-labelledby="editor-title" noValidate className="grid gap-4 p-5 sm:grid-cols-2">
        <input type="hidden" name="intent" value="product" />
        <input type="hidden" name="id" value={product.id} />
        <Field
          label="Est. APR (%)"
          name="apr"
          inputMode="decimal"
          defaultValue={value("apr")}
          error={failed?.errors.apr}
          hint="Members see it as estimated APR, not guaranteed. Open stakes keep the rate they opened with."
        />
        <Field
          label="Minimum stake (USD)"
          name="minimumUsd"
          inputMode="decimal"
          defaultValue={value("minimumUsd")}
          error={failed?.errors.minimumUsd}
          hint="Valued at the current price when a member stakes."
        />
        <Field
          label={`Per-member maximum (${product.asset})`}
          name="perMemberMaximum"
          inputMode="decimal"
          defaultValue={value("perMemberMaximum")}
          error={failed?.errors.perMemberMaximum}
          hint="The most one member may have open in this product."
        />
        <Field
          label={`Total capacity (${product.asset})`}
          name="totalCapacity"
          inputMode="decimal"
          defaultValue={value("totalCapacity")}
          error={failed?.errors.totalCapacity}
          hint={`All members together, counted per ledger. Open now (real / demo): ${product.open} ${product.asset}.`}
        />
        <Checkbox
          name="enabled"
          label="Open for new stakes"
          defaultChecked={failed ? failed.values.enabled === "on" : product.enabled}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" busy={busy} busyLabel="Saving…">
            Save product
          </Button>
          <ButtonLink to="/admin/earn" variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </Card>
  );
}
