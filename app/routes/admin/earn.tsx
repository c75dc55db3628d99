// /admin/earn: staking product terms, rewards pools and treasuries, the swap spread and /buy's
// brokers. One page with one URL; each section's form names its intent, and the action hands it
// to that section's module (./earn/*.server.ts) once the permission it needs is checked.
import { randomUUID } from "node:crypto";
import type { ReactNode } from "react";
import { data, Link, useNavigation } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { earnAdminPage } from "~/domain/earn/admin-page.server.ts";
import type { EarnActionData, EarnSubmission } from "~/domain/earn/admin-views.ts";
import { formValues } from "~/domain/forms.ts";
import type { Permission } from "~/domain/payments/permissions.ts";
import { BrokerEditor, BrokersCard } from "~/ui/admin/earn/brokers.tsx";
import { PoolsCard } from "~/ui/admin/earn/pools.tsx";
import { ProductEditor, ProductsCard } from "~/ui/admin/earn/products.tsx";
import { ReferralRewardCard } from "~/ui/admin/earn/referral.tsx";
import { SpreadCard } from "~/ui/admin/earn/spread.tsx";
import type { Route } from "./+types/earn";
import { saveBroker, showBroker } from "./earn/brokers.server.ts";
import { proposePoolFunding } from "./earn/pools.server.ts";
import { saveProduct } from "./earn/products.server.ts";
import { saveReferralReward } from "./earn/referral.server.ts";
import { saveSpread } from "./earn/spread.server.ts";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePaymentPermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Earn and trade · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePaymentPermission(args, "read:earn:any");
  const page = await earnAdminPage(getDb(), new URL(args.request.url).searchParams);
  return { ...page, fundingKey: randomUUID() };
}

type SectionAction = (submission: EarnSubmission) => Promise<unknown>;

/** The section that answers an intent, and the permission it needs; undefined for anything else. */
function sectionFor(intent: string): { permission: Permission; act: SectionAction } | undefined {
  switch (intent) {
    case "product":
      return { permission: "update:staking-product:any", act: saveProduct };
    case "fund-pool":
      return { permission: "fund:rewards-pool:any", act: proposePoolFunding };
    case "fund-treasury":
      return { permission: "fund:treasury:any", act: proposePoolFunding };
    case "spread":
      return { permission: "update:swap-spread:any", act: saveSpread };
    case "referral":
      return { permission: "update:referral-reward:any", act: saveReferralReward };
    case "broker":
      return { permission: "manage:broker:any", act: saveBroker };
    case "broker-shown":
      return { permission: "manage:broker:any", act: showBroker };
    default:
      return undefined;
  }
}

export async function action(args: Route.ActionArgs) {
  // Signed in as staff with two-factor at all, before reading anything the request sent.
  await requirePaymentPermission(args, "read:earn:any");
  const values = formValues(await args.request.formData());
  const intent = values.intent ?? "";
  const section = sectionFor(intent);
  if (!section) throw data({ message: "Unknown request." }, { status: 400 });
  const { adminId, ip, userAgent } = await requirePaymentPermission(args, section.permission);
  return section.act({ actor: { adminId, ip, userAgent }, intent, values });
}

function EditorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/earn" className="text-sm font-semibold text-brand underline">
        ← Earn and trade
      </Link>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {children}
    </div>
  );
}

export default function AdminEarn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { editingProduct, editingBroker } = loaderData;
  const result = actionData as EarnActionData | undefined;

  if (editingProduct) {
    return (
      <EditorPage title="Staking product">
        <ProductEditor product={editingProduct} result={result} busy={busy} />
      </EditorPage>
    );
  }
  if (editingBroker) {
    return (
      <EditorPage title="Broker">
        <BrokerEditor broker={editingBroker} result={result} busy={busy} />
      </EditorPage>
    );
  }

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
      <PoolsCard pools={loaderData.pools} fundingKey={loaderData.fundingKey} result={result} busy={busy} />
      <SpreadCard spreadBps={loaderData.spreadBps} result={result} busy={busy} />
      <ReferralRewardCard reward={loaderData.referralReward} result={result} busy={busy} />
      <ProductsCard products={loaderData.products} />
      <BrokersCard brokers={loaderData.brokers} busy={busy} />
    </div>
  );
}
