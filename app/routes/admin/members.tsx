import { Search, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { listMembers } from "~/domain/members/members.server.ts";
import { MEMBER_STATUS_LABELS, memberStatus, parseMemberStatus } from "~/domain/members/status.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { Field } from "~/ui/field.tsx";
import { Pager, pageHref, pageNumber } from "~/ui/pager.tsx";
import { Select } from "~/ui/select.tsx";
import { Table, Td, Th } from "~/ui/table.tsx";
import type { Route } from "./+types/members";
import { AdminErrorBoundary } from "./forbidden.tsx";
import { requirePermission } from "./payments-guard.server.ts";

export const ErrorBoundary = AdminErrorBoundary;

export const meta = () => [{ title: "Members · Admin" }, { name: "robots", content: "noindex" }];

function readQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const status = parseMemberStatus(url.searchParams.get("status"));
  return { q, status, page: pageNumber(url.searchParams) };
}

export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "read:member:any");
  const query = readQuery(new URL(args.request.url));
  const result = await listMembers(getDb(), {
    query: query.q,
    ...(query.status ? { status: query.status } : {}),
    page: query.page,
  });
  return {
    query,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    members: result.rows.map((m) => ({
      id: m.id,
      email: m.email,
      name: m.name,
      role: m.role,
      emailVerified: m.emailVerified,
      twoFactorEnabled: m.twoFactorEnabled,
      status: memberStatus(m),
      joined: formatDate(m.createdAt),
    })),
  };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { query, members, page, pageCount, total } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-ink">Members</h1>
        <p className="text-sm text-muted">
          Find a member by e-mail, name or id; open one to see their accounts, balances and operations.
        </p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Members">
        <Field
          label="Search members"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="E-mail, name or member id"
          autoComplete="off"
          className="min-w-0 flex-1 basis-64"
        />
        <Select
          label="Status"
          name="status"
          defaultValue={query.status ?? ""}
          options={[
            { value: "", label: "All members" },
            { value: "active", label: MEMBER_STATUS_LABELS.active.text },
            { value: "disabled", label: MEMBER_STATUS_LABELS.disabled.text },
            { value: "closed", label: MEMBER_STATUS_LABELS.closed.text },
          ]}
          className="w-44"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden className="size-4" />
          Search
        </Button>
      </Form>
      <Card>
        {members.length === 0 ? (
          <EmptyState icon={Users} title="No member matches">
            Try part of the e-mail address, or clear the search.
          </EmptyState>
        ) : (
          <Table caption="Members" className="min-w-[44rem]">
            <thead>
              <tr>
                <Th>Member</Th>
                <Th>Role</Th>
                <Th>Security</Th>
                <Th>Status</Th>
                <Th>Joined</Th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <Td className="max-w-72">
                    <Link
                      to={`/admin/members/${encodeURIComponent(m.id)}`}
                      className="font-semibold text-brand hover:underline"
                    >
                      {m.name}
                    </Link>
                    <p className="truncate text-muted">{m.email}</p>
                  </Td>
                  <Td className="capitalize">{m.role}</Td>
                  <Td>
                    <span className="flex flex-wrap gap-1">
                      <Badge tone={m.twoFactorEnabled ? "positive" : "neutral"}>
                        {m.twoFactorEnabled ? "Two-factor on" : "Two-factor off"}
                      </Badge>
                      {m.emailVerified ? null : <Badge tone="warning">E-mail not confirmed</Badge>}
                    </span>
                  </Td>
                  <Td>
                    <Badge tone={MEMBER_STATUS_LABELS[m.status].tone}>
                      {MEMBER_STATUS_LABELS[m.status].text}
                    </Badge>
                  </Td>
                  <Td className="whitespace-nowrap">{m.joined}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
      <Pager
        variant="links"
        label="Pages"
        count={`${total} ${total === 1 ? "member" : "members"}`}
        page={page}
        pageCount={pageCount}
        href={(n) => pageHref("/admin/members", { q: query.q, status: query.status }, n)}
        previous="Previous page"
        next="Next page"
      />
    </div>
  );
}
