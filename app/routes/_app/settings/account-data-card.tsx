import { ChevronRight, FolderDown } from "lucide-react";
import { Link } from "react-router";
import { Card, CardHeader } from "~/ui/card.tsx";
import { SectionTitle } from "./parts.tsx";

/** On /settings: the way to a copy of one's data and to closing the account (ADR 0086). */
export function AccountDataCard() {
  const row = "flex items-center justify-between gap-3 px-5 py-4 hover:bg-subtle";
  return (
    <Card>
      <CardHeader title={<SectionTitle icon={FolderDown} text="Your data and account" />} />
      <ul className="divide-y divide-line text-sm">
        <li>
          <Link to="/settings/data" className={row}>
            <span>
              <span className="block font-medium text-ink">Download all my data</span>
              <span className="block text-muted">
                A ZIP file with your data as JSON and CSV, e-mailed to you.
              </span>
            </span>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" />
          </Link>
        </li>
        <li>
          <Link to="/settings/close" className={row}>
            <span>
              <span className="block font-medium text-ink">Close my account</span>
              <span className="block text-muted">
                Only once your balances are empty and nothing is under way.
              </span>
            </span>
            <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" />
          </Link>
        </li>
      </ul>
    </Card>
  );
}
