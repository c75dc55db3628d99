import { Outlet } from "react-router";

/**
 * The settings pages. /settings shows every card and answers every card's form, as it always
 * has; /settings/profile, /settings/accounts, /settings/password, /settings/two-factor and
 * /settings/sessions each show one card and answer its forms. The layout has no path of its own,
 * so a form on /settings posts to /settings itself (an index route would post to /settings?index).
 */
export default function SettingsLayout() {
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink">Settings</h1>
        <p className="mt-1 text-muted">Your profile, password, sessions and two-factor sign-in.</p>
      </div>
      <Outlet />
    </div>
  );
}
