import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { CONSENT_KINDS, DEFAULT_CONSENT_QUESTIONS, type TConsentKind, type TConsentTemplate } from '../../../shared/contracts/consent.ts';
import type { DbOrTx } from '../../db/client.ts';
import { consentRequests, consentTemplates } from '../../db/schema/index.ts';

export type TemplateRow = typeof consentTemplates.$inferSelect;

export const presentTemplate = (row: TemplateRow): TConsentTemplate => ({
  version: row.version,
  kind: row.kind,
  questions: row.questions,
  isDefault: row.artistId === null,
});

/**
 * Keep the platform's default versions in step with DEFAULT_CONSENT_QUESTIONS: when the code's
 * questions differ from the newest stored default (or none is stored), store them as the next
 * version. Older versions stay, so bookings confirmed under them keep their questions. Servers
 * starting together insert the same version once (unique index).
 */
export async function ensureDefaultConsentTemplates(db: DbOrTx): Promise<void> {
  for (const kind of CONSENT_KINDS) {
    const questions = JSON.stringify(DEFAULT_CONSENT_QUESTIONS[kind]);
    await db.execute(sql`
      INSERT INTO consent_templates (artist_id, kind, version, questions)
      SELECT NULL, ${kind}, COALESCE(MAX(version), 0) + 1, ${questions}::jsonb
      FROM consent_templates WHERE artist_id IS NULL AND kind = ${kind}
      HAVING NOT EXISTS (
        SELECT 1 FROM consent_templates t
        WHERE t.artist_id IS NULL AND t.kind = ${kind} AND t.questions = ${questions}::jsonb
          AND t.version = (SELECT MAX(version) FROM consent_templates WHERE artist_id IS NULL AND kind = ${kind})
      )
      ON CONFLICT DO NOTHING`);
  }
}

/** The version in force now for an artist and kind: their newest saved one, else the newest platform default. */
export async function templateInForce(db: DbOrTx, artistId: string, kind: TConsentKind): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(consentTemplates)
    .where(and(eq(consentTemplates.kind, kind), or(eq(consentTemplates.artistId, artistId), isNull(consentTemplates.artistId))))
    .orderBy(sql`(${consentTemplates.artistId} IS NULL)`, desc(consentTemplates.version))
    .limit(1);
  return row ?? null;
}

/**
 * The version a booking keeps: the one recorded when it was confirmed (the trigger on
 * booking_events, migration 0017); a booking confirmed before consent forms existed has none
 * recorded and gets the one in force now (recorded when it is signed).
 */
export async function templateOfBooking(db: DbOrTx, booking: { id: string; artistId: string }, kind: TConsentKind): Promise<{ template: TemplateRow; recorded: boolean } | null> {
  const [kept] = await db
    .select({ t: consentTemplates })
    .from(consentRequests)
    .innerJoin(consentTemplates, eq(consentTemplates.id, consentRequests.templateId))
    .where(eq(consentRequests.bookingId, booking.id))
    .limit(1);
  if (kept) return { template: kept.t, recorded: true };
  const current = await templateInForce(db, booking.artistId, kind);
  return current ? { template: current, recorded: false } : null;
}
