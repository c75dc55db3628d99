// /admin/membership's subscribers: search by e-mail or name, filter by status, one row each.
import { BadgeCheck, Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { SubscriberQuery, SubscribersView } from "~/domain/membership/admin-views.ts";
import { Badge, type BadgeTone } from "../../badge.tsx";
import { Button } from "../../button.tsx";
import { Card } from "../../card.tsx";
import { EmptyState } from "../../empty-state.tsx";
import { Field } from "../../field.tsx";
import { Pager, pageHref } from "../../pager.tsx";
import { Select } from "../../select.tsx";
import { Table, Td, Th } from "../../table.tsx";

const TONE: Record<string, BadgeTone> = { active: "positive", past_due: "warning", expired: "neutral" };

export function SubscribersSection({
  subscribers,
  query,
}: {
  subscribers: SubscribersView;
  query: SubscriberQuery;
}) {
  const { rows, total, page, pageCount } = subscribers;
  return (
    <section aria-labelledby="subscribers-heading" className="space-y-3">
      <h2 id="subscribers-heading" className="text-lg font-semibold text-ink">
        Subscribers
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Subscribers">
        <Field
          label="Search subscribers"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="E-mail or name"
          autoComplete="off"
          className="min-w-0 flex-1 basis-64"
        />
        <Select
          label="Status"
          name="status"
          defaultValue={query.status ?? ""}
          options={[
            { value: "", label: "Every status" },
            { value: "active", label: "Active" },
            { value: "past_due", label: "Payment due" },
            { value: "expired", label: "Expired" },
          ]}
          className="w-44"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="size-4" />
          Search
        </Button>
      </Form>
      <Card>
        {rows.length === 0 ? (
          <EmptyState
            icon={BadgeCheck}
            title={query.q || query.status ? "No subscriber matches" : "No subscribers yet"}
          >
            {query.q || query.status
              ? "Try part of the e-mail address, or clear the search."
              : "Members who pay for a plan appear here."}
          </EmptyState>
        ) : (
          <Table caption="Subscribers" className="min-w-[48rem]">
            <thead>
              <tr>
                <Th>Member</Th>
                <Th>Plan</Th>
                <Th>Paid by</Th>
                <Th className="text-right">Price (USD)</Th>
                <Th>Status</Th>
                <Th>Until</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`subscriber-${r.email}`}>
                  <Td className="max-w-72">
                    <Link
                      to={`/admin/members/${encodeURIComponent(r.userId)}`}
                      className="font-semibold text-brand hover:underline"
                    >
                      {r.name}
                    </Link>
                    <p className="truncate text-muted">{r.email}</p>
                  </Td>
                  <Td>
                    {r.plan} · {r.period}
                  </Td>
                  <Td>{r.method}</Td>
                  <Td className="text-right tabular-nums">{r.price}</Td>
                  <Td>
                    <Badge tone={TONE[r.status] ?? "neutral"}>{r.statusLabel}</Badge>
                  </Td>
                  <Td className="whitespace-nowrap">{r.periodEnd}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pager
        variant="links"
        label="Subscriber pages"
        count={`${total} ${total === 1 ? "subscription" : "subscriptions"}`}
        page={page}
        pageCount={pageCount}
        href={(n) => pageHref("/admin/membership", { q: query.q, status: query.status }, n)}
        previous="Previous page"
        next="Next page"
      />
    </section>
  );
}
