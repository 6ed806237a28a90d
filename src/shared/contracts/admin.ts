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

// ---------------------------------------------------------------------------------------------
// The admin console (issue 14 §3, decision 0027).

/** GET /api/admin/kpis?days=7|30|90: the marketplace at a glance, each figure linking to its area. */
export const ZAdminKpisQuery = z.strictObject({ days: z.enum(['7', '30', '90']).default('30') });
export type TAdminKpis = {
  days: number;
  signUps: { total: number; inPeriod: number };
  artists: { total: number; verified: number; inPeriod: number };
  /** Every booking by its state now, and the requests made in the period. */
  bookingsByState: Record<string, number>;
  requestsInPeriod: number;
  /** Requests made in the period that reached confirmed or completed. */
  conversion: { requests: number; confirmed: number; rate: number | null };
  /** Ledger rows written in the period, per currency. */
  deposits: Array<{ currency: string; paidCents: number; refundedCents: number; forfeitedCents: number }>;
  openReports: number;
  openErrorGroups: number;
  suspendedUsers: number;
};

export const ADMIN_USER_ROLES = ['all', 'admin', 'artist', 'client', 'suspended'] as const;
export type TAdminUserRole = (typeof ADMIN_USER_ROLES)[number];
/** GET /api/admin/users?q=&role=&cursor=: newest first; q matches name or e-mail (or an exact id). */
export const ZAdminUsersQuery = z.strictObject({
  q: zText().max(200).optional(),
  role: z.enum(ADMIN_USER_ROLES).default('all'),
  cursor: zText().max(200).optional(),
});
export type TAdminUserQuery = z.infer<typeof ZAdminUsersQuery>;
export type TAdminUser = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  artist: { id: string; slug: string; displayName: string } | null;
  suspendedAt: string | null;
  suspendedReason: string | null;
  deletedAt: string | null;
  createdAt: string;
  bookings: number;
};
export type TAdminUsersPage = { items: TAdminUser[]; nextCursor: string | null };

/** POST /api/admin/users/{id}/suspend: the reason is shown to the person when they try to sign in. */
export const ZAdminSuspend = z.strictObject({ reason: zText().min(3, 'Say why (at least 3 characters).').max(500) });
/** POST /api/admin/users/{id}/role */
export const ZAdminRole = z.strictObject({ admin: z.boolean() });
/** The form the /admin/users page posts itself (before hydration too). */
export const ADMIN_USER_FORM_PATH = '/api/admin/users/form';
export const ZAdminUserForm = z.strictObject({
  id: zText().max(100),
  action: z.enum(['suspend', 'reinstate', 'make-admin', 'remove-admin']),
  reason: zText().max(500).optional(),
});

/** GET /api/admin/lookup?q=: bookings and payments by id, e-mail, or a payment reference (Stripe ids). */
export const ZAdminLookupQuery = z.strictObject({ q: zText().min(3, 'Type at least 3 characters.').max(200) });
export type TAdminLookupBooking = {
  id: string;
  status: string;
  startsAt: string;
  createdAt: string;
  client: { id: string; name: string; email: string };
  artist: { id: string; displayName: string; email: string };
  depositCents: number;
  currency: string;
  depositStatus: string;
  checkoutSessionId: string | null;
};
export type TAdminLookupPayment = {
  id: string;
  bookingId: string;
  kind: string;
  method: string;
  amountCents: number;
  currency: string;
  externalId: string | null;
  createdAt: string;
};
export type TAdminLookup = { bookings: TAdminLookupBooking[]; payments: TAdminLookupPayment[] };

/** Client errors grouped by message and top stack frame (/admin/telemetry). */
export const ERROR_GROUP_STATUSES = ['open', 'resolved', 'ignored'] as const;
export type TErrorGroupStatus = (typeof ERROR_GROUP_STATUSES)[number];
export const ZErrorGroupsQuery = z.strictObject({ status: z.enum([...ERROR_GROUP_STATUSES, 'all']).default('open') });
export type TErrorGroup = {
  key: string;
  message: string;
  topFrame: string | null;
  type: string;
  count: number;
  /** People affected (signed in) — visitors are not identified. */
  users: number;
  firstSeen: string;
  lastSeen: string;
  pages: Array<{ url: string; count: number }>;
  browsers: Array<{ name: string; count: number }>;
  sampleStack: string | null;
  sampleComponentStack: string | null;
  /** Resolved groups that happened again after being resolved are open again. */
  status: TErrorGroupStatus;
  statusChangedAt: string | null;
};
export type TErrorGroups = { items: TErrorGroup[] };
export const ZErrorGroupState = z.strictObject({ status: z.enum(ERROR_GROUP_STATUSES) });
export const ERROR_GROUP_FORM_PATH = '/api/admin/error-groups/form';
export const ZErrorGroupForm = z.strictObject({ key: z.string().regex(/^[0-9a-f]{32}$/, 'Not an error group.'), status: z.enum(ERROR_GROUP_STATUSES) });

/** GET /api/admin/audit?cursor=&action=: what admins did, newest first. */
export const ZAdminAuditQuery = z.strictObject({ action: zText().max(100).optional(), cursor: zText().max(200).optional() });
export type TAdminAuditRow = {
  id: string;
  admin: { id: string; name: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  note: string | null;
  data: Record<string, unknown>;
  createdAt: string;
};
export type TAdminAuditPage = { items: TAdminAuditRow[]; nextCursor: string | null };
