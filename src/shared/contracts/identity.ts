import { z } from 'zod';
import { ZDate, zText } from './input.ts';

/** Identity safety (issue 13 §3, decision 0023): licences behind the verified badge, reports, blocks. */

// ---------------------------------------------------------------------------------------------
// Licences and health permits

export const LICENCE_KINDS = ['licence', 'health_permit'] as const;
export type TLicenceKind = (typeof LICENCE_KINDS)[number];
export const LICENCE_KIND_LABEL: Record<TLicenceKind, string> = { licence: 'Artist licence', health_permit: 'Health permit' };
export const LICENCE_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type TLicenceStatus = (typeof LICENCE_STATUSES)[number];
/** Days before expiry the artist is reminded (notification + e-mail). */
export const LICENCE_REMINDER_DAYS = [30, 7] as const;

export const LICENCES_PATH = '/api/licences';
/** The upload as a browser posts it itself (multipart, before hydration); answers 303 back to the page. */
export const LICENCE_FORM_PATH = '/api/licences/form';
export const VERIFICATION_PAGE_PATH = '/dashboard/verification';

/** The text fields of a licence upload (the image travels beside them as `file`). */
export const ZLicenceFields = z.strictObject({
  kind: z.enum(LICENCE_KINDS),
  issuingPlace: zText().trim().min(2, 'say who issued it, such as "City of Portland, OR"').max(120),
  expiresOn: ZDate,
});

export type TLicence = {
  id: string;
  kind: TLicenceKind;
  issuingPlace: string;
  expiresOn: string;
  status: TLicenceStatus;
  /** The admin's note on approval or reason on rejection. */
  decisionNote: string | null;
  decidedAt: string | null;
  createdAt: string;
  imageUrl: string;
};
export type TMyLicences = { verified: boolean; items: TLicence[] };

export const ZLicenceDecision = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  note: zText({ multiline: true }).trim().max(1000).optional(),
});
export type TAdminLicence = TLicence & { artist: { id: string; slug: string; displayName: string; verified: boolean } };
export type TAdminLicences = { items: TAdminLicence[] };
export const ZAdminLicenceQuery = z.strictObject({ status: z.enum(LICENCE_STATUSES).optional() });

export const ZAdminArtistQuery = z.strictObject({ q: zText().trim().max(100).optional() });
export type TAdminArtist = {
  id: string;
  slug: string;
  displayName: string;
  email: string;
  city: string;
  verified: boolean;
  licences: { pending: number; approved: number; nextExpiry: string | null };
  createdAt: string;
};
export type TAdminArtists = { items: TAdminArtist[] };

// ---------------------------------------------------------------------------------------------
// Reports

/** Every reason a report may give; a message report offers the first five (contracts/messaging.ts). */
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'scam', 'impersonation', 'unsafe_practice', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABEL: Record<TReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or threats',
  inappropriate: 'Inappropriate content',
  scam: 'Scam or fraud',
  impersonation: 'Fake profile or impersonation',
  unsafe_practice: 'Unsafe or unhygienic practice',
  other: 'Something else',
};
export const REPORT_TARGETS = ['message', 'profile', 'review', 'booking'] as const;
export type TReportTarget = (typeof REPORT_TARGETS)[number];
/** What a person can report from a page (messages are reported in the thread). */
export const REPORTABLE = ['profile', 'review', 'booking'] as const;
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORTS_PATH = '/api/reports';
export const REPORT_FORM_PATH = '/api/reports/form';

export const ZReport = z.strictObject({
  targetType: z.enum(REPORTABLE),
  /** A profile by id or slug; a review or booking by id. */
  targetId: zText().trim().min(1).max(80),
  reason: z.enum(REPORT_REASONS),
  details: zText({ multiline: true }).trim().max(2000).optional(),
});

export const ZReportResolution = z.strictObject({
  outcome: z.enum(['resolved', 'dismissed']),
  note: zText({ multiline: true }).trim().min(1, 'say what was done or why it needs nothing').max(1000),
});
export const ZAdminReportQuery = z.strictObject({ status: z.enum(REPORT_STATUSES).optional() });

export type TAdminReport = {
  id: string;
  targetType: TReportTarget;
  reason: TReportReason;
  details: string | null;
  status: TReportStatus;
  resolutionNote: string | null;
  resolvedAt: string | null;
  createdAt: string;
  reporter: { id: string; name: string };
  /** The person the report is about (a profile's artist, a review's author, a message's sender, a booking's other side). */
  subject: { id: string; name: string } | null;
  /** Enough to find what was reported, and a link where a page shows it. */
  target: { id: string; label: string; href: string | null };
};
export type TAdminReports = { items: TAdminReport[] };

// ---------------------------------------------------------------------------------------------
// Blocks (one table with messaging: a block stops messages both ways)

export const BLOCKS_PATH = '/api/blocks';
export const BLOCK_FORM_PATH = '/api/blocks/form';
/** Block the artist of a profile, or the other person of a booking you are in. */
export const ZBlock = z.union([z.strictObject({ artistId: zText().trim().min(1).max(80) }), z.strictObject({ bookingId: zText().trim().min(1).max(80) })]);
export type TBlockedPerson = { userId: string; name: string; blockedAt: string };
export type TBlocks = { items: TBlockedPerson[] };

// ---------------------------------------------------------------------------------------------
// Admin console forms (native posts; the pages read the JSON routes)

export const ADMIN_LICENCE_FORM_PATH = '/api/admin/licences/form';
export const ADMIN_REPORT_FORM_PATH = '/api/admin/reports/form';
export const ADMIN_ARTISTS_PAGE = '/admin/artists';
export const ADMIN_REPORTS_PAGE = '/admin/reports';

// ---------------------------------------------------------------------------------------------
// Account data

export const ACCOUNT_EXPORT_PATH = '/api/account/export';
export const ACCOUNT_DELETE_PATH = '/api/account/delete';
export const ACCOUNT_DELETE_FORM_PATH = '/api/account/delete/form';
export const ZAccountDelete = z.strictObject({ password: z.string().min(1, 'enter your password').max(200) });
/** Shown instead of a deleted person's name everywhere their bookings, reviews and messages remain. */
export const DELETED_USER_NAME = 'Deleted user';
