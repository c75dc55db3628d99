import type { FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { resetPassword } from "~/domain/accounts/recovery.server.ts";
import { firstMessage, resetPasswordSchema } from "~/domain/accounts/schemas.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { accounts, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/reset-password";
import { AuthPanel, FormAlert, useTimedMessage } from "./auth-ui.tsx";

export const meta = () => [{ title: "Choose a new password · Coinlens" }];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token };
}

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstMessage(parsed.error) }, { status: 400 });
  if (!values.token)
    return data({ error: "This reset link is incomplete. Please ask for a new one." }, { status: 400 });
  const { db, env } = accounts();
  const result = await resetPassword(
    db,
    env,
    { token: values.token, password: parsed.data.password },
    requestMeta(args),
  );
  if (!result.ok) return data({ error: result.message }, { status: 400 });
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [message, show] = useTimedMessage(4000, actionData);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = resetPasswordSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      show(firstMessage(parsed.error));
    }
  }

  if (!loaderData.token) {
    return (
      <AuthPanel title="Choose a new password" subtitle="This reset link is incomplete.">
        <Link to="/forgotpassword" className="font-semibold text-brand hover:underline">
          Ask for a new link
        </Link>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel
      title="Choose a new password"
      subtitle="After the change you are signed out everywhere and sign in with the new password."
    >
      <FormAlert message={message} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required />
        <Field
          label="Repeat the new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" className="w-full" busy={busy}>
          Set new password
        </Button>
      </Form>
    </AuthPanel>
  );
}
