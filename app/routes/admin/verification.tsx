import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { hasPermission } from "~/domain/payments/permissions.ts";
import { listReviewQueue } from "~/domain/verification/review.server.ts";
import { Card } from "~/ui/card.tsx";
import type { Route } from "./+types/verification";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Verification · Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const staff = await requirePermission(args, "review:verification:any");
  return {
    queue: await listReviewQueue(getDb()),
    canEditSettings: hasPermission(staff.session.user.role, "update:verification-settings:any"),
  };
}

/** /admin/verification: identity checks waiting for review, oldest first (four eyes for tier 2). */
export default function AdminVerification({ loaderData }: Route.ComponentProps) {
  const { queue, canEditSettings } = loaderData;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Verification</h1>
          <p className="mt-1 text-sm text-muted">
            Identity documents waiting for review. Tier 2 needs two different staff to approve; nobody reviews
            their own.
          </p>
        </div>
        {canEditSettings ? (
          <Link
            to="/admin/verification/settings"
            className="text-sm font-semibold text-brand hover:underline"
          >
            Limits and countries
          </Link>
        ) : null}
      </header>
      <Card className="overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">Verification requests waiting for review</caption>
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Request
              </th>
              <th scope="col" className="px-4 py-3">
                Member
              </th>
              <th scope="col" className="px-4 py-3">
                Approvals
              </th>
              <th scope="col" className="px-4 py-3">
                Sent
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {queue.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-8 text-center text-muted">
                  Nothing is waiting for review.
                </td>
              </tr>
            ) : (
              queue.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/verification/${r.id}`}
                      className="font-semibold text-brand hover:underline"
                    >
                      #{r.id} · tier {r.tier}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-ink">{r.email}</td>
                  <td className="px-4 py-3 text-ink">{r.approvals} of 2</td>
                  <td className="px-4 py-3 text-muted">
                    <time dateTime={r.createdAt}>{r.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
