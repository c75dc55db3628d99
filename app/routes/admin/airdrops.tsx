import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { adminAirdropList } from "~/domain/airdrops/admin.server.ts";
import { STATUS_LABELS } from "~/domain/airdrops/rules.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { Badge } from "~/ui/badge.tsx";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/airdrops";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Airdrops · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "manage:airdrop:any");
  return { airdrops: await adminAirdropList(getDb()) };
}

/** /admin/airdrops: the campaigns members see at /airdrops, and the way to add one. */
export default function AdminAirdrops({ loaderData }: Route.ComponentProps) {
  const { airdrops } = loaderData;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Airdrops</h1>
          <p className="mt-1 text-sm text-muted">
            What members see at /airdrops. Every airdrop needs its official source; an estimated value only
            with the source that states it.
          </p>
        </div>
        <ButtonLink to="/admin/airdrops/new">New airdrop</ButtonLink>
      </header>
      <Card>
        {airdrops.length === 0 ? (
          <p className="p-5 text-muted">No airdrops yet.</p>
        ) : (
          <Table caption="Airdrops">
            <thead>
              <tr>
                <Th>Project</Th>
                <Th>Chain</Th>
                <Th>Status</Th>
                <Th>Deadline</Th>
              </tr>
            </thead>
            <tbody>
              {airdrops.map((a) => (
                <tr key={a.id} className="border-t border-line">
                  <Td>
                    <Link to={`/admin/airdrops/${a.id}`} className="font-semibold text-brand hover:underline">
                      {a.project}
                    </Link>{" "}
                    {a.isSample ? <Badge tone="warning">Sample</Badge> : null}
                  </Td>
                  <Td>{a.chain}</Td>
                  <Td>{STATUS_LABELS[a.status]}</Td>
                  <Td>{a.deadline ? formatDateTime(a.deadline) : "Not announced"}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </div>
  );
}
