import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { proposeFunding } from "~/domain/approvals/manual-entries.server.ts";
import {
  addBroker,
  earnAdminView,
  editBroker,
  editStakingProduct,
  type StaffActor,
  setBrokerShown,
  setSwapSpreadByAdmin,
} from "~/domain/earn/admin.server.ts";
import {
  type BrokerField,
  type BrokerFields,
  type FieldErrors,
  type FundingField,
  type ProductField,
  parseBrokerForm,
  parseFundingForm,
  parseProductForm,
  parseSpreadForm,
  productFormDefaults,
} from "~/domain/earn/admin-forms.ts";
import { parseId } from "~/domain/forms.ts";
import { formatAmount } from "~/domain/money/amount.ts";
import { ASSETS } from "~/domain/money/assets.ts";
import type { Permission } from "~/domain/payments/permissions.ts";
import { getStakingProduct } from "~/domain/staking/products.server.ts";
import { DURATION_LABELS, formatAprPercent, type StakeDurationDays } from "~/domain/staking/rules.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button, ButtonLink } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Select } from "~/ui/select.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/earn";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Earn and trade · Admin" }, { name: "robots", content: "noindex" }];

const amount = (minor: bigint | null, asset: (typeof ASSETS)[number]) =>
  minor === null ? "—" : `${formatAmount(minor, asset, { grouping: true })} ${asset}`;

const productLabel = (p: { asset: string; durationDays: number }) =>
  `${p.asset} · ${DURATION_LABELS[p.durationDays as StakeDurationDays]}`;

export async function loader(args: Route.LoaderArgs) {
  await requirePaymentPermission(args, "read:earn:any");
  const view = await earnAdminView(getDb());
  const url = new URL(args.request.url);
  const products = view.products.map((p) => ({
    id: p.id.toString(),
    label: productLabel(p),
    asset: p.asset,
    apr: `${formatAprPercent(p.aprBps)} %`,
    minimum: `${formatAmount(p.minimumUsdMinor, "USD", { grouping: true })} USD`,
    perMemberMaximum: amount(p.perMemberMaximumMinor, p.asset),
    totalCapacity: amount(p.totalCapacityMinor, p.asset),
    open: `${formatAmount(p.openReal, p.asset, { grouping: true })} / ${formatAmount(p.openDemo, p.asset, { grouping: true })}`,
    enabled: p.enabled,
  }));
  const brokers = view.brokers.map((b) => ({ ...b, id: b.id.toString() }));

  // ?product=<id> and ?broker=<id|new> open an editor; ?done=… says what the last save changed.
  const productId = url.searchParams.get("product");
  const brokerId = url.searchParams.get("broker");
  const editing = view.products.find((p) => p.id.toString() === productId);
  const editingProduct = editing
    ? {
        ...(products.find((p) => p.id === productId) as (typeof products)[number]),
        form: productFormDefaults(editing.asset, editing),
      }
    : null;
  const editingBroker =
    brokerId === "new" ? ("new" as const) : (brokers.find((b) => b.id === brokerId) ?? null);
  const done = url.searchParams.get("done");
  const doneId = url.searchParams.get("id");
  const notice =
    done === "product"
      ? `Saved ${products.find((p) => p.id === doneId)?.label ?? "the product"}.`
      : done === "broker"
        ? `Saved ${brokers.find((b) => b.id === doneId)?.name ?? "the broker"}.`
        : null;
  return {
    products,
    pools: view.pools.map((p) => ({
      key: `${p.ledger}-${p.asset}`,
      ledger: p.ledger,
      asset: p.asset,
      pool: amount(p.poolMinor, p.asset),
      reserved: amount(p.reservedMinor, p.asset),
      treasury: amount(p.treasuryMinor, p.asset),
    })),
    spreadBps: view.spreadBps,
    brokers,
    editingProduct,
    editingBroker,
    notice,
    fundingKey: randomUUID(),
  };
}

type ActionData =
  | { intent: "product"; errors: FieldErrors<ProductField>; values: Record<string, string>; message?: string }
  | { intent: "fund"; errors: FieldErrors<FundingField>; values: Record<string, string>; message?: string }
  | { intent: "spread"; errors: FieldErrors<"spreadBps">; values: Record<string, string>; message?: string }
  | { intent: "broker"; errors: FieldErrors<BrokerField>; values: Record<string, string>; message?: string }
  | { intent: "done"; message: string };

