import { Radar } from "lucide-react";
import { data, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { noteAction } from "~/domain/smart-money/actions.server.ts";
import { smartMoneyFeed } from "~/domain/smart-money/smart-money.server.ts";
import { CATEGORY_LABELS } from "~/domain/smart-money/transfers.ts";
import { ExternalAnchor } from "~/ui/airdrops/airdrop-card.tsx";
import { Badge } from "~/ui/badge.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { useKeptAnswer } from "~/ui/live/use-kept-answer.ts";
import { TransferList } from "~/ui/smart-money/transfer-list.tsx";
import { requestMeta, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Smart money · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return {
    ...(await smartMoneyFeed(getDb(), 30)),
    annotate: hasPermission(session.user.role, "annotate:transfer:any"),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireSession(args);
  const result = await noteAction(getDb(), session, await args.request.formData(), requestMeta(args).ip);
  if ("status" in result) throw data(result.message, { status: result.status });
  return result;
}

/** /smart-money: large transfers of labelled public addresses, newest first. */
export default function SmartMoney({ loaderData, actionData: answered }: Route.ComponentProps) {
  // Kept through the live re-reads the account stream starts (useKeptAnswer).
  const actionData = useKeptAnswer(answered);
  const { addresses, transfers, annotate } = loaderData;
  const sample = addresses.some((a) => a.isSample) || transfers.some((t) => t.isSample);
  return (
    <div className="container-page max-w-5xl space-y-6 py-6 sm:py-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Smart money</h1>
        <p className="max-w-3xl text-sm text-muted">
          Large transfers of public addresses that exchanges, funds and large holders are known to use, on
          Bitcoin and TRON (USDT). Each label links the source that attributes it. Money moving to an exchange
          often comes before a sale; money leaving one, before holding. Neither is advice.
        </p>
      </div>
      {sample ? (
        <p className="rounded-md border border-warning bg-warning-soft px-4 py-3 text-sm text-ink">
          <strong>Sample data.</strong> This installation watches fictional addresses on a simulated chain;
          the transfers and balances marked Sample are not real.
        </p>
      ) : null}
      <Card>
        <CardHeader title="Addresses we watch" />
        {addresses.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted">No addresses are watched yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {addresses.map((a) => (
              <li
                key={`${a.chain}:${a.address}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3"
              >
                <Link to={`/smart-money/${a.address}`} className="font-semibold text-brand hover:underline">
                  {a.label}
                </Link>
                <span className="text-sm text-muted">
                  {CATEGORY_LABELS[a.category]} · {a.chain === "bitcoin" ? "Bitcoin" : "TRON"}
                </span>
                {a.isSample ? <Badge tone="warning">Sample</Badge> : null}
                <span className="text-sm">
                  <ExternalAnchor href={a.sourceUrl} context={`of the label ${a.label}`}>
                    Label source
                  </ExternalAnchor>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <CardHeader title="Large transfers" />
        {transfers.length === 0 ? (
          <EmptyState icon={Radar} title="No large transfers yet">
            Transfers of $1,000,000 or more appear here within minutes of being confirmed.
          </EmptyState>
        ) : (
          <TransferList
            transfers={transfers}
            annotate={annotate}
            errors={actionData && !actionData.ok ? actionData.errors : undefined}
          />
        )}
      </Card>
    </div>
  );
}
