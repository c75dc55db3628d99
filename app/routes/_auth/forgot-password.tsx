import { MailCheck } from "lucide-react";
import type { FormEvent } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/domain/accounts/recovery.server.ts";
import { firstMessage, forgotPasswordSchema, messages } from "~/domain/accounts/schemas.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { accounts, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/forgot-password";
import { AuthPanel, FormAlert, useTimedMessage } from "./auth-ui.tsx";

export const meta = () => [{ title: "Reset your password · Coinlens" }];

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstMessage(parsed.error), sent: false }, { status: 400 });
  const { db, env } = accounts();
  // The same answer whether or not the address belongs to a member.
  await requestPasswordReset(db, env, parsed.data.email, requestMeta(args));
  return { sent: true, error: undefined };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [message, show] = useTimedMessage(2000, actionData);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = forgotPasswordSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      show(firstMessage(parsed.error));
    }
  }

  if (actionData?.sent) {
    return (
      <AuthPanel
        title="Reset your password"
        footer={
          <Link to="/login" className="font-semibold text-brand hover:underline">
            Back to sign in
          </Link>
        }
      >
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden className="size-10 text-positive" />
          <p className="text-lg font-semibold text-ink">{messages.emailSent}</p>
          <p className="text-sm text-muted">
            If the address belongs to an account, the link arrives within a few minutes. It works once and
            expires in 1 hour. Check your spam folder too.
          </p>
        </div>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Reset your password"
      subtitle="Enter your user account's verified email address and we will send you a password reset link."
      footer={
        <Link to="/login" className="font-semibold text-brand hover:underline">
          Back to sign in
        </Link>
      }
    >
      <FormAlert message={message} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email address"
          required
        />
        <Button type="submit" className="w-full" busy={busy}>
          Send email
        </Button>
      </Form>
    </AuthPanel>
  );
}
