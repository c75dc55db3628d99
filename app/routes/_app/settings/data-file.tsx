import { ArrowLeft, Download } from "lucide-react";
import { data, Link } from "react-router";
import { dataFileView } from "~/domain/account-data/settings.server.ts";
import { buttonClass } from "~/ui/button.tsx";
import { Card, CardHeader } from "~/ui/card.tsx";
import { accounts, requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/data-file";
import { ExportStatus, sizeText } from "./data-card.tsx";
import { formatDate, SectionTitle } from "./parts.tsx";

export const meta = () => [{ title: "Your data · Settings · Coinlens" }];

/**
 * The e-mailed link's page: the signed-in member's own file (sign-in first, then back here).
 * Another member's id, or one that does not exist, is 404 alike.
 */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { db, env } = accounts();
  const file = await dataFileView(db, session.user.id, args.params.id, env.clock.now());
  if (!file) throw data("Not Found", { status: 404 });
  return { file };
}

export default function DataFile({ loaderData }: Route.ComponentProps) {
  const { file } = loaderData;
  return (
    <>
      <Link
        to="/settings/data"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Download all my data
      </Link>
      <Card>
        <CardHeader
          title={<SectionTitle icon={Download} text="Your data" />}
          action={<ExportStatus status={file.status} />}
        />
        <div className="space-y-4 p-5 text-sm">
          {file.status === "ready" ? (
            <>
              <p className="text-muted">
                One ZIP file ({sizeText(file.size)}): README.txt says what each part holds, data.json holds
                everything, and the csv folder the same as one spreadsheet per section.
                {file.expiresAt ? ` You can download it until ${formatDate(file.expiresAt)}.` : null}
              </p>
              <a href={`/settings/data/${file.id}/download`} download className={buttonClass("primary")}>
                <Download aria-hidden className="size-4" />
                Download the ZIP file
              </a>
            </>
          ) : file.status === "queued" ? (
            <p className="text-muted">We are still preparing it. We will e-mail you when it is ready.</p>
          ) : (
            <p className="text-muted">
              {file.status === "expired"
                ? "This file has expired and is deleted. "
                : "We could not prepare this file. "}
              <Link to="/settings/data" className="font-medium text-brand hover:underline">
                Ask for a new one
              </Link>
              .
            </p>
          )}
        </div>
      </Card>
    </>
  );
}
