import { data, Form, Link, redirect, useNavigation } from "react-router";
import { firstMessage, safeRedirect, secondFactorSchema } from "~/domain/accounts/schemas.ts";
import { completeSecondFactor } from "~/domain/accounts/sign-in.server.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { accounts, cookieHeaders, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/two-factor";
import { AuthPanel, FormAlert, useTimedMessage } from "./auth-ui.tsx";

export const meta = () => [{ title: "Two-factor sign-in · Coinlens" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/two_factor=/.test(request.headers.get("cookie") ?? "")) throw redirect("/login");
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    method: url.searchParams.get("method") === "recovery" ? ("recovery" as const) : ("totp" as const),
  };
}

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const parsed = secondFactorSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstMessage(parsed.error) }, { status: 400 });
  const { db, env } = accounts();
  const result = await completeSecondFactor(db, env, parsed.data, requestMeta(args));
  if (!result.ok) return data({ error: result.message }, { status: result.retryAfterSeconds ? 429 : 401 });
  return redirect(safeRedirect(values.redirectTo), { headers: cookieHeaders(result.setCookies) });
}

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [message] = useTimedMessage(4000, actionData);
  const recovery = loaderData.method === "recovery";
  const other = new URLSearchParams({
    redirectTo: loaderData.redirectTo,
    method: recovery ? "totp" : "recovery",
  });
  return (
    <AuthPanel
      title="Two-factor sign-in"
      subtitle={
        recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : "Enter the 6-digit code from your authenticator app."
      }
      footer={
        <Link to={`/login/two-factor?${other}`} className="font-semibold text-brand hover:underline">
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </Link>
      }
    >
      <FormAlert message={message} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="method" value={loaderData.method} />
        {recovery ? (
          <Field label="Recovery code" name="code" autoComplete="off" required spellCheck={false} />
        ) : (
          <Field
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
          />
        )}
        <Button type="submit" className="w-full" busy={busy}>
          Verify
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-muted hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthPanel>
  );
}
