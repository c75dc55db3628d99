import { Download, FileText } from "lucide-react";
import { Button, buttonClass } from "../button.tsx";
import { Card, CardHeader } from "../card.tsx";
import { Select } from "../select.tsx";

/**
 * The three tax downloads of the member's real account (ADR 0077): plain links and a plain GET
 * form, so they work before JavaScript loads and the browser handles the file.
 */
export function TaxExportsCard({ years }: { years: readonly number[] }) {
  return (
    <Card role="region" aria-labelledby="tax-exports-title">
      <CardHeader title={<span id="tax-exports-title">Tax exports</span>} />
      <div className="grid gap-5 px-5 py-4 md:grid-cols-3">
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-ink">Koinly</h3>
          <p className="flex-1 text-sm text-muted">
            For Koinly (universal CSV): every deposit, withdrawal, swap and staking reward of your real
            account, with fees, ready to import.
          </p>
          <a
            href="/transactions/export/koinly.csv"
            download
            className={buttonClass("secondary", "sm", "self-start")}
          >
            <Download aria-hidden className="size-4" /> Koinly CSV
          </a>
        </section>
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-ink">CoinTracker</h3>
          <p className="flex-1 text-sm text-muted">
            For CoinTracker (CoinTracker CSV): the same history in its import format, staking rewards tagged
            as staking income.
          </p>
          <a
            href="/transactions/export/cointracker.csv"
            download
            className={buttonClass("secondary", "sm", "self-start")}
          >
            <Download aria-hidden className="size-4" /> CoinTracker CSV
          </a>
        </section>
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-ink">Yearly statement</h3>
          <p className="text-sm text-muted">
            A PDF for your records or your accountant: opening and closing balance of each asset and every
            movement in the year.
          </p>
          <form method="get" action="/transactions/statement" className="flex flex-wrap items-end gap-2">
            <div className="w-32">
              <Select
                label="Year"
                name="year"
                options={years.map((y) => ({ value: String(y), label: String(y) }))}
                defaultValue={String(years[0] ?? "")}
              />
            </div>
            <Button type="submit" variant="secondary" size="sm">
              <FileText aria-hidden className="size-4" /> Statement PDF
            </Button>
          </form>
        </section>
      </div>
      <p className="border-t border-line px-5 py-3 text-xs text-muted">
        Real account only: demo money is never included. These files record your history; they are not tax
        advice.
      </p>
    </Card>
  );
}
