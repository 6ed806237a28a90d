import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TConsentQuestion } from '../../../shared/contracts/consent.ts';
import { users } from './auth.ts';
import { artistProfiles, bookings } from './marketplace.ts';

/** Sealed bytes (AES-256-GCM envelopes): node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Consent templates (issue 13 §1, decision 0021): one row per saved version per artist and kind,
 * never updated (a trigger refuses UPDATE). Rows without an artist are the platform's default versions,
 * kept in step with DEFAULT_CONSENT_QUESTIONS at start-up; a booking confirmed before its artist saved a
 * template keeps the default version then in force.
 */
export const consentTemplates = pgTable(
  'consent_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the platform's default versions. */
    artistId: uuid('artist_id').references(() => artistProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['tattoo', 'piercing'] }).notNull(),
    version: integer('version').notNull(),
    questions: jsonb('questions').$type<TConsentQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consent_templates_version_idx').on(t.artistId, t.kind, t.version),
    uniqueIndex('consent_templates_platform_version_idx').on(t.kind, t.version).where(sql`${t.artistId} IS NULL`),
    check('consent_templates_kind_check', sql`${t.kind} IN ('tattoo', 'piercing')`),
  ],
);

/** The template version a booking keeps: written when the booking becomes confirmed ("created" in the audit trail). */
export const consentRequests = pgTable('consent_requests', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  templateId: uuid('template_id')
    .notNull()
    .references(() => consentTemplates.id, { onDelete: 'restrict' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * ID photos for consent forms: re-encoded, stripped of metadata, then encrypted (AES-256-GCM) in
 * private storage. Uploaded by the client before signing; `formId` is set by the signing.
 */
export const consentUploads = pgTable(
  'consent_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the re-encoded (plain) image: the PDF names it, binding the photo to the signed form. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_uploads_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * A signed form: immutable (a trigger refuses UPDATE). `pdf` and `sealedData` are AES-256-GCM
 * envelopes; `sha256` is of the plain PDF bytes, recorded in the signing transaction.
 */
export const consentForms = pgTable(
  'consent_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => consentTemplates.id, { onDelete: 'restrict' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Encrypted JSON: answers, date of birth, signatures, guardian. */
    sealedData: bytea('sealed_data').notNull(),
    pdf: bytea('pdf').notNull(),
    pdfBytes: integer('pdf_bytes').notNull(),
    sha256: text('sha256').notNull(),
    clientIdImageId: uuid('client_id_image_id').references(() => consentUploads.id, { onDelete: 'restrict' }),
    guardianIdImageId: uuid('guardian_id_image_id').references(() => consentUploads.id, { onDelete: 'restrict' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('consent_forms_booking_idx').on(t.bookingId)],
);

export const CONSENT_AUDIT_EVENTS = ['created', 'opened', 'signed', 'downloaded', 'admin_read'] as const;

/** The audit trail of a booking's consent: UTC time, who, IP and user agent. Insert-only. */
export const consentAudit = pgTable(
  'consent_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    event: text('event', { enum: CONSENT_AUDIT_EVENTS }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** What an admin read (form, pdf, id image): shown in the admin audit, never sensitive content. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_audit_booking_idx').on(t.bookingId, t.at)],
);
