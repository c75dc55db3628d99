import { Radar } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatWithSymbol } from "~/domain/money/amount.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { noteAction } from "~/domain/smart-money/actions.server.ts";
import { smartMoneyAddress } from "~/domain/smart-money/smart-money.server.ts";
import { ASSET_OF, CATEGORY_LABELS } from "~/domain/smart-money/transfers.ts";
import { ExternalAnchor } from "~/ui/airdrops/airdrop-card.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { BalanceChart, BalanceTable } from "~/ui/smart-money/balance-chart.tsx";
import { TransferList } from "~/ui/smart-money/transfer-list.tsx";
import { requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/address";

export const meta = ({ loaderData: loaded }: Route.MetaArgs) => [
  { title: `${loaded?.address.label ?? "Address"} · Smart money · Coinlens` },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const page = await smartMoneyAddress(getDb(), args.params.address);
  if (!page) throw data("Not found", { status: 404 });
  return { ...page, annotate: hasPermission(session.user.role, "annotate:transfer:any") };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const result = await noteAction(getDb(), session, await args.request.formData(), requestMeta(args).ip);
  if ("status" in result) throw data(result.message, { status: result.status });
  return result;
}

/** /smart-money/:address: one labelled address, its balance over time and its large transfers. */
export default function SmartMoneyAddress({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { address, balances, transfers, annotate } = loaderData;
  const asset = ASSET_OF[address.chain];
  const latest = balances.at(-1);
  const sample = address.isSample || balances.some((b) => b.isSample) || transfers.some((t) => t.isSample);
  return (
    <div className="container-page max-w-5xl space-y-6 py-6 sm:py-8">
      <div className="space-y-2">
        <p className="text-sm">
          <Link to="/smart-money" className="font-semibold text-brand hover:underline">
            ← Smart money
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{address.label}</h1>
          {address.isSample ? <Badge tone="warning">Sample</Badge> : null}
        </div>
        <p className="text-sm text-muted">
          {CATEGORY_LABELS[address.category]} · {address.chain === "bitcoin" ? "Bitcoin" : "TRON (USDT)"} ·{" "}
          <span className="font-mono break-all">{address.address}</span>
        </p>
        <p className="text-sm">
          <ExternalAnchor href={address.sourceUrl} context={`of the label ${address.label}`}>
            Source of this label
          </ExternalAnchor>
        </p>
      </div>
      {address.isSample ? (
        <p className="rounded-md border border-warning bg-warning-soft px-4 py-3 text-sm text-ink">
          <strong>Sample data.</strong> A fictional address on a simulated chain: its balance and transfers
          are not real.
        </p>
      ) : null}
      <Card>
        <CardHeader
          title="Balance"
          action={
            latest ? (
              <span className="text-sm font-semibold text-ink">
                {formatWithSymbol(BigInt(latest.balanceMinor), asset)}
              </span>
            ) : null
          }
        />
        <div className="space-y-4 p-5">
          {balances.length === 0 ? (
            <p className="text-sm text-muted">
              No balance read yet: the first reading comes with the next poll.
            </p>
          ) : (
            <>
              <BalanceChart points={balances} asset={asset} />
              <BalanceTable points={balances} asset={asset} />
            </>
          )}
        </div>
      </Card>
      <Card>
        <CardHeader title="Large transfers" />
        {transfers.length === 0 ? (
          <EmptyState icon={Radar} title="No large transfers yet">
            Transfers of $1,000,000 or more of this address appear here.
          </EmptyState>
        ) : (
          <TransferList
            transfers={transfers}
            annotate={annotate}
            showAddress={false}
            errors={actionData && !actionData.ok ? actionData.errors : undefined}
          />
        )}
      </Card>
    </div>
  );
}
