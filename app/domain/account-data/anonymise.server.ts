// After the operator's retention period (ACCOUNT_RETENTION_DAYS, ADR 0086) a closed account is
// anonymised by a job on every app server, account by account (claimed with SKIP LOCKED):
// the name, e-mail and addresses that say who the member was are replaced or removed, what only
// served the member (preferences, watchlists, alerts, portfolio, devices) is deleted. The ledger
// is not touched: its entries, postings and operations stay, keyed by the member's random id, so
// the books stay balanced and the ledger audit clean. The e-mail address is free to register again.
import { sql } from "drizzle-orm";
import { type Db, queryRows, withTx } from "../../db/client.server.ts";
import { log } from "../../log.server.ts";
import { recordAudit } from "../accounts/audit.server.ts";
import { closureBlockers } from "./closure.server.ts";

/** What an anonymised member's name and address become (`.invalid` never delivers, RFC 2606). */
export const ANONYMISED_NAME = "Closed account";
export const anonymisedEmail = (userId: string) => `closed-${userId.toLowerCase()}@anonymised.invalid`;

/** Anonymises one closed account, inside the caller's transaction. */
async function anonymise(tx: Db, userId: string, now: Date) {
  const email = anonymisedEmail(userId);
  await tx.execute(
    sql`update users set name = ${ANONYMISED_NAME}, first_name = '', last_name = '', email = ${email},
          email_verified = false, image = null, referral_code = null, two_factor_enabled = false,
          anonymised_at = ${now}, updated_at = ${now}
        where id = ${userId}`,
  );
  // Sign-in: the credential, the second factor and any device left.
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(sql`delete from auth_accounts where user_id = ${userId}`);
  await tx.execute(sql`delete from two_factors where user_id = ${userId}`);
  // What served only the member.
  for (const table of [
    "member_preferences",
    "push_subscriptions",
    "notifications",
    "price_alerts",
    "research_follows",
    "portfolio_targets",
    "portfolio_snapshots",
    "portfolio_transactions",
    "portfolio_imports",
    "portfolio_wallets",
    "withdrawal_addresses",
    "review_votes",
    "data_exports",
  ]) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${userId}`);
  }
  await tx.execute(
    sql`delete from watchlist_items where watchlist_id in (select id from watchlists where user_id = ${userId})`,
  );
  await tx.execute(sql`delete from watchlists where user_id = ${userId}`);
  // Records kept in anonymous form: who the bank payee was, the invoice's buyer, the ticket's
  // address and the member's words and files, the review's signature, where sign-ins came from.
  await tx.execute(
    sql`update withdrawals set destination = destination - 'accountHolder' - 'account' - 'bankName'
        where user_id = ${userId}`,
  );
  await tx.execute(
    sql`update invoices set buyer = jsonb_build_object('name', ${ANONYMISED_NAME}::text, 'email', ${email}::text)
        where user_id = ${userId}`,
  );
  await tx.execute(sql`update support_tickets set email = ${email} where user_id = ${userId}`);
  await tx.execute(
    sql`delete from support_attachments where message_id in (
          select m.id from support_messages m join support_tickets t on t.id = m.ticket_id
          where t.user_id = ${userId} and m.author_kind = 'member')`,
  );
  await tx.execute(
    sql`update support_messages set body = '[removed when the account was anonymised]'
        where author_kind = 'member' and ticket_id in (select id from support_tickets where user_id = ${userId})`,
  );
  await tx.execute(sql`update reviews set author_name = 'Former member' where user_id = ${userId}`);
  await tx.execute(sql`update audit_log set ip = null, user_agent = null where user_id = ${userId}`);
  await recordAudit(tx, { clock: { now: () => now } }, "account-anonymised", userId);
}

/**
 * The job's pass: every closed account whose retention period has ended. One that holds money or
 * has something under way (a deposit that reached a closed account's address) is skipped and
 * logged for the operator: its records must stay whole until someone settles it.
 */
export async function anonymiseDueAccounts(db: Db, options: { now: Date; limit?: number }) {
  const done: string[] = [];
  const skipped: string[] = [];
  for (let i = 0; i < (options.limit ?? 50); i++) {
    const outcome = await withTx(db, async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`select id from users
            where closed_at is not null and anonymised_at is null and anonymise_after <= ${options.now}
              and not (id = any(${`{${skipped.join(",")}}`}::text[]))
            order by anonymise_after limit 1 for update skip locked`,
      );
      if (!row) return null;
      const blockers = await closureBlockers(tx, row.id, { lock: true });
      if (blockers.length > 0) return { id: row.id, skipped: blockers.map((b) => b.kind) };
      await anonymise(tx, row.id, options.now);
      return { id: row.id, skipped: null };
    });
    if (!outcome) break;
    if (outcome.skipped) {
      skipped.push(outcome.id);
      log.warn("closed account not anonymised: it holds money or has something under way", {
        userId: outcome.id,
        blockers: outcome.skipped,
      });
    } else done.push(outcome.id);
  }
  return { anonymised: done, skipped };
}
