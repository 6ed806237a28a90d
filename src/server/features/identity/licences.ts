import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  LICENCE_REMINDER_DAYS,
  ZAdminLicenceQuery,
  ZLicenceDecision,
  ZLicenceFields,
  type TAdminLicences,
  type TLicence,
  type TMyLicences,
} from '../../../shared/contracts/identity.ts';
import { isUuid } from '../../../shared/contracts/input.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { artistLicences, artistProfiles } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, validate } from '../../http/app-error.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { cancelPendingJobs, enqueueJobs } from '../../jobs/queue.ts';
import { deleteStoredImage } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { openPrivateImage, storePrivateImage, type PrivateImage } from '../../storage/private-images.ts';
import { recordAdminAction } from '../admin/audit.ts';

const DAY_MS = 86_400_000;
/** Enough for a licence and a permit each renewed a few times while the queue catches up. */
export const LICENCES_PENDING_MAX = 5;
/** No licence runs longer; a later date is a typo. */
const LICENCE_MAX_YEARS = 20;
const QUEUE_LIMIT = 200;

type LicenceRow = typeof artistLicences.$inferSelect;

const licenceMissing = () => notFound('That licence');
/** The first day it is no longer valid starts at 00:00 UTC the day after `expiresOn`. */
export const licenceEndsAt = (expiresOn: string) => new Date(Date.parse(`${expiresOn}T00:00:00Z`) + DAY_MS);
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export function presentLicence(row: LicenceRow): TLicence {
  return {
    id: row.id,
    kind: row.kind,
    issuingPlace: row.issuingPlace,
    expiresOn: row.expiresOn,
    status: row.status,
    decisionNote: row.decisionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    imageUrl: `/api/licences/${row.id}/image`,
  };
}

async function ownArtist(db: DbOrTx, user: SessionUser): Promise<{ id: string; verified: boolean }> {
  const [artist] = await db.select({ id: artistProfiles.id, verified: artistProfiles.verified }).from(artistProfiles).where(eq(artistProfiles.userId, user.id)).limit(1);
  if (!artist) throw forbidden('Only artists upload licences. Create your artist profile first.');
  return artist;
}

/**
 * The verified badge is exactly "an approved licence or permit that has not expired". Recomputed in
 * the transaction of every change that could alter it (approval, rejection, expiry).
 */
export async function refreshVerified(tx: DbOrTx, artistId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(artistProfiles)
    .set({
      verified: sql`EXISTS (SELECT 1 FROM ${artistLicences} l WHERE l.artist_id = ${artistId} AND l.status = 'approved' AND l.expires_on >= ${todayUtc(now)}::date)`,
      updatedAt: now,
    })
    .where(eq(artistProfiles.id, artistId))
    .returning({ verified: artistProfiles.verified });
  return row?.verified ?? false;
}

