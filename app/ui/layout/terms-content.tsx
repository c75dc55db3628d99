import { Link } from "react-router";
import type { PublicBrand } from "~/utils/brand.ts";

// The Terms & Conditions text, shared by the Radix dialog (terms-dialog.tsx, loaded on first use)
// and the landing page's static dialog (site-footer.tsx, ADR 0063). /legal/terms and its PDF come
// from content/legal/terms.md, which says the same (terms-content.test.tsx keeps them equal).

/** Placeholders an operator has not filled are shown plainly, never invented. */
function Placeholder({ children }: { children: string }) {
  return <mark className="rounded bg-warning-soft px-1 text-warning">[{children}]</mark>;
}

export function termsSections(brand: PublicBrand) {
  const name = brand.name;
  return [
    {
      title: "1. User eligibility",
      body: (
        <p>
          You must be at least 18 years old and legally able to enter into a contract to use {name}. You may
          not use {name} where crypto assets or our services are prohibited by the law that applies to you.
        </p>
      ),
    },
    {
      title: "2. Account registration",
      body: (
        <p>
          You agree to give accurate information when you register and to keep it up to date. You are
          responsible for keeping your password and two-factor codes secret and for everything done through
          your account. Tell us at once if you think someone else has used it.
        </p>
      ),
    },
    {
      title: "3. Trading activities",
      body: (
        <p>
          Deposits, withdrawals, staking and swaps are carried out on your instruction. Crypto asset prices
          move quickly; quotes are valid only for the time shown, and estimated staking rates are not
          guaranteed. Nothing on {name} is financial or investment advice and every decision to use your
          capital is yours.
        </p>
      ),
    },
    {
      title: "4. Fees and charges",
      body: (
        <p>
          Membership prices, spreads and any network or payout fees are shown before you confirm an operation.
          We will not charge a fee that was not shown to you first.
        </p>
      ),
    },
    {
      title: "5. Compliance with laws",
      body: (
        <p>
          You agree to use {name} lawfully, including anti-money-laundering and sanctions rules. We may ask
          for proof of identity or of the source of funds, and may hold or refuse an operation where the law
          requires it.
        </p>
      ),
    },
    {
      title: "6. Intellectual property",
      body: (
        <p>
          Research, analysis, software and branding on {name} belong to us or our licensors. You may use them
          for your own personal, non-commercial purposes only.
        </p>
      ),
    },
    {
      title: "7. Limitation of liability",
      body: (
        <p>
          Crypto assets can lose some or all of their value. To the extent the law allows, we are not liable
          for losses caused by market movements, by third-party networks or by decisions you make using our
          content. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      ),
    },
    {
      title: "8. Modification of terms",
      body: (
        <p>
          We may change these terms. We will tell you about material changes by e-mail or in the app before
          they take effect; continuing to use {name} after that means you accept them.
        </p>
      ),
    },
    {
      title: "9. Governing law",
      body: (
        <p>
          These terms are governed by{" "}
          {brand.governingLaw ? (
            brand.governingLaw
          ) : (
            <Placeholder>governing law to be set by the operator</Placeholder>
          )}
          .
        </p>
      ),
    },
    {
      title: "10. Contact information",
      body: (
        <p>
          Questions about these terms:{" "}
          {brand.contactEmail ? (
            <a className="font-medium text-brand underline" href={`mailto:${brand.contactEmail}`}>
              {brand.contactEmail}
            </a>
          ) : (
            <Link className="font-medium text-brand underline" to="/contact">
              our contact form
            </Link>
          )}
          {brand.legalEntity ? `, ${brand.legalEntity}` : null}.
        </p>
      ),
    },
  ];
}

/** The sections as rendered in either dialog. */
export function TermsSections({ brand }: { brand: PublicBrand }) {
  return (
    <div className="space-y-4">
      {termsSections(brand).map((section) => (
        <section key={section.title}>
          <h3 className="mb-1 font-semibold text-ink">{section.title}</h3>
          <div className="leading-relaxed text-muted">{section.body}</div>
        </section>
      ))}
    </div>
  );
}
