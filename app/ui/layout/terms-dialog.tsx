import type { RefObject } from "react";
import type { PublicBrand } from "~/utils/brand.ts";
import { Dialog } from "../dialog.tsx";
import { TermsSections } from "./terms-content.tsx";

/**
 * The footer's Terms & Conditions, a dialog opened by the footer's own button. Loaded on first use
 * (site-footer.tsx): every public page shows the footer, few visitors open the terms.
 */
export function TermsDialog({
  brand,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  brand: PublicBrand;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog title="Terms & Conditions" open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo}>
      <TermsSections brand={brand} />
    </Dialog>
  );
}
