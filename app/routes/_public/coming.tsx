import { ArrowLeft, Hourglass } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";

export const meta = () => [{ title: "Coming Soon · Coinlens" }];

/**
 * Back goes to the page the visitor came from, but never off the site: a tab opened directly on
 * /coming (or arriving from a search engine) goes to the home page instead.
 */
function useBackWithinSite() {
  const navigate = useNavigate();
  return () => {
    // React Router numbers the history entries of one page load from 0: above 0 we got here in-app.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) return navigate(-1);
    // A full page load from another page of this site (the referrer) can go back to it too.
    const referrer = document.referrer ? new URL(document.referrer) : undefined;
    if (referrer?.origin === window.location.origin && window.history.length > 1)
      return window.history.back();
    return navigate("/");
  };
}

export default function ComingSoon() {
  const goBack = useBackWithinSite();
  return (
    <div className="container-page py-16">
      <Card className="mx-auto max-w-xl">
        <EmptyState
          icon={Hourglass}
          headingLevel={1}
          title={<span className="text-2xl">Coming Soon</span>}
          action={
            <Button variant="secondary" onClick={goBack}>
              <ArrowLeft aria-hidden className="size-4" />
              Back
            </Button>
          }
        >
          We are putting the finishing touches on this feature. It will appear here as soon as it is ready.
        </EmptyState>
      </Card>
    </div>
  );
}
