import { z } from 'zod';

export const MAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** GET /api/admin/outbox: every e-mail the app wrote, newest first. */
export const ZAdminOutboxQuery = z.strictObject({
  status: z.enum(MAIL_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
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
