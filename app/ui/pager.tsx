// One pager for every paged list: the link to the page before, the link to the page after (each
// only where there is such a page) and where the reader is. Member pages show it as buttons on
// either side of "Page n of m"; back-office tables as a count on the left and text links on the
// right. The caller names the links, so a short visible word can carry a fuller accessible name.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "./button.tsx";

interface PagerCommon {
  /** The navigation landmark's accessible name ("Pagination", "News pages", "Pages"). */
  label: string;
  page: number;
  pageCount: number;
  /** The address of page `n`, with the list's filters kept. */
  href: (page: number) => string;
  previous: ReactNode;
  next: ReactNode;
}

export type PagerProps =
  | (PagerCommon & { variant: "buttons" })
  | (PagerCommon & {
      variant: "links";
      /** Leads the summary: "12 members" reads "12 members · page 1 of 2". */
      count: string;
    });

export function Pager(props: PagerProps) {
  const { label, page, pageCount, href, previous, next } = props;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  if (props.variant === "links") {
    const linkClass = "font-semibold text-brand hover:underline";
    return (
      <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-muted">
          {props.count} · page {page} of {pageCount}
        </p>
        <div className="flex gap-2">
          {hasPrevious ? (
            <Link to={href(page - 1)} rel="prev" className={linkClass}>
              {previous}
            </Link>
          ) : null}
          {hasNext ? (
            <Link to={href(page + 1)} rel="next" className={linkClass}>
              {next}
            </Link>
          ) : null}
        </div>
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {hasPrevious ? (
        <ButtonLink to={href(page - 1)} variant="secondary" size="sm" rel="prev">
          {previous}
        </ButtonLink>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted" aria-current="page">
        Page {page} of {pageCount}
      </span>
      {hasNext ? (
        <ButtonLink to={href(page + 1)} variant="secondary" size="sm" rel="next">
          {next}
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The page a list's address asks for: `page=n` from 1 to 100,000, page 1 for anything else. */
export function pageNumber(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** `path` with the filters that are set and, past the first page, `page=n`: "/admin/audit?actor=x&page=2". */
export function pageHref(path: string, filters: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
