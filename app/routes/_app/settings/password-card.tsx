import { KeyRound } from "lucide-react";
import { Form } from "react-router";
import type { SessionUser } from "~/domain/accounts/common.server.ts";
import { Button } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { Field } from "~/ui/field.tsx";
import { Notice, SectionTitle, useBusy } from "./parts.tsx";
import type { ActionAnswer } from "./views.ts";

/** A new password, given the current one; the other devices are signed out. */
export function PasswordCard({ user, answer }: { user: SessionUser; answer: ActionAnswer | undefined }) {
  const busy = useBusy();
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={KeyRound} text="Password" />} />
      <div className="p-5">
        <Notice answer={answer} section="password" />
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="password" />
          <input type="hidden" name="username" value={user.email} autoComplete="username" />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            className="sm:col-span-2"
          />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required />
          <Field
            label="Repeat the new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" busy={busy("password")} busyLabel="Saving...">
              Change password
            </Button>
          </div>
        </Form>
      </div>
    </Card>
  );
}
