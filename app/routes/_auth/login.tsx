import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { firstMessage, messages, safeRedirect, signInSchema } from "~/domain/accounts/schemas.ts";
import { signIn } from "~/domain/accounts/sign-in.server.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { accounts, cookieHeaders, redirectIfSignedIn, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/login";
import { AuthPanel, FormAlert, useTimedMessage } from "./auth-ui.tsx";

export const meta = () => [
  { title: "Sign in · Coinlens" },
  { name: "description", content: "Sign in to your Coinlens account." },
];

const CLEAR_AFTER_MS = 1500;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  await redirectIfSignedIn(args, redirectTo);
  // Straight after "Close my account" (ADR 0086): the member lands here, signed out.
  return { redirectTo, closed: url.searchParams.get("closed") === "1" };
}

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const redirectTo = safeRedirect(values.redirectTo);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) return data({ error: firstMessage(parsed.error) }, { status: 400 });
  const { db, env } = accounts();
  const result = await signIn(db, env, parsed.data, requestMeta(args));
  if (result.ok === "two-factor") {
    return redirect(`/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: cookieHeaders(result.setCookies),
    });
  }
  if (!result.ok) {
    // A disabled account's message stays on screen: it is not a typo to retry (ADR 0055).
    if (result.disabled || result.closed)
      return data({ error: result.message, sticky: true }, { status: 403 });
    const headers = result.retryAfterSeconds
      ? { "Retry-After": String(result.retryAfterSeconds) }
      : undefined;
    // "Wrong e-mail or password." stays until the next attempt: it is not a typo in one field that
    // the member can see, and a message that vanishes in 1.5 s is easily missed.
    const sticky = result.message === messages.wrongCredentials;
    return data(
      { error: result.message, ...(sticky ? { sticky: true as const } : {}) },
      { status: result.retryAfterSeconds ? 429 : 401, headers },
    );
  }
  return redirect(redirectTo, { headers: cookieHeaders(result.setCookies) });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const stickyAnswer = actionData && "sticky" in actionData ? actionData.error : undefined;
  const [message, show] = useTimedMessage(CLEAR_AFTER_MS, stickyAnswer ? undefined : actionData);
  // Until the next attempt: cleared when the form is sent again, set by each new answer.
  const [sticky, setSticky] = useState(stickyAnswer);
  useEffect(
    () => setSticky(actionData && "sticky" in actionData ? actionData.error : undefined),
    [actionData],
  );

  function validate(event: FormEvent<HTMLFormElement>) {
    setSticky(undefined);
    const parsed = signInSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      show(firstMessage(parsed.error));
    }
  }

  // A member-to-be sent to sign in on the way to somewhere (the checkout) keeps that destination.
  const signupHref =
    loaderData.redirectTo === "/dashboard"
      ? "/signup"
      : `/signup?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthPanel
      title="Welcome back"
      subtitle="Sign in to your account."
      footer={
        <Link to={signupHref} className="font-semibold text-brand hover:underline">
          Not a member yet? Sign up
        </Link>
      }
    >
      {loaderData.closed ? (
        <p
          role="status"
          className="mb-4 rounded-md bg-positive-soft px-3 py-2 text-sm font-medium text-positive"
        >
          Your account is closed and every device is signed out. We sent you an e-mail about what we keep and
          for how long.
        </p>
      ) : null}
      <FormAlert message={message ?? sticky} />
      <Form method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="flex justify-end">
          <Link to="/forgotpassword" className="text-sm font-semibold text-brand hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          Sign In
        </Button>
      </Form>
    </AuthPanel>
  );
}
