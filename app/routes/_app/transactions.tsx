import { Download, ListFilter, ReceiptText } from "lucide-react";
import { useState } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation, useSubmit } from "react-router";
import { getDb } from "~/db/db.server.ts";
import { memberStatementYears } from "~/domain/exports/tax-exports.server.ts";
import { listOperations } from "~/domain/ledger/history.server.ts";
import {
  HISTORY_PERIOD_LABELS,
  HISTORY_PERIODS,
  type HistoryFilter,
  historyRowJson,
  historySearchParams,
  isFiltered,
  parseHistoryQuery,
} from "~/domain/ledger/history.ts";
import {
  LEDGER_LABELS,
  LEDGERS,
  OPERATION_STATUS_LABELS,
  OPERATION_STATUSES,
  OPERATION_TYPE_LABELS,
  OPERATION_TYPES,
} from "~/domain/ledger/types.ts";
import { Button, ButtonLink, buttonClass } from "~/ui/button.tsx";
import { Card } from "~/ui/card.tsx";
import { Dialog } from "~/ui/dialog.tsx";
import { EmptyState } from "~/ui/empty-state.tsx";
import { TaxExportsCard } from "~/ui/exports/tax-exports-card.tsx";
import { Pager } from "~/ui/pager.tsx";
import { Select } from "~/ui/select.tsx";
import { Table, Th } from "~/ui/table.tsx";
import { HistoryListItem, HistoryTableRow } from "~/ui/transactions/history-row.tsx";
import { requireSession } from "~/utils/auth.server.ts";
import type { Route } from "./+types/transactions";

export const meta = () => [
  { title: "Transactions · Coinlens" },
  { name: "description", content: "Every deposit, withdrawal, stake, reward, swap and membership payment." },
];

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { filter, page } = parseHistoryQuery(new URL(args.request.url).searchParams);
  const db = getDb();
  const [result, taxYears] = await Promise.all([
    listOperations(db, { userId: session.user.id, filter, page }),
    memberStatementYears(db, { userId: session.user.id, now: new Date() }),
  ]);
  return {
    filter,
    rows: result.rows.map(historyRowJson),
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    pageSize: result.pageSize,
    taxYears,
  };
}

function withQuery(path: string, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The four filters as native selects; `idPrefix` keeps ids unique between the bar and the dialog. */
function FilterFields({
  filter,
  idPrefix,
  onChange,
}: {
  filter: HistoryFilter;
  idPrefix: string;
  onChange?: (form: HTMLFormElement) => void;
}) {
  const change = onChange
    ? (e: React.ChangeEvent<HTMLSelectElement>) => {
        if (e.currentTarget.form) onChange(e.currentTarget.form);
      }
    : undefined;
  return (
    <>
      <Select
        id={`${idPrefix}-period`}
        label="Period"
        name="period"
        defaultValue={filter.period}
        onChange={change}
        options={HISTORY_PERIODS.map((p) => ({ value: p, label: HISTORY_PERIOD_LABELS[p] }))}
      />
      <Select
        id={`${idPrefix}-type`}
        label="Transaction type"
        name="type"
        defaultValue={filter.type ?? ""}
        onChange={change}
        options={[
          { value: "", label: "All types" },
          ...OPERATION_TYPES.map((t) => ({ value: t, label: OPERATION_TYPE_LABELS[t] })),
        ]}
      />
      <Select
        id={`${idPrefix}-status`}
        label="Status"
        name="status"
        defaultValue={filter.status ?? ""}
        onChange={change}
        options={[
          { value: "", label: "All statuses" },
          ...OPERATION_STATUSES.map((s) => ({ value: s, label: OPERATION_STATUS_LABELS[s] })),
        ]}
      />
      <Select
        id={`${idPrefix}-account`}
        label="Account"
        name="account"
        defaultValue={filter.account ?? ""}
        onChange={change}
        options={[
          { value: "", label: "All accounts" },
          ...LEDGERS.map((l) => ({ value: l, label: LEDGER_LABELS[l] })),
        ]}
      />
    </>
  );
}

/** Drops empty and default values so the URL only carries the filters that are set. */
function cleanSubmit(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value && !(key === "period" && value === "total"))
      params.set(key, value);
  }
  void submit(params, { method: "get", action: "/transactions", preventScrollReset: true });
}

