import { Form } from "react-router";
import { Button } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Select } from "../select.tsx";

const ROLE_OPTIONS = Object.freeze([
  { value: "member", label: "Member (no staff role)" },
  { value: "support", label: "Support: answers tickets, reads members and queues" },
  { value: "analyst", label: "Analyst: writes research in the studio" },
  { value: "admin", label: "Admin: everything (needs a second admin)" },
]);

const ROLE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  member: "Member",
  support: "Support",
  analyst: "Analyst",
  admin: "Admin",
});

export interface PendingRole {
  from: string;
  to: string;
  requestedBy: string;
  requesterEmail: string;
  requestedAt: string;
}

/**
 * An admin sets a member's staff role. To or from admin it is a request a second, different admin
 * approves; the card shows it waiting, with Approve and Reject for anyone but the admin who asked.
 */
export function StaffRoleCard({
  role,
  pending,
  viewerId,
  busy,
}: {
  role: string;
  pending: PendingRole | null;
  viewerId: string;
  busy: boolean;
}) {
  return (
    <Card>
      <CardHeader title="Staff role" />
      <div className="space-y-4 p-5 text-sm">
        <p className="text-muted">
          Now: <span className="font-semibold text-ink">{ROLE_NAMES[role] ?? role}</span>. Staff need
          two-factor sign-in for the back office. Every change is in the audit log.
        </p>
        {pending ? (
          <div
            className="space-y-3 rounded-md border border-warning/40 bg-warning-soft p-4"
            data-testid="pending-role"
          >
            <p className="text-ink">
              {ROLE_NAMES[pending.from]} → <span className="font-semibold">{ROLE_NAMES[pending.to]}</span>,
              asked by {pending.requesterEmail}. Waiting for a second admin.
            </p>
            {pending.requestedBy === viewerId ? (
              <p className="text-muted">You asked for this, so another admin must decide.</p>
            ) : (
              <Form method="post" className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="approve-role" busy={busy}>
                  Approve the change
                </Button>
                <Button type="submit" name="intent" value="reject-role" variant="secondary" busy={busy}>
                  Reject
                </Button>
              </Form>
            )}
          </div>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="from" value={role} />
            <Select
              label="New role"
              name="role"
              defaultValue={role}
              options={[...ROLE_OPTIONS]}
              className="min-w-0 flex-1"
            />
            <Button type="submit" busy={busy}>
              Change role
            </Button>
          </Form>
        )}
      </div>
    </Card>
  );
}
