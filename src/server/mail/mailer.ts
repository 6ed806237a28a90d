import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { AppContext } from '../context.ts';
import { preparedSql, type DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type MailMessage = {
  /** One mail per purpose, e.g. `booking.notify:<eventId>:<userId>`: the same purpose is never sent twice. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
};

/**
 * - sent: the SMTP server accepted it
 * - outbox: no SMTP_URL; the row stays in the outbox for admins to read
 * - duplicate: this purpose was already handled (or is being sent right now); nothing happened
 * - failed: the SMTP server refused or could not be reached; the row says why and a later call retries it
 */
export type MailResult = 'sent' | 'outbox' | 'duplicate' | 'failed';

/**
 * A row still 'queued' this long after it was written belongs to an attempt that died (a crash
 * between the insert and the SMTP answer); a younger one is someone's attempt in progress. Longer
 * than the SMTP timeouts below added up, so a live attempt is never mistaken for a dead one.
 */
const STALE_QUEUED_MS = 3 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
const ERROR_MAX = 500;

/**
 * Write the outbox row, inside the caller's transaction when the mail belongs with a change (the
 * row then exists exactly when the change committed). Returns false when this purpose already has
 * a row: the caller skips whatever else it keys on the mail (e.g. the in-app notice).
 */
export async function queueMail(tx: DbOrTx, msg: MailMessage): Promise<boolean> {
  return (await queueOneMail(tx, { mails: mailsJson([msg]), status: 'queued' })).length > 0;
}
const queueOneMail = preparedSql<{ dedupe_key: string }>('queue_mail', () => queueMailsSql());

/**
 * The outbox rows of several mails in one INSERT, to run alone or inside a larger statement; it
 * returns the purposes (`dedupe_key`) that had no row yet. Binds `mails` (mailsJson) and `status`:
 * 'queued' for SMTP to send, 'outbox' when there is no SMTP server and the row is where the mail
 * ends. The mails are one JSON value, so the statement's text is the same for any number of them
 * and it can be prepared.
 */
export function queueMailsSql(): SQL {
  return sql`INSERT INTO mail_outbox (dedupe_key, to_address, subject, text_body, html_body, status)
    SELECT m.dedupe_key, m.to_address, m.subject, m.text_body, m.html_body, ${sql.placeholder('status')}::mail_status
    FROM json_to_recordset(${sql.placeholder('mails')}::json) AS m(dedupe_key text, to_address text, subject text, text_body text, html_body text)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING dedupe_key`;
}

export function mailsJson(messages: MailMessage[]): string {
  return JSON.stringify(messages.map((msg) => ({ dedupe_key: msg.dedupeKey, to_address: msg.to, subject: msg.subject, text_body: msg.text, html_body: msg.html ?? null })));
}

/**
 * The Message-ID is derived from the purpose, so a mail re-sent after a crash carries the same id
 * as the first attempt and the receiving side (and anyone reading headers) can tell it is the same.
 */
export function messageIdFor(ctx: AppContext, dedupeKey: string): string {
  const digest = createHash('sha256').update(dedupeKey).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(ctx.publicUrl).hostname || 'inkhaven.local'}>`;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);

/**
 * Send the queued mail for `dedupeKey`, outside any transaction (the SMTP round trip must not hold
 * a connection or a lock). `fresh` says the caller has just written the row, so it is theirs to
 * send; otherwise a row is only picked up again when its earlier attempt failed or died.
 */
export async function deliverMail(ctx: AppContext, dedupeKey: string, opts: { fresh: true; written?: MailMessage } | { fresh: false }): Promise<MailResult> {
  const db = ctx.database.db;
  // A row the caller has just written as 'queued' need not be read back.
  const written = opts.fresh ? opts.written : undefined;
  const [row] = written
    ? [{ dedupeKey, status: 'queued' as const, createdAt: new Date(), toAddress: written.to, subject: written.subject, textBody: written.text, htmlBody: written.html ?? null }]
    : await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)).limit(1);
  if (!row) throw new Error('deliverMail: no outbox row for this purpose');
  if (row.status === 'sent' || row.status === 'outbox') return 'duplicate';
  if (row.status === 'queued' && !opts.fresh && Date.now() - row.createdAt.getTime() < STALE_QUEUED_MS) return 'duplicate';

  const smtpUrl = ctx.config.SMTP_URL;
  if (!smtpUrl) {
    await db
      .update(mailOutbox)
      .set({ status: 'outbox', error: null })
      .where(and(eq(mailOutbox.dedupeKey, dedupeKey), inArray(mailOutbox.status, ['queued', 'failed'])));
    return 'outbox';
  }
  if (row.status === 'failed') {
    // Claim the retry: of two callers retrying the same failed mail, one sends.
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'queued' })
      .where(and(eq(mailOutbox.dedupeKey, dedupeKey), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id });
    if (claimed.length === 0) return 'duplicate';
  }

  const messageId = messageIdFor(ctx, dedupeKey);
  try {
    const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    try {
      await transport.sendMail({
        from: ctx.config.MAIL_FROM,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        messageId,
      });
    } finally {
      transport.close();
    }
  } catch (error) {
    await db.update(mailOutbox).set({ status: 'failed', error: describe(error) }).where(eq(mailOutbox.dedupeKey, dedupeKey));
    return 'failed';
  }
  await db.update(mailOutbox).set({ status: 'sent', messageId, sentAt: new Date(), error: null }).where(eq(mailOutbox.dedupeKey, dedupeKey));
  return 'sent';
}

/** One mail for one purpose: the outbox row first, then (with SMTP_URL) the SMTP server. */
export async function sendMail(ctx: AppContext, msg: MailMessage): Promise<MailResult> {
  const fresh = await queueMail(ctx.database.db, msg);
  return deliverMail(ctx, msg.dedupeKey, { fresh });
}
