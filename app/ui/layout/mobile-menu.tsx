import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type RefObject, useId } from "react";
import { MobileMenuSections } from "./mobile-menu-sections.tsx";

/**
 * The full-screen slide-in menu below 801 px (the seed's mobile navigation), on Radix Dialog:
 * focus stays inside, the page behind does not scroll, Escape and × close it. Loaded by
 * public-nav.tsx when the hamburger is first pressed; focus then returns to the hamburger.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  signedIn,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const titleId = useId();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-scrim/40 nav:hidden" />
        <D.Content
          aria-labelledby={titleId}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-surface motion-safe:animate-[slide-in_200ms_ease-out] nav:hidden"
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-4">
            <D.Title id={titleId} className="text-lg font-bold">
              Menu
            </D.Title>
            <D.Close className="rounded-md p-2 text-ink hover:bg-subtle" aria-label="Close menu">
              <X aria-hidden className="size-6" />
            </D.Close>
          </div>
          <MobileMenuSections signedIn={signedIn} />
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
