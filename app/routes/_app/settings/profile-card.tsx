import { UserRound } from "lucide-react";
import { Form } from "react-router";
import type { SessionUser } from "~/domain/accounts/common.server.ts";
import { Badge } from "~/ui/badge.tsx";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Notice, SectionTitle, useBusy } from "./parts.tsx";
import type { ActionAnswer } from "./views.ts";

/** The member's name, and their e-mail address with a new confirmation link while it is not confirmed. */
export function ProfileCard({ user, answer }: { user: SessionUser; answer: ActionAnswer | undefined }) {
  const busy = useBusy();
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={UserRound} text="Profile" />} />
      <div className="space-y-5 p-5">
        <Notice answer={answer} section="profile" />
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="First name"
            name="firstName"
            defaultValue={user.firstName}
            autoComplete="given-name"
            required
          />
          <Field
            label="Last name"
            name="lastName"
            defaultValue={user.lastName}
            autoComplete="family-name"
            required
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" busy={busy("profile")} busyLabel="Saving...">
              Save name
            </Button>
          </div>
        </Form>
        <div className="border-t border-line pt-5">
          <p className="text-sm font-medium text-ink">E-mail</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-ink">{user.email}</span>
            <Badge tone="brand">Primary</Badge>
            {user.emailVerified ? (
              <Badge tone="positive">Verified</Badge>
            ) : (
              <Badge tone="warning">Not verified</Badge>
            )}
          </div>
          {user.emailVerified ? null : (
            <Form method="post" className="mt-3">
              <Notice answer={answer} section="verify" />
              <input type="hidden" name="intent" value="resend-verification" />
              <p className="mb-2 text-sm text-muted">
                Confirm your address to deposit, withdraw, stake or swap. The link we sent is valid for 24
                hours.
              </p>
              <Button type="submit" variant="secondary" size="sm" busy={busy("resend-verification")}>
                Send a new link
              </Button>
            </Form>
          )}
        </div>
      </div>
    </Card>
  );
}
