import { z } from 'zod';
import { zText } from './input.ts';

export const MAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** GET /api/admin/outbox: every e-mail the app wrote, newest first. */
export const ZAdminOutboxQuery = z.strictObject({
  status: z.enum(MAIL_STATUSES).optional(),
  cursor: zText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TAdminOutboxQuery = z.infer<typeof ZAdminOutboxQuery>;

export type TAdminMail = {
  id: string;
  /** What the mail is for (one mail per purpose), e.g. `booking.notify:<eventId>:<userId>`. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  status: TMailStatus;
  messageId: string | null;
  error: string | null;
  sentAt: string | null;
  createdAt: string;
};
export type TAdminOutboxPage = { items: TAdminMail[]; nextCursor: string | null };

export type TAdminFailedJob = {
  id: string;
  kind: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  finishedAt: string | null;
  createdAt: string;
};
/** GET /api/admin/jobs: the queue at a glance and what failed for good. */
export type TAdminJobs = { counts: Record<TJobStatus, number>; overdue: number; failed: TAdminFailedJob[] };

export const PAYMENT_ISSUE_REASONS = ['amount_mismatch', 'currency_mismatch'] as const;
export type TPaymentIssueReason = (typeof PAYMENT_ISSUE_REASONS)[number];
/** refund_pending: the refund has not been made yet; needs_reconciliation: Stripe could not refund it, a person must. */
export const PAYMENT_ISSUE_STATUSES = ['refund_pending', 'refunded', 'needs_reconciliation'] as const;
export type TPaymentIssueStatus = (typeof PAYMENT_ISSUE_STATUSES)[number];

/** A card payment that was not the deposit it was paid for (another amount or currency). */
export type TAdminPaymentIssue = {
  id: string;
  bookingId: string;
  artist: { id: string; displayName: string };
  reason: TPaymentIssueReason;
  status: TPaymentIssueStatus;
  expectedCents: number;
  expectedCurrency: string;
  receivedCents: number;
  receivedCurrency: string;
  checkoutSessionId: string;
  paymentIntentId: string;
  refundId: string | null;
  detail: string | null;
  createdAt: string;
  updatedAt: string;
};
/** GET /api/admin/payment-issues: the newest issues; those not refunded need a person. */
export type TAdminPaymentIssues = { items: TAdminPaymentIssue[]; needsAttention: number };
