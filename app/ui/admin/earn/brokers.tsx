// /admin/earn's brokers: the list /buy shows, and the editor ?broker=<id|new> opens.
import { Form, Link } from "react-router";
import type { BrokerFields } from "~/domain/earn/admin-forms.ts";
import type { BrokerRowView, EarnActionData } from "~/domain/earn/admin-views.ts";
import { Badge } from "../../badge.tsx";
import { Button, ButtonLink } from "../../button.tsx";
import { Card, CardHeader } from "../../card.tsx";
import { Field } from "../../field.tsx";
import { Table, Td, Th } from "../../table.tsx";
import { Checkbox } from "./checkbox.tsx";

export function BrokersCard({ brokers, busy }: { brokers: BrokerRowView[]; busy: boolean }) {
  return (
    <Card id="brokers">
      <CardHeader
        title="Brokers (/buy)"
        action={
          <ButtonLink to="/admin/earn?broker=new" size="sm" variant="secondary">
            Add a broker
          </ButtonLink>
        }
      />
      <Table caption="Brokers listed on /buy">
        <thead>
          <tr>
            <Th>Order</Th>
            <Th>Broker</Th>
            <Th>Card text</Th>
            <Th>Affiliate</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {brokers.map((b) => (
            <tr key={b.id} data-testid={`broker-${b.name}`}>
              <Td className="tabular-nums">{b.sortOrder}</Td>
              <Td>
                <span className="block font-semibold">{b.name}</span>
                <span className="block text-xs break-all text-muted">{b.url}</span>
              </Td>
              <Td>{b.priceText}</Td>
              <Td>{b.affiliate ? "Yes" : "No"}</Td>
              <Td>{b.enabled ? <Badge tone="positive">Shown</Badge> : <Badge>Hidden</Badge>}</Td>
              <Td>
                <div className="flex items-center gap-3">
                  <Link
                    to={`/admin/earn?broker=${b.id}`}
                    className="font-semibold text-brand underline"
                    aria-label={`Edit ${b.name}`}
                  >
                    Edit
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="broker-shown" />
                    <input type="hidden" name="id" value={b.id} />
                    <input type="hidden" name="shown" value={b.enabled ? "false" : "true"} />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      {b.enabled ? `Hide ${b.name}` : `Show ${b.name}`}
                    </Button>
                  </Form>
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

const NEW_BROKER: Readonly<BrokerFields> = Object.freeze({
  name: "",
  url: "https://",
  imageUrl: "",
  priceText: "",
  sortOrder: 0,
  affiliate: false,
  enabled: true,
});

export function BrokerEditor({
  broker,
  result,
  busy,
}: {
  broker: BrokerRowView | "new";
  result: EarnActionData | undefined;
  busy: boolean;
}) {
  const failed = result?.intent === "broker" ? result : undefined;
  const initial: BrokerFields = broker === "new" ? NEW_BROKER : broker;
  const value = (field: "name" | "url" | "imageUrl" | "priceText" | "sortOrder") =>
    failed?.values[field] ?? String(initial[field]);
  const title = broker === "new" ? "Add a broker" : `Edit ${broker.name}`;
  return (
    <Card>
      <CardHeader title={<span id="editor-title">{title}</span>} />
      <Form method="post" aria-labelledby="editor-title" noValidate className="grid gap-4 p-5 sm:grid-cols-2">
        <input type="hidden" name="intent" value="broker" />
        <input type="hidden" name="id" value={broker === "new" ? "new" : broker.id} />
        <Field label="Name" name="name" defaultValue={value("name")} error={failed?.errors.name} />
        <Field
          label="Link"
          name="url"
          type="url"
          inputMode="url"
          defaultValue={value("url")}
          error={failed?.errors.url}
          hint="Opens in a new tab, marked sponsored."
        />
        <Field
          label="Image"
          name="imageUrl"
          defaultValue={value("imageUrl")}
          error={failed?.errors.imageUrl}
          hint="A path on this site, such as /images/brokers/kraken.svg; empty shows the broker’s initials."
        />
        <Field
          label="Card text"
          name="priceText"
          defaultValue={value("priceText")}
          error={failed?.errors.priceText}
          hint="A short line under the name, such as prices or payment methods."
        />
        <Field
          label="Order"
          name="sortOrder"
          inputMode="numeric"
          defaultValue={value("sortOrder")}
          error={failed?.errors.sortOrder}
          hint="Lower numbers come first."
        />
        <div className="flex flex-col justify-center">
          <Checkbox
            name="affiliate"
            label="Affiliate link (pays us a commission)"
            defaultChecked={failed ? failed.values.affiliate === "on" : initial.affiliate}
          />
          <Checkbox
            name="enabled"
            label="Shown on /buy"
            defaultChecked={failed ? failed.values.enabled === "on" : initial.enabled}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" busy={busy} busyLabel="Saving…">
            {broker === "new" ? "Add broker" : "Save broker"}
          </Button>
          <ButtonLink to="/admin/earn" variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </Card>
  );
}
