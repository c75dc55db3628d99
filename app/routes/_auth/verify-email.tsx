import { CircleCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { verifyEmail } from "~/domain/accounts/recovery.server.ts";
import { safeRedirect } from "~/domain/accounts/schemas.ts";
import { formValues } from "~/domain/forms.ts";
import { Button } from "~/ui/button.tsx";
import { accounts, cookieHeaders, requestMeta } from "~/utils/auth.server.ts";
import type { Route } from "./+types/verify-email";
import { AuthPanel, FormAlert } from "./auth-ui.tsx";

export const meta = () => [{ title: "Confirm your e-mail · Coinlens" }];

// Opening the link only shows a button: a GET never changes state (mail scanners open links).
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // `next`: where the member was going when they signed up (the checkout), a same-site path only.
  return { token: url.searchParams.get("token") ?? "", next: safeRedirect(url.searchParams.get("next"), "") };
}

export async function action(args: Route.ActionArgs) {
  const values = formValues(await args.request.formData());
  const { db, env } = accounts();
  const result = await verifyEmail(db, env, values.token ?? "", requestMeta(args));
  if (!result.ok) return { verified: false, signedIn: false, error: "This link is invalid or has expired." };
  // Signed in by the link, the new member goes straight on to what they chose before signing up.
  const next = safeRedirect(values.next, "");
  if (result.signedIn && next) throw redirect(next, { headers: cookieHeaders(result.setCookies) });
  // The link that confirms a new member's address also signs them in (sign-up does not).
  return data(
    { verified: true, signedIn: result.signedIn, error: undefined },
    { headers: cookieHeaders(result.setCookies) },
  );
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData?.verified) {
    return (
      <AuthPanel title="E-mail confirmed">
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CircleCheck aria-hidden className="size-10 text-positive" />
          <p className="text-ink">Thank you. Your e-mail address is confirmed.</p>
          {actionData.signedIn ? (
            <Link to="/dashboard" className="font-semibold text-brand hover:underline">
              Go to your dashboard
            </Link>
          ) : (
            <Link to="/login" className="font-semibold text-brand hover:underline">
              Sign in
            </Link>
          )}
        </div>
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title="Confirm your e-mail" subtitle="Confirm that this e-mail address is yours.">
      <FormAlert message={actionData?.error} />
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="next" value={loaderData.next} />
        <Button type="submit" className="w-full" busy={busy} disabled={!loaderData.token}>
          Confirm my e-mail address
        </Button>
      </Form>
    </AuthPanel>
  );
}