async function guard(args: Route.ActionArgs, permission: Permission): Promise<StaffActor> {
  const { adminId, ip, userAgent } = await requirePaymentPermission(args, permission);
  return { adminId, ip, userAgent };
}

export async function action(args: Route.ActionArgs) {
  // Signed in as staff with two-factor at all, before reading anything the request sent.
  await requirePaymentPermission(args, "read:earn:any");
  const form = await args.request.formData();
  const fields = Object.fromEntries(form);
  const values = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  ) as Record<string, string>;
  const intent = values.intent ?? "";
  const db = getDb();

  if (intent === "product") {
    const actor = await guard(args, "update:staking-product:any");
    const id = parseId(values.id ?? "");
    const product = id === null ? undefined : await getStakingProduct(db, id);
    if (!product || id === null)
      throw data({ message: "This staking product does not exist." }, { status: 404 });
    const parsed = parseProductForm(product.asset, fields);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, 400);
    const result = await editStakingProduct(db, actor, id, parsed.value);
    if (!result.ok) throw data({ message: result.message }, { status: 404 });
    return redirect(`/admin/earn?done=product&id=${id}`);
  }

  if (intent === "fund-pool" || intent === "fund-treasury") {
    const target = intent === "fund-pool" ? "pool" : "treasury";
    const actor = await guard(args, target === "pool" ? "fund:rewards-pool:any" : "fund:treasury:any");
    const parsed = parseFundingForm(target, fields);
    if (!parsed.ok) return data<ActionData>({ intent: "fund", errors: parsed.errors, values }, 400);
    const key = values.key ?? "";
    if (!/^[\w-]{8,100}$/.test(key))
      throw data({ message: "Reload the page and try again." }, { status: 400 });
    const { ledger, asset, amountMinor } = parsed.value;
    // Money made by hand needs a second admin (ADR 0055 addendum): this only records the proposal.
    const result = await proposeFunding(db, actor, { ...parsed.value, idempotencyKey: `admin-fund:${key}` });
    if (!result.ok) throw data({ message: result.message }, { status: result.status });
    const what = target === "pool" ? "rewards pool" : "treasury";
    return data<ActionData>({
      intent: "done",
      message: result.replayed
        ? `That funding was already recorded; nothing changed.`
        : `Recorded: ${formatAmount(amountMinor, asset, { grouping: true })} ${asset} for the ${ledger} ${asset} ${what}. It is funded when a second admin approves it under Approvals.`,
    });
  }

  if (intent === "spread") {
    const actor = await guard(args, "update:swap-spread:any");
    const parsed = parseSpreadForm(fields);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, 400);
    await setSwapSpreadByAdmin(db, actor, parsed.value);
    return data<ActionData>({ intent: "done", message: `Swap spread saved: ${parsed.value} basis points.` });
  }

  if (intent === "broker") {
    const actor = await guard(args, "manage:broker:any");
    const parsed = parseBrokerForm(fields);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, 400);
    if (values.id === "new") {
      const id = await addBroker(db, actor, parsed.value);
      return redirect(`/admin/earn?done=broker&id=${id}`);
    }
    const id = parseId(values.id ?? "");
    const result = id === null ? null : await editBroker(db, actor, id, parsed.value);
    if (!result?.ok) throw data({ message: "This broker does not exist." }, { status: 404 });
    return redirect(`/admin/earn?done=broker&id=${id}`);
  }

  if (intent === "broker-shown") {
    const actor = await guard(args, "manage:broker:any");
    const id = parseId(values.id ?? "");
    const shown = values.shown === "true";
    const result = id === null ? null : await setBrokerShown(db, actor, id, shown);
    if (!result?.ok) throw data({ message: "This broker does not exist." }, { status: 404 });
    return data<ActionData>({
      intent: "done",
      message: shown ? `${result.name} is shown on /buy again.` : `${result.name} is hidden from /buy.`,
    });
  }

  throw data({ message: "Unknown request." }, { status: 400 });
}

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-brand" />
      {label}
    </label>
  );
}

