import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { AuthPanel } from "./auth-ui.tsx";

export const meta = () => [{ title: "Check your e-mail · Coinlens" }, { name: "robots", content: "noindex" }];

/**
 * Where every successful sign-up lands, for a new address and for one that already has an
 * account alike (ADR 0010 addendum): the words must fit both, and say nothing about which it was.
 */
export default function CheckEmail() {
  return (
    <AuthPanel
      title="Check your e-mail"
      footer={
        <Link to="/login" className="font-semibold text-brand hover:underline">
          Already confirmed? Sign in
        </Link>
      }
    >
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden className="size-10 text-positive" />
        <p className="text-lg font-semibold text-ink">We sent a message to the address you gave.</p>
        <p className="text-sm text-muted">
          Open the link in it to confirm your address and sign in. The link is valid for 24 hours. If the
          address already has an account, the message tells you how to sign in instead.
        </p>
        <p className="text-sm text-muted">Nothing after a few minutes? Check your spam folder.</p>
      </div>
    </AuthPanel>
  );
}