/** POST /api/licences (multipart: kind, issuingPlace, expiresOn, file): the artist's own, pending review. */
export async function uploadLicence(ctx: AppContext, user: SessionUser, readForm: () => Promise<UploadForm>, now = new Date()): Promise<TLicence> {
  const { db } = ctx.database;
  const artist = await ownArtist(db, user);
  const form = await readForm();
  const fields = validate(ZLicenceFields, form.fields);
  if (fields.expiresOn < todayUtc(now)) throw new AppError('VALIDATION_FAILED', 'expiresOn: this licence has already expired; upload the current one.');
  if (fields.expiresOn > `${now.getUTCFullYear() + LICENCE_MAX_YEARS}-12-31`) throw new AppError('VALIDATION_FAILED', `expiresOn: no licence runs longer than ${LICENCE_MAX_YEARS} years; check the date.`);
  const file = requireFile(form);
  const id = randomUUID();
  const full = () => new AppError('LIMIT_REACHED', `You have ${LICENCES_PENDING_MAX} documents waiting for review. Wait for the team to check them before adding more.`);
  const pending = async (q: DbOrTx) =>
    (await q.select({ n: count() }).from(artistLicences).where(and(eq(artistLicences.artistId, artist.id), eq(artistLicences.status, 'pending'))))[0]?.n ?? 0;
  if ((await pending(db)) >= LICENCES_PENDING_MAX) throw full();
  const row = await storePrivateImage(ctx, file, `licences/${artist.id}/${id}`, (stored) =>
    db.transaction(async (tx) => {
      // One upload at a time per artist, so parallel uploads cannot overshoot the cap.
      await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artist.id} FOR UPDATE`);
      if ((await pending(tx)) >= LICENCES_PENDING_MAX) throw full();
      const [inserted] = await tx
        .insert(artistLicences)
        .values({ id, artistId: artist.id, kind: fields.kind, issuingPlace: fields.issuingPlace, expiresOn: fields.expiresOn, ...stored })
        .returning();
      return inserted!;
    }),
  );
  return presentLicence(row);
}

/** GET /api/licences: the signed-in artist's documents, newest first, and whether the badge shows. */
export async function listMyLicences(ctx: AppContext, user: SessionUser): Promise<TMyLicences> {
  const { db } = ctx.database;
  const artist = await ownArtist(db, user);
  const rows = await db.select().from(artistLicences).where(eq(artistLicences.artistId, artist.id)).orderBy(desc(artistLicences.createdAt), desc(artistLicences.id));
  return { verified: artist.verified, items: rows.map(presentLicence) };
}

/** GET /api/licences/{id}/image[/thumb]: its artist and administrators only; anyone else 404. */
export async function openLicenceImage(ctx: AppContext, user: SessionUser, licenceId: string, variant: 'full' | 'thumb'): Promise<PrivateImage> {
  if (!isUuid(licenceId)) throw licenceMissing();
  const [row] = await ctx.database.db
    .select({ storageKey: artistLicences.storageKey, thumbKey: artistLicences.thumbKey, ownerId: artistProfiles.userId })
    .from(artistLicences)
    .innerJoin(artistProfiles, eq(artistProfiles.id, artistLicences.artistId))
    .where(eq(artistLicences.id, licenceId))
    .limit(1);
  if (!row || (row.ownerId !== user.id && !user.isAdmin)) throw licenceMissing();
  const image = await openPrivateImage(ctx, row, variant);
  if (!image) throw licenceMissing();
  return image;
}

/** GET /api/admin/licences?status=: the verification queue (pending first by default), oldest first, so nobody waits longest. */
export async function listLicenceQueue(ctx: AppContext, query: unknown): Promise<TAdminLicences> {
  const { status = 'pending' } = validate(ZAdminLicenceQuery, query);
  const rows = await ctx.database.db
    .select({ l: artistLicences, artist: { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName, verified: artistProfiles.verified } })
    .from(artistLicences)
    .innerJoin(artistProfiles, eq(artistProfiles.id, artistLicences.artistId))
    .where(eq(artistLicences.status, status))
    .orderBy(status === 'pending' ? artistLicences.createdAt : desc(artistLicences.decidedAt), artistLicences.id)
    .limit(QUEUE_LIMIT);
  return { items: rows.map(({ l, artist }) => ({ ...presentLicence(l), artist })) };
}

/** The reminders and the expiry of an approved licence, as durable jobs (keys per licence, so approving twice changes nothing); the demo seed uses them too. */
export function licenceJobs(licence: Pick<LicenceRow, 'id' | 'expiresOn'>, now: Date) {
  const endsAt = licenceEndsAt(licence.expiresOn);
  const at = (days: number) => new Date(endsAt.getTime() - DAY_MS - days * DAY_MS);
  const ahead: number[] = LICENCE_REMINDER_DAYS.filter((d) => at(d) > now);
  // Approved after a reminder's day: the latest one that passed goes out now (once), the rest keep their day.
  const passed = LICENCE_REMINDER_DAYS.filter((d) => at(d) <= now);
  const nowToo = passed.length > 0 && endsAt > now ? [Math.min(...passed)] : [];
  return [
    ...[...ahead, ...nowToo].map((days) => ({
      kind: 'licence.reminder' as const,
      payload: { licenceId: licence.id, days },
      runAt: ahead.includes(days) ? at(days) : now,
      dedupeKey: `licence.reminder:${licence.id}:${days}`,
    })),
    { kind: 'licence.expire' as const, payload: { licenceId: licence.id }, runAt: endsAt, dedupeKey: `licence.expire:${licence.id}` },
  ];
}

/**
 * POST /api/admin/licences/{id}/decision: approve a pending licence (with an optional note) or
 * reject a pending or approved one (with a reason). The badge, the reminders and the audit row
 * change in one transaction.
 */
export async function decideLicence(ctx: AppContext, admin: SessionUser, licenceId: string, body: unknown, now = new Date()): Promise<TLicence> {
  const input = validate(ZLicenceDecision, body);
  if (input.decision === 'reject' && !input.note) throw new AppError('VALIDATION_FAILED', 'note: give the artist a reason for the rejection.');
  if (!isUuid(licenceId)) throw licenceMissing();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(artistLicences).where(eq(artistLicences.id, licenceId)).for('update').limit(1);
    if (!row) throw licenceMissing();
    if (input.decision === 'approve') {
      if (row.status !== 'pending') throw new AppError('CONFLICT', `This licence is ${row.status}; only a pending one can be approved.`);
      if (licenceEndsAt(row.expiresOn) <= now) throw new AppError('CONFLICT', 'This licence expired while it waited; ask the artist for the current one.');
    } else if (row.status !== 'pending' && row.status !== 'approved') {
      throw new AppError('CONFLICT', `This licence is already ${row.status}.`);
    }
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const [updated] = await tx
      .update(artistLicences)
      .set({ status, decisionNote: input.note ?? null, decidedBy: admin.id, decidedAt: now })
      .where(eq(artistLicences.id, row.id))
      .returning();
    if (status === 'approved') await enqueueJobs(tx, licenceJobs(row, now));
    else await cancelLicenceJobs(tx, row.id);
    // The artist hears of it after the commit (notice + e-mail, retried like every mail); a licence
    // can be approved and later rejected, so the key names the decision.
    await enqueueJobs(tx, [{ kind: 'licence.decided', payload: { licenceId: row.id, decision: status }, dedupeKey: `licence.decided:${row.id}:${status}` }]);
    const verified = await refreshVerified(tx, row.artistId, now);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: `licence.${input.decision}`,
      targetType: 'licence',
      targetId: row.id,
      note: input.note ?? null,
      data: { artistId: row.artistId, previousStatus: row.status, verified },
    });
    return presentLicence(updated!);
  });
}

async function cancelLicenceJobs(tx: Tx | DbOrTx, licenceId: string): Promise<void> {
  await cancelPendingJobs(tx, `licence.reminder:${licenceId}:`);
  await cancelPendingJobs(tx, `licence.expire:${licenceId}`);
}

/** For the reminder job: the approved licence and its artist, or null when it no longer needs one. */
export async function licenceForReminder(db: DbOrTx, licenceId: string) {
  const row = await licenceWithArtist(db, licenceId);
  return row && row.l.status === 'approved' ? row : null;
}

/** A licence with its artist (id, user, name, zone), whatever its status; null when it is gone. */
export async function licenceWithArtist(db: DbOrTx, licenceId: string) {
  const [row] = await db
    .select({ l: artistLicences, artist: { id: artistProfiles.id, userId: artistProfiles.userId, displayName: artistProfiles.displayName, timezone: artistProfiles.timezone } })
    .from(artistLicences)
    .innerJoin(artistProfiles, eq(artistProfiles.id, artistLicences.artistId))
    .where(eq(artistLicences.id, licenceId))
    .limit(1);
  return row ?? null;
}

/** For the expiry job, in its transaction: mark the licence expired and recompute the badge. False when there was nothing to do. */
export async function expireLicenceInTx(tx: DbOrTx, licenceId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(artistLicences)
    .set({ status: 'expired' })
    .where(and(eq(artistLicences.id, licenceId), eq(artistLicences.status, 'approved'), sql`${artistLicences.expiresOn} < ${todayUtc(now)}::date`))
    .returning({ artistId: artistLicences.artistId });
  if (!row) return false;
  await refreshVerified(tx, row.artistId, now);
  return true;
}

/** Every stored file of an artist's licences, removed (account deletion). */
export async function deleteLicenceFiles(ctx: AppContext, rows: Array<Pick<LicenceRow, 'storageKey' | 'thumbKey'>>): Promise<void> {
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  for (const row of rows) await deleteStoredImage(storage, row).catch(() => {});
}
