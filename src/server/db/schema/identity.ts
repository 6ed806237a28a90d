import { date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LICENCE_KINDS, LICENCE_STATUSES } from '../../../shared/contracts/identity.ts';
import { users } from './auth.ts';
import { artistProfiles } from './marketplace.ts';

/**
 * What an administrator did, for `/admin/audit` (issue 14 §3): written by recordAdminAction()
 * (features/admin/audit.ts) in the same transaction as the change it records.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted verb, e.g. `licence.approve`, `report.dismiss`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt, t.id), index('admin_audit_target_idx').on(t.targetType, t.targetId, t.createdAt)],
);

export const licenceKind = pgEnum('licence_kind', LICENCE_KINDS);
export const licenceStatus = pgEnum('licence_status', LICENCE_STATUSES);
/**
 * An artist's licence or health permit (issue 13 §3): a private, re-encoded image with its issuing
 * place and expiry. An approved one that has not expired is what the verified badge stands for.
 */
export const artistLicences = pgTable(
  'artist_licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    kind: licenceKind('kind').notNull(),
    issuingPlace: text('issuing_place').notNull(),
    /** The last day it is valid. */
    expiresOn: date('expires_on').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    status: licenceStatus('status').notNull().default('pending'),
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('artist_licences_status_idx').on(t.status, t.createdAt), index('artist_licences_artist_idx').on(t.artistId, t.createdAt)],
);
