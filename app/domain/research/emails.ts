// The research e-mails' words (pure), rendered when the outbox delivers them (ADR 0056, 0073).
// Each carries List-Unsubscribe with a one-click address (RFC 8058): a mail client's
// "Unsubscribe" button POSTs to it and the follow ends without signing in.
import type { MailContext } from "../mail/context.ts";

export type ResearchEmail =
  | {
      template: "research-published";
      data: {
        name: string;
        /** "New pick", "New trading setup". */
        headline: string;
        title: string;
        summary: string;
        /** The article's path (/research/slug). */
        path: string;
        /** Why this member gets it: "you follow SOL", "you follow Maya Chen". */
        reason: string;
        /** The signed one-click unsubscribe path for that follow. */
        unsubscribePath: string;
        premium: boolean;
      };
    }
  | {
      template: "research-digest";
      data: {
        name: string;
        /** The ISO week, "2026-W48". */
        week: string;
        items: { title: string; kind: string; path: string; premium: boolean }[];
        /** Signed path that ends every research follow (and so this digest). */
        unsubscribePath: string;
      };
    };

function unsubscribeHeaders(url: string) {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function renderResearchEmail(email: ResearchEmail, ctx: MailContext) {
  if (email.template === "research-published") {
    const d = email.data;
    const unsubscribe = `${ctx.publicUrl}${d.unsubscribePath}`;
    return {
      subject: `${ctx.brand} research — ${d.headline}: ${d.title}`,
      text: [
        `Hello ${d.name},`,
        "",
        `${d.headline}${d.premium ? " (Premium)" : ""}: ${d.title}`,
        "",
        d.summary,
        "",
        `Read it on ${ctx.publicUrl}${d.path}`,
        "",
        "Research is for information only and is not financial advice.",
        "",
        `You get this e-mail because ${d.reason}. Stop these e-mails: ${unsubscribe}`,
      ].join("\n"),
      headers: unsubscribeHeaders(unsubscribe),
    };
  }
  const d = email.data;
  const unsubscribe = `${ctx.publicUrl}${d.unsubscribePath}`;
  return {
    subject: `${ctx.brand} research: your week ${d.week}`,
    text: [
      `Hello ${d.name},`,
      "",
      `New research on what you follow, week ${d.week}:`,
      "",
      ...d.items.map(
        (i) => `- ${i.kind}${i.premium ? " (Premium)" : ""}: ${i.title}\n  ${ctx.publicUrl}${i.path}`,
      ),
      "",
      "Research is for information only and is not financial advice.",
      "",
      `You get this digest because you follow assets or analysts on ${ctx.brand}. Stop all research e-mails: ${unsubscribe}`,
    ].join("\n"),
    headers: unsubscribeHeaders(unsubscribe),
  };
}
