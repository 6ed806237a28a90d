import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  CONSENT_KINDS,
  ZConsentTemplateSave,
  type TArtistConsentTemplate,
  type TArtistConsentTemplates,
  type TConsentKind,
  type TConsentTemplateVersion,
  type TConsentTemplateVersions,
  type TConsentTemplateVersionSummary,
} from '../../../shared/contracts/consent.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, consentTemplates } from '../../db/schema/index.ts';
import { notFound, validate } from '../../http/app-error.ts';
import { presentTemplate, templateInForce, type TemplateRow } from './templates.ts';

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

async function myArtistId(db: DbOrTx, user: SessionUser): Promise<string> {
  const [profile] = await db.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  if (!profile) throw notFound('Your artist profile');
  return profile.id;
}

const presentForArtist = (row: TemplateRow): TArtistConsentTemplate => ({
  ...presentTemplate(row),
  isDefault: row.artistId === null,
  createdAt: row.artistId === null ? null : row.createdAt.toISOString(),
});

/** GET /api/artist/consent-templates: the version in force per kind (the platform default until the artist saves one). */
export async function listArtistConsentTemplates(ctx: AppContext, user: SessionUser): Promise<TArtistConsentTemplates> {
  const db = ctx.database.db;
  const artistId = await myArtistId(db, user);
  const items: TArtistConsentTemplate[] = [];
  for (const kind of CONSENT_KINDS) {
    const row = await templateInForce(db, artistId, kind);
    if (row) items.push(presentForArtist(row));
  }
  return { items };
}

/**
 * PUT /api/artist/consent-templates/{kind}: the questions become the artist's next version; earlier
 * versions stay as they were (bookings confirmed under them keep them). Saving the questions already
 * in force changes nothing (a retried save makes no extra version). Answers `created` for a new version.
 */
export async function saveArtistConsentTemplate(ctx: AppContext, user: SessionUser, kind: TConsentKind, body: unknown): Promise<{ template: TArtistConsentTemplate; created: boolean }> {
  const { questions } = validate(ZConsentTemplateSave, body);
  return ctx.database.db.transaction(async (tx) => {
    const artistId = await myArtistId(tx, user);
    // One save at a time per artist, so two saves cannot take the same version number.
    await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artistId} FOR UPDATE`);
    const [latest] = await tx
      .select()
      .from(consentTemplates)
      .where(and(eq(consentTemplates.artistId, artistId), eq(consentTemplates.kind, kind)))
      .orderBy(desc(consentTemplates.version))
      .limit(1);
    if (latest && canonical(latest.questions) === canonical(questions)) return { template: presentForArtist(latest), created: false };
    const [row] = await tx
      .insert(consentTemplates)
      .values({ artistId, kind, version: (latest?.version ?? 0) + 1, questions })
      .returning();
    return { template: presentForArtist(row!), created: true };
  });
}

const presentVersion = (row: TemplateRow, inForceId: string | null): TConsentTemplateVersionSummary => ({
  id: row.id,
  version: row.version,
  kind: row.kind,
  isDefault: row.artistId === null,
  inForce: row.id === inForceId,
  createdAt: row.createdAt.toISOString(),
  questionCount: row.questions.length,
});

/** The versions an artist's clients of one kind may have been asked: their own, then the platform's defaults. */
const versionsOf = (artistId: string, kind: TConsentKind) =>
  and(eq(consentTemplates.kind, kind), or(eq(consentTemplates.artistId, artistId), isNull(consentTemplates.artistId)));

/**
 * GET /api/artist/consent-templates/{kind}/versions: the signed-in artist's versions of one kind,
 * newest first, then the defaults, as summaries (the questions are one request away). Scoped to the
 * session's artist: no route takes another artist's id.
 */
export async function listConsentTemplateVersions(ctx: AppContext, user: SessionUser, kind: TConsentKind): Promise<TConsentTemplateVersions> {
  const db = ctx.database.db;
  const artistId = await myArtistId(db, user);
  const [rows, inForce] = await Promise.all([
    db.select().from(consentTemplates).where(versionsOf(artistId, kind)).orderBy(sql`(${consentTemplates.artistId} IS NULL)`, desc(consentTemplates.version)),
    templateInForce(db, artistId, kind),
  ]);
  return { items: rows.map((row) => presentVersion(row, inForce?.id ?? null)) };
}

/**
 * GET /api/artist/consent-templates/{kind}/versions/{id}: one version with its questions, read-only.
 * Another artist's version is a 404, as if it did not exist (its questions are that artist's work).
 */
export async function readConsentTemplateVersion(ctx: AppContext, user: SessionUser, kind: TConsentKind, id: string): Promise<TConsentTemplateVersion> {
  const db = ctx.database.db;
  const artistId = await myArtistId(db, user);
  const [[row], inForce] = await Promise.all([
    db.select().from(consentTemplates).where(and(eq(consentTemplates.id, id), versionsOf(artistId, kind))).limit(1),
    templateInForce(db, artistId, kind),
  ]);
  if (!row) throw notFound('That consent form version');
  return { ...presentVersion(row, inForce?.id ?? null), questions: row.questions };
}
