import { NavLink, Outlet } from "react-router";
import { cn } from "~/ui/cn.ts";

/**
 * The settings pages. /settings shows every card and answers every card's form, as it always
 * has; /settings/profile, /settings/accounts, /settings/password, /settings/two-factor and
 * /settings/sessions each show one card and answer its forms; /settings/billing is the membership
 * (plan, renewal, invoices). The layout has no path of its own, so a form on /settings posts to
 * /settings itself (an index route would post to /settings?index).
 */
export default function SettingsLayout() {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      "-mb-px border-b-2 px-3 py-2 text-sm font-semibold",
      isActive ? "border-brand text-brand-strong" : "border-transparent text-muted hover:text-ink",
    );
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Settings</h1>
        <p className="mt-1 text-muted">
          Your profile, password, sessions, two-factor sign-in, membership and verification.
        </p>
        <nav aria-label="Settings sections" className="mt-4 border-b border-line">
          <ul className="flex gap-1">
            <li>
              <NavLink to="/settings" end className={link}>
                Account
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings/billing" className={link}>
                Billing
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings/verification" className={link}>
                Verification
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