export default function Transactions({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total, pageSize, taxYears } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/transactions";
  const filtered = isFiltered(filter);
  const exportHref = withQuery("/transactions/export", historySearchParams(filter));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  // Remount the filter forms whenever the URL's filter changes, so their selects show it.
  const filterKey = historySearchParams(filter).toString();

  return (
    <div className="container-page space-y-5 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Transactions</h1>
        <div className="flex items-center gap-2">
          <Dialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            title="Filter transactions"
            trigger={
              <Button variant="secondary" size="sm" className="md:hidden">
                <ListFilter aria-hidden className="size-4" /> Filter
              </Button>
            }
            actions={
              <Button type="submit" form="history-filter-dialog">
                Apply filters
              </Button>
            }
          >
            <Form
              key={filterKey}
              id="history-filter-dialog"
              method="get"
              action="/transactions"
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                cleanSubmit(submit, e.currentTarget);
                setDialogOpen(false);
              }}
            >
              <FilterFields filter={filter} idPrefix="dialog" />
            </Form>
          </Dialog>
          {filtered ? (
            <ButtonLink to="/transactions" variant="ghost" size="sm">
              Clear<span className="sr-only"> filters</span>
            </ButtonLink>
          ) : null}
          <a
            href={exportHref}
            download
            className={buttonClass(
              "secondary",
              "sm",
              total === 0 ? "pointer-events-none opacity-60" : undefined,
            )}
            aria-disabled={total === 0 || undefined}
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        </div>
      </div>

      <Form
        key={filterKey}
        method="get"
        action="/transactions"
        aria-label="Filters"
        className="hidden items-end gap-3 md:grid md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          cleanSubmit(submit, e.currentTarget);
        }}
      >
        <FilterFields filter={filter} idPrefix="bar" onChange={(form) => cleanSubmit(submit, form)} />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </Form>

      <p className="text-sm text-muted" aria-live="polite">
        {loading
          ? "Loading transactions…"
          : total === 0
            ? "No transactions to show."
            : `Showing ${first}–${last} of ${total} transaction${total === 1 ? "" : "s"}${filtered ? " matching your filters" : ""}.`}
      </p>

      <Card className={loading ? "overflow-hidden opacity-60 transition-opacity" : "overflow-hidden"}>
        {rows.length === 0 ? (
          filtered ? (
            <EmptyState icon={ReceiptText} title="No transactions match these filters">
              <p>Try a longer period or another type.</p>
              <Link to="/transactions" className="mt-2 inline-block font-semibold text-brand underline">
                Clear filters
              </Link>
            </EmptyState>
          ) : (
            <EmptyState
              icon={ReceiptText}
              title="No transactions yet"
              action={<ButtonLink to="/deposit">Make a deposit</ButtonLink>}
            >
              <p>
                Deposits, withdrawals, stakes, rewards, swaps and membership payments will be listed here.
              </p>
            </EmptyState>
          )
        ) : (
          <>
            <Table caption="Transactions" className="hidden sm:table">
              <thead>
                <tr>
                  <Th>Date</Th>
                  <Th>Type</Th>
                  <Th className="text-right">Amount</Th>
                  <Th>Currency</Th>
                  <Th>Status</Th>
                  <Th>Account</Th>
                  <Th>
                    <span className="sr-only">Help</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <HistoryTableRow key={row.id} row={row} />
                ))}
              </tbody>
            </Table>
            <ul className="divide-y divide-line sm:hidden" aria-label="Transactions">
              {rows.map((row) => (
                <HistoryListItem key={row.id} row={row} />
              ))}
            </ul>
          </>
        )}
      </Card>

      {pageCount > 1 ? (
        <Pager
          variant="buttons"
          label="Pagination"
          page={page}
          pageCount={pageCount}
          href={(n) => withQuery("/transactions", historySearchParams(filter, n))}
          previous={
            <>
              Previous<span className="sr-only"> page</span>
            </>
          }
          next={
            <>
              Next<span className="sr-only"> page</span>
            </>
          }
        />
      ) : null}

      <TaxExportsCard years={taxYears} />
    </div>
  );
}

/** The seed's 'Error loading transactions', as a page with a way to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container-page py-8">
      <Card role="alert">
        <EmptyState
          icon={ReceiptText}
          title="Error loading transactions"
          headingLevel={1}
          action={
            <a href="/transactions" className={buttonClass("primary")}>
              Try again
            </a>
          }
        >
          <p>
            We could not load your history just now{status === 500 ? "" : ` (error ${status})`}. Nothing has
            changed in your account.
          </p>
        </EmptyState>
      </Card>
    </div>
  );
}
