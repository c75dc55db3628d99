import { LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDateTime } from "~/domain/dates.ts";
import { CATEGORY_LABELS } from "~/domain/support/rules.ts";
import { myTicketsView } from "~/domain/support/views.server.ts";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { TicketStatus } from "~/ui/support/ticket-parts.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/index";

export const meta = () => [{ title: "Support · Coinlens" }];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { tickets: await myTicketsView(getDb(), session.user.id) };
}

/** /support: the member's requests, newest activity first, and the way to open one. */
export default function SupportList({ loaderData }: Route.ComponentProps) {
  const { tickets } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Support</h1>
          <p className="text-sm text-muted">
            Ask us anything about your account. We answer here and by e-mail.
          </p>
        </div>
        <ButtonLink to="/support/new">New request</ButtonLink>
      </div>
      <Card>
        {tickets.length === 0 ? (
          <EmptyState icon={LifeBuoy} title="No requests yet">
            When something is unclear or not working, open a request: our team answers in the thread and by
            e-mail.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line" aria-label="Your requests">
            {tickets.map((t) => (
              <li key={t.id}>
                <Link
                  to={`/support/${t.id}`}
                  className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 hover:bg-subtle focus-visible:bg-subtle"
                >
                  <span className="min-w-0 space-y-0.5">
                    <span className="block truncate font-semibold text-ink">{t.subject}</span>
                    <span className="block text-sm text-muted">
                      #{t.id} · {CATEGORY_LABELS[t.category]} · updated {formatDateTime(t.updatedAt)}
                    </span>
                  </span>
                  <TicketStatus status={t.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
