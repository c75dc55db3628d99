import { Construction } from "lucide-react";
import { useLocation } from "react-router";
import { ButtonLink } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import type { Route } from "./+types/not-open-yet";
import { pageInfo } from "./page-directory.ts";

export function meta({ location }: Route.MetaArgs) {
  const info = pageInfo(location.pathname);
  return [{ title: `${info.title} · Coinlens` }, { name: "description", content: info.summary }];
}

/** A page whose feature is not open yet: says so plainly instead of showing made-up data. */
export default function NotOpenYet() {
  const location = useLocation();
  const info = pageInfo(location.pathname);
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{info.title}</h1>
      <p className="mt-1 text-muted">{info.summary}</p>
      <Card className="mt-6">
        <EmptyState
          icon={Construction}
          title="This part of Coinlens is not open yet"
          action={
            <ButtonLink to="/" variant="secondary">
              Back to the home page
            </ButtonLink>
          }
        >
          We are building it now. Nothing here touches your money until it is finished and tested.
        </EmptyState>
      </Card>
    </div>
  );
}
