import { and, eq, ne } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import type { TPaymentIssueReason, TPaymentIssueStatus } from '../../shared/contracts/admin.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { paymentIssues, users } from '../db/schema/index.ts';
import type { JobRecord } from '../jobs/handlers.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { sendMail } from '../mail/mailer.ts';
import { paymentIssueForAdmins } from '../mail/templates.ts';
import { stripeFor } from './stripe.ts';

const ZIssuePayload = z.object({ issueId: z.uuid() });

export const paymentIssueRefundKey = (issueId: string) => `payment.refund_issue:${issueId}`;

export type WrongPayment = {
  booking: { id: string; artistId: string; depositCents: number; currency: string };
  receivedCents: number;
  /** ISO code in capitals, as the ledger keeps it. */
  receivedCurrency: string;
  stripeEventId: string;
  checkoutSessionId: string;
  paymentIntentId: string;
};

/**
 * A card payment that is not the booking's deposit: record what was expected and what arrived,
 * and enqueue its refund, in the webhook's transaction. Keyed on the Checkout Session and the
 * payment intent, so the same payment reported by another event (completed, then
 * async_payment_succeeded) is recorded and refunded once. Returns false when it was already known.
 */
export async function recordWrongPayment(tx: Tx, payment: WrongPayment): Promise<boolean> {
  const { booking } = payment;
  const reason: TPaymentIssueReason = payment.receivedCurrency === booking.currency.toUpperCase() ? 'amount_mismatch' : 'currency_mismatch';
  const [issue] = await tx
    .insert(paymentIssues)
    .values({
      bookingId: booking.id,
      artistId: booking.artistId,
      reason,
      expectedCents: booking.depositCents,
      expectedCurrency: booking.currency.toUpperCase(),
      receivedCents: payment.receivedCents,
      receivedCurrency: payment.receivedCurrency,
      stripeEventId: payment.stripeEventId,
      checkoutSessionId: payment.checkoutSessionId,
      paymentIntentId: payment.paymentIntentId,
    })
    .onConflictDoNothing()
    .returning({ id: paymentIssues.id });
  if (!issue) return false;
  await enqueueJob(tx, { kind: 'payment.refund_issue', payload: { issueId: issue.id }, dedupeKey: paymentIssueRefundKey(issue.id) });
  return true;
}

/**
 * A refund Stripe reports for a payment intent: if it belongs to a wrong payment, mark that
 * refunded (whoever sees the refund first, this webhook or the job) and answer true.
 */
export async function settleWrongPaymentRefund(tx: Tx, paymentIntentId: string, refundId: string | null): Promise<boolean> {
  const [issue] = await tx.select({ id: paymentIssues.id, status: paymentIssues.status }).from(paymentIssues).where(eq(paymentIssues.paymentIntentId, paymentIntentId));
  if (!issue) return false;
  await tx
    .update(paymentIssues)
    .set({ status: 'refunded', refundId, detail: null, updatedAt: new Date() })
    .where(and(eq(paymentIssues.id, issue.id), ne(paymentIssues.status, 'refunded')));
  return true;
}

type RefundOutcome = { status: Exclude<TPaymentIssueStatus, 'refund_pending'>; refundId: string | null; detail: string | null };

/** Ask Stripe to refund the payment; an error Stripe may get over (network, rate limit, 5xx) is thrown so the job retries. */
async function refundThroughStripe(ctx: AppContext, issue: { id: string; bookingId: string; paymentIntentId: string }): Promise<RefundOutcome> {
  const stripe = stripeFor(ctx.config);
  if (!stripe) return { status: 'needs_reconciliation', refundId: null, detail: 'STRIPE_SECRET_KEY is not set on this server, so the payment cannot be refunded from here.' };
  try {
    const refund = await stripe.refunds.create(
      // The whole payment goes back, with the transfer to the artist and the platform fee reversed.
      { payment_intent: issue.paymentIntentId, reverse_transfer: true, refund_application_fee: true, metadata: { bookingId: issue.bookingId, paymentIssueId: issue.id } },
      // Per issue: a job that runs again after a crash gets the same refund back, not a second one.
      { idempotencyKey: `refund-issue-${issue.id}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled')
      return { status: 'needs_reconciliation', refundId: refund.id, detail: `Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}.` };
    return { status: 'refunded', refundId: refund.id, detail: null };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    if (error.code === 'charge_already_refunded') return { status: 'refunded', refundId: null, detail: 'Already refunded on Stripe (e.g. from the dashboard).' };
    // Stripe refused the request itself (no such payment, a dispute, …): asking again gives the same answer.
    return { status: 'needs_reconciliation', refundId: null, detail: `Stripe refused the refund: ${error.message}` };
  }
}

/**
 * Job 'payment.refund_issue' ({ issueId }): refund a wrong payment through Stripe, or mark it for
 * reconciliation when Stripe cannot; then tell every admin what happened (one mail per admin and
 * issue, so a job run again sends nothing twice). Should the job run out of attempts on Stripe
 * errors, the issue stays refund_pending, which the admin list shows as needing attention.
 */
export async function refundPaymentIssueJob(ctx: AppContext, job: JobRecord): Promise<void> {
  const { issueId } = ZIssuePayload.parse(job.payload);
  const db = ctx.database.db;
  const [pending] = await db.select().from(paymentIssues).where(eq(paymentIssues.id, issueId));
  if (!pending) return;
  if (pending.status === 'refund_pending') {
    const outcome = await refundThroughStripe(ctx, pending);
    // Guarded: the refund's own webhook event may have marked it refunded meanwhile.
    await db
      .update(paymentIssues)
      .set({ ...outcome, updatedAt: new Date() })
      .where(and(eq(paymentIssues.id, issueId), eq(paymentIssues.status, 'refund_pending')));
  }
  const [issue] = await db.select().from(paymentIssues).where(eq(paymentIssues.id, issueId));
  if (!issue) return;
  const admins = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isAdmin, true));
  const words = paymentIssueForAdmins(issue, `${ctx.publicUrl}/admin-dashboard`);
  let failed = 0;
  for (const admin of admins) {
    if ((await sendMail(ctx, { dedupeKey: `payment.issue:${issue.id}:${admin.id}`, to: admin.email, ...words })) === 'failed') failed += 1;
  }
  // The worker retries the job; the refund is not asked again (no longer pending) and sent mails are skipped.
  if (failed > 0) throw new Error(`${failed} of ${admins.length} admin e-mails about payment issue ${issue.id} could not be handed to the SMTP server.`);
}
