import { ButtonLink } from "../button.tsx";
import { cn } from "../cn.ts";

/** The seed's Register and Try Free Demo buttons, with the risk warning kept beside them. */
export function RegisterButtons({ className }: { className?: string }) {
  return (
    <div className={className}>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/signup" size="lg">
          Register
        </ButtonLink>
        <ButtonLink to="/signup?demo=1" size="lg" variant="secondary">
          Try Free Demo
        </ButtonLink>
      </div>
      <RiskNote />
    </div>
  );
}

export function RiskNote({ tone = "light", className }: { tone?: "light" | "dark"; className?: string }) {
  return (
    <p className={cn("mt-4 max-w-xl text-sm", tone === "dark" ? "text-blue-100" : "text-muted", className)}>
      Crypto assets are volatile and you can lose some or all of your money. Nothing here is financial advice,
      and no return is guaranteed.
    </p>
  );
}
