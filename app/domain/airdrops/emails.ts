// The airdrop deadline reminder (pure), rendered when the outbox delivers it (ADR 0056, 0085).
import { formatDateTime } from "../dates.ts";
import type { MailContext } from "../mail/context.ts";

export type AirdropEmail = {
  template: "airdrop-deadline-reminder";
  data: { project: string; deadline: string; tasksDone: number; tasksTotal: number; isSample: boolean };
};

export function renderAirdropEmail(email: AirdropEmail, ctx: MailContext) {
  const { project, deadline, tasksDone, tasksTotal, isSample } = email.data;
  const left = tasksTotal - tasksDone;
  return {
    subject: `${project}: the airdrop closes ${formatDateTime(deadline)}`,
    text: [
      `The ${project} airdrop you are following closes ${formatDateTime(deadline)}.`,
      ...(isSample ? ["(This is a sample airdrop shown on a new installation, not a real campaign.)"] : []),
      "",
      left > 0
        ? `You have ticked ${tasksDone} of ${tasksTotal} tasks; ${left} left.`
        : `You have ticked all ${tasksTotal} tasks.`,
      `Your checklist: ${ctx.publicUrl}/airdrops`,
      "",
      `${ctx.brand} will never ask for your seed phrase or private key, and neither will a genuine airdrop.`,
    ].join("\n"),
  };
}
