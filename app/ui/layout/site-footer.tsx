import type { LucideIcon } from "lucide-react";
import { Camera, Globe, Send, Video } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { type PublicBrand, useRootData } from "~/utils/brand.ts";
import { useStaticDocument } from "~/utils/static-document.tsx";
import { deepFreeze } from "../../domain/freeze.ts";
import { useLoadedOnce } from "../lazy.tsx";
import { LogoMark } from "../logo.tsx";
import { StaticDialog } from "../static-dialog.tsx";
import { TermsSections } from "./terms-content.tsx";

// The terms and the dialog code (Radix) load when the button is first pressed.
const TermsDialog = lazy(() => import("./terms-dialog.tsx").then((m) => ({ default: m.TermsDialog })));

const termsButtonClass = "text-left text-sm text-muted underline-offset-4 hover:text-ink hover:underline";

function TermsButton({ brand }: { brand: PublicBrand }) {
  return useStaticDocument() ? <StaticTermsButton brand={brand} /> : <LiveTermsButton brand={brand} />;
}

/** On a page sent without React (ADR 0063): the dialog is in the HTML, opened by the page's script. */
function StaticTermsButton({ brand }: { brand: PublicBrand }) {
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-opens-dialog="terms-dialog"
        className={termsButtonClass}
      >
        Terms &amp; Conditions
      </button>
      <StaticDialog id="terms-dialog" title="Terms & Conditions">
        <TermsSections brand={brand} />
      </StaticDialog>
    </>
  );
}

function LiveTermsButton({ brand }: { brand: PublicBrand }) {
  const [open, setOpen] = useState(false);
  const loaded = useLoadedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={termsButtonClass}
      >
        Terms &amp; Conditions
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <TermsDialog brand={brand} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}

export const legalDocuments = deepFreeze([
  { slug: "aml", title: "Preventing money laundering" },
  { slug: "privacy", title: "Privacy policy" },
  { slug: "risk", title: "Risk disclosure" },
  { slug: "disclosure", title: "Disclosure" },
] as const);

const socialIcons: Record<string, { label: string; icon: LucideIcon }> = {
  x: { label: "X", icon: Globe },
  telegram: { label: "Telegram", icon: Send },
  youtube: { label: "YouTube", icon: Video },
  instagram: { label: "Instagram", icon: Camera },
};

const footerLink = "text-sm text-muted underline-offset-4 hover:text-ink hover:underline";

export function SiteFooter() {
  const { brand, year } = useRootData();
  const socials = Object.entries(brand.social).filter((entry): entry is [string, string] =>
    Boolean(entry[1]),
  );
  const operator = [
    brand.legalEntity,
    brand.registration ? `registration ${brand.registration}` : undefined,
    brand.regulator ? `regulated by ${brand.regulator}` : undefined,
  ].filter(Boolean);

  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="col-span-2 space-y-3 md:col-span-1">
          <div className="flex items-center gap-2.5 text-lg font-bold">
            <LogoMark />
            {brand.name}
          </div>
          <p className="max-w-sm text-sm text-muted">
            Crypto research, analysis and tools for investors at every level, with wallets whose every balance
            comes from an audited ledger.
          </p>
          {brand.contactEmail ? (
            <a
              className="text-sm font-medium text-brand hover:underline"
              href={`mailto:${brand.contactEmail}`}
            >
              {brand.contactEmail}
            </a>
          ) : null}
          {socials.length > 0 ? (
            <ul className="flex gap-2 pt-1" aria-label="Social media">
              {socials.map(([key, url]) => {
                const social = socialIcons[key];
                if (!social) return null;
                const Icon = social.icon;
                return (
                  <li key={key}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="grid size-9 place-items-center rounded-md border border-line text-muted hover:text-ink"
                      aria-label={`${brand.name} on ${social.label} (opens in a new tab)`}
                    >
                      <Icon aria-hidden className="size-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 text-sm font-semibold text-ink">
            Company
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={footerLink} to="/about">
                About Us
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/contact">
                Contact Us
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/faq">
                FAQ
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/proof-of-reserves">
                Proof of reserves
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold text-ink">
            Legal
          </h2>
          <ul className="space-y-2">
            {legalDocuments.map((doc) => (
              <li key={doc.slug}>
                <Link className={footerLink} to={`/legal/${doc.slug}`}>
                  {doc.title}
                </Link>
              </li>
            ))}
            <li>
              <TermsButton brand={brand} />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="container-page space-y-3 py-6 text-xs leading-relaxed text-muted">
          <p>
            <strong className="font-semibold text-ink">Risk warning:</strong> crypto assets are highly
            volatile and largely unregulated. You can lose some or all of the money you put in. Past
            performance does not predict future returns, and estimated staking rates are not guaranteed.
          </p>
          <p>
            <strong className="font-semibold text-ink">Not financial advice:</strong> the content on{" "}
            {brand.name} is for information and education only. It is not financial or investment advice, and
            every decision to invest your capital is your own responsibility.
          </p>
          {operator.length > 0 ? (
            <p>
              {brand.name} is operated by {operator.join(", ")}.
            </p>
          ) : null}
          <p>
            © {year > 2024 ? `2024–${year}` : "2024"} {brand.legalEntity ?? brand.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
