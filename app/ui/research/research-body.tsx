import { cn } from "../cn.ts";

// The type of a research body: the rendered Markdown is a string of HTML, so its elements are
// styled from the container (Tailwind's descendant variants) in the app's tokens, dark mode
// included. Headings start at h2: the page's title is its only h1 (markdown.ts).
const prose = cn(
  "max-w-none text-base leading-7 text-ink",
  "[&>*+*]:mt-4 [&_p]:leading-7",
  "[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight",
  "[&_h3]:mt-7 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:font-semibold",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-strong",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li+li]:mt-1.5 [&_li]:pl-1",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted",
  "[&_code]:rounded [&_code]:bg-subtle [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-subtle [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:border-line [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md",
  // A wide table scrolls on its own on a phone, and spans the column from a small tablet up.
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:table",
  "[&_th]:border-b [&_th]:border-line [&_th]:bg-subtle [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
);

/** A research body, already sanitised on the server (app/domain/research/markdown.ts). */
export function ResearchBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(prose, className)}
      data-testid="research-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown.ts's output: raw HTML escaped, links and images allow-listed, charts written by our code
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
