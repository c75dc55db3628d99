import { ChevronLeft, ChevronRight, ShieldCheck, Trophy } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";

/** The member's verification tier and next step (ADR 0082), for the KYC slide. */
export interface KycSummary {
  tier: 0 | 1 | 2;
  next: "details" | "documents" | "review" | "done";
}

const KYC_TEXT: Readonly<Record<KycSummary["next"], { text: string; cta: string }>> = Object.freeze({
  details: {
    text: "Next: add your name, date of birth and address to raise your limits.",
    cta: "Start verification",
  },
  documents: {
    text: "Next: send an identity document and a selfie to raise your limits further.",
    cta: "Verify your identity",
  },
  review: { text: "Your documents are being reviewed. We will e-mail you.", cta: "See your status" },
  done: { text: "Your identity is verified: your limits are the highest we offer.", cta: "See your limits" },
});

function slidesFor(kyc: KycSummary) {
  return [
    {
      title: "Leaderboard",
      text: "You can be a winner by just trading",
      to: "/leaderboard",
      cta: "See the leaderboard",
      icon: Trophy,
    },
    {
      title: "Complete KYC Setup",
      text: `You are tier ${kyc.tier} of 2. ${KYC_TEXT[kyc.next].text}`,
      to: "/settings/verification",
      cta: KYC_TEXT[kyc.next].cta,
      icon: ShieldCheck,
    },
  ];
}

/** Slides are 40 px apart (the seed's spacing 40): gap-10. */
const GAP_PX = 40;

/**
 * The dashboard's banner slider: one slide per view. Swiping is the browser's own scrolling with
 * snap points; the buttons move one slide. Motion only when the member has not asked for less.
 */
export function BannerSlider({ kyc }: { kyc: KycSummary }) {
  const slides = slidesFor(kyc);
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  function go(index: number) {
    const el = track.current;
    if (!el) return;
    const target = Math.max(0, Math.min(slides.length - 1, index));
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ left: target * (el.clientWidth + GAP_PX), behavior: reduce ? "auto" : "smooth" });
    setActive(target);
  }

  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative">
      <div
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setActive(Math.round(el.scrollLeft / (el.clientWidth + GAP_PX)));
        }}
        className="flex snap-x snap-mandatory gap-10 overflow-x-auto motion-safe:scroll-smooth [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map(({ title, text, to, cta, icon: Icon }, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a role=group, not a fieldset
          <div
            key={title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}: ${title}`}
            aria-hidden={i !== active || undefined}
            inert={i !== active || undefined}
            className="w-full shrink-0 snap-start"
          >
            <div className="relative flex items-center gap-4 rounded-lg bg-gradient-to-r from-deep to-deep-accent px-5 py-5 text-white sm:px-6">
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-white/15">
                <Icon aria-hidden className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="text-base font-semibold">{title}</h2>
                <p className="mt-0.5 text-sm text-white/90">{text}</p>
              </div>
              <Link
                to={to}
                className="hidden shrink-0 rounded-md bg-white px-3 py-2 text-sm font-semibold text-deep hover:bg-white/90 sm:inline-flex"
              >
                {cta}
              </Link>
              <Link to={to} className="absolute inset-0 sm:hidden" aria-label={`${title}: ${cta}`} />
            </div>
          </div>
        ))}
      </div>
      <div className="mt-2 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(active - 1)}
          disabled={active === 0}
          className="grid size-9 place-items-center rounded-full text-muted hover:bg-subtle hover:text-ink disabled:opacity-40"
        >
          <ChevronLeft aria-hidden className="size-5" />
          <span className="sr-only">Previous slide</span>
        </button>
        <div className="flex gap-1.5" aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.title} className={`size-2 rounded-full ${i === active ? "bg-brand" : "bg-line"}`} />
          ))}
        </div>
        <button
          type="button"
          onClick={() => go(active + 1)}
          disabled={active === slides.length - 1}
          className="grid size-9 place-items-center rounded-full text-muted hover:bg-subtle hover:text-ink disabled:opacity-40"
        >
          <ChevronRight aria-hidden className="size-5" />
          <span className="sr-only">Next slide</span>
        </button>
      </div>
    </section>
  );
}