function ProductEditor({
  product,
  result,
  busy,
}: {
  product: NonNullable<Route.ComponentProps["loaderData"]["editingProduct"]>;
  result: ActionData | undefined;
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

type BrokerRow = Route.ComponentProps["loaderData"]["brokers"][number];

function BrokerEditor({
  broker,
  result,
  busy,
}: {
  broker: BrokerRow | "new";
  result: ActionData | undefined;
  busy: boolean;
}) {
  const failed = result?.intent === "broker" ? result : undefined;
  const initial: BrokerFields =
    broker === "new"
      ? {
          name: "",
          url: "https://",
          imageUrl: "",
          priceText: "",
          sortOrder: 0,
          affiliate: false,
          enabled: true,
        }
      : broker;
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

export default function AdminEarn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { products, pools, brokers, editingProduct, editingBroker } = loaderData;
  const result = actionData as ActionData | undefined;
  const back = (
    <Link to="/admin/earn" className="text-sm font-semibold text-brand underline">
      ← Earn and trade
    </Link>
  );

  if (editingProduct) {
    return (
      <div className="max-w-3xl space-y-4">
        {back}
        <h1 className="text-2xl font-semibold text-ink">Staking product</h1>
        <ProductEditor product={editingProduct} result={result} busy={busy} />
      </div>
    );
  }
  if (editingBroker) {
    return (
      <div className="max-w-3xl space-y-4">
        {back}
        <h1 className="text-2xl font-semibold text-ink">Broker</h1>
        <BrokerEditor broker={editingBroker} result={result} busy={busy} />
      </div>
    );
  }

  const fund = result?.intent === "fund" ? result : undefined;
  const spread = result?.intent === "spread" ? result : undefined;
  const message = result?.intent === "done" ? result.message : loaderData.notice;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Earn and trade</h1>
        <p className="mt-1 text-sm text-muted">
          Staking products, rewards pools, swap treasuries and spread, and the brokers on /buy. Every change
          is written to the audit log.
        </p>
      </header>
      <p
        role="status"
        className={
          message ? "rounded-md bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong" : "sr-only"
        }
      >
        {message}
      </p>

      <Card>
        <CardHeader title="Rewards pools and treasuries" />
        <Table caption="Rewards pools and treasuries by ledger and asset">
          <thead>
            <tr>
              <Th>Ledger</Th>
              <Th>Asset</Th>
              <Th>Pool available</Th>
              <Th>Rewards reserved</Th>
              <Th>Treasury</Th>
            </tr>
          </thead>
          <tbody>
            {pools.map((p) => (
              <tr key={p.key}>
                <Td>{p.ledger}</Td>
                <Td>{p.asset}</Td>
                <Td className="whitespace-nowrap tabular-nums">{p.pool}</Td>
                <Td className="whitespace-nowrap tabular-nums">{p.reserved}</Td>
                <Td className="whitespace-nowrap tabular-nums">{p.treasury}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Form
          method="post"
          noValidate
          aria-label="Fund a rewards pool or a treasury"
          className="grid gap-4 border-t border-line p-5 sm:grid-cols-3"
        >
          <input type="hidden" name="key" value={loaderData.fundingKey} />
          <Select
            label="Ledger"
            name="ledger"
            defaultValue={fund?.values.ledger ?? "real"}
            options={[
              { value: "real", label: "Real" },
              { value: "demo", label: "Demo" },
            ]}
            error={fund?.errors.ledger}
          />
          <Select
            label="Asset"
            name="asset"
            defaultValue={fund?.values.asset ?? "BTC"}
            options={ASSETS.map((a) => ({ value: a, label: a }))}
            error={fund?.errors.asset}
          />
          <Field
            label="Amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={fund?.values.amount ?? ""}
            error={fund?.errors.amount}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-3">
            <Button type="submit" name="intent" value="fund-pool" disabled={busy}>
              Propose rewards pool funding
            </Button>
            <Button type="submit" name="intent" value="fund-treasury" variant="secondary" disabled={busy}>
              Propose treasury funding
            </Button>
            <p className="w-full text-sm text-muted">
              A second admin approves each funding under Approvals before any money moves.
            </p>
          </div>
        </Form>
      </Card>

      <Card>
        <CardHeader title="Swap spread" />
        <Form method="post" noValidate className="flex flex-wrap items-start gap-4 p-5">
          <input type="hidden" name="intent" value="spread" />
          <Field
            label="Spread (basis points, 100 = 1 %)"
            name="spreadBps"
            inputMode="numeric"
            defaultValue={spread?.values.spreadBps ?? String(loaderData.spreadBps)}
            error={spread?.errors.spreadBps}
            className="w-full max-w-xs"
          />
          <Button type="submit" className="sm:mt-7" disabled={busy}>
            Save spread
          </Button>
        </Form>
      </Card>

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
    </div>
  );
}
