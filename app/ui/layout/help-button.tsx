import { LifeBuoy } from "lucide-react";
import { Link, useLocation } from "react-router";

/**
 * The Help button on every signed-in page (issue 20): opens a support request that remembers the
 * page it came from, so support sees where the member was. On /support itself it leads to the list.
 */
export function HelpButton() {
  const { pathname } = useLocation();
  const to = pathname.startsWith("/support")
    ? "/support"
    : `/support/new?from=${encodeURIComponent(pathname)}`;
  return (
    <Link
      to={to}
      className="grid size-10 place-items-center rounded-full text-ink hover:bg-subtle focus-visible:bg-subtle"
      title="Help"
    >
      <LifeBuoy aria-hidden className="size-5" />
      <span className="sr-only">Help and support</span>
    </Link>
  );
}
