import { useRouteLoaderData } from "react-router";
import type { ThemeChoice } from "~/domain/preferences/theme.ts";

/** What the operator configured about themselves; unset fields mean nothing is claimed. */
export interface PublicBrand {
  name: string;
  legalEntity?: string | undefined;
  registration?: string | undefined;
  regulator?: string | undefined;
  contactEmail?: string | undefined;
  governingLaw?: string | undefined;
  social: {
    x?: string | undefined;
    telegram?: string | undefined;
    youtube?: string | undefined;
    instagram?: string | undefined;
  };
}

export interface RootData {
  brand: PublicBrand;
  year: number;
  /** The site's public origin without a trailing slash, for canonical URLs and Open Graph. */
  publicUrl: string;
  /** This device's colour theme (ADR 0068). */
  theme: ThemeChoice;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  // The root loader always runs; the fallback only covers an error page rendered without it.
  return (
    data ?? {
      brand: { name: "Coinlens", social: {} },
      year: new Date().getFullYear(),
      publicUrl: "",
      theme: "system",
    }
  );
}

export function useBrand(): PublicBrand {
  return useRootData().brand;
}
