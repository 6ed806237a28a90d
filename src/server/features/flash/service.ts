import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  FLASH_PAGE_SIZE,
  flashStyleName,
  ZFlashCreateFields,
  type TFlashDesign,
  type TFlashListQuery,
  type TFlashPage,
  type TFlashPatch,
} from '../../../shared/contracts/flash.ts';
import { FLASH_MAX_DESIGNS } from '../../../shared/limits.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { artistProfiles, flashDesigns } from '../../db/schema/index.ts';
import { AppError, notFound, validate } from '../../http/app-error.ts';
import { decodeCreatedAtCursor, encodeCreatedAtCursor, olderThanCursor } from '../../http/keyset-cursor.ts';
import { requireFile, type UploadForm } from '../../http/multipart.ts';
import { deleteStoredImage, processImageUpload } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { assertCanManageArtist, UUID } from '../portfolio/access.ts';

type FlashRow = typeof flashDesigns.$inferSelect;
type ArtistBrief = TFlashDesign['artist'];

/** The artist fields a flash card carries (TFlashDesign.artist). */
export const artistColumns = { id: artistProfiles.id, slug: artistProfiles.slug, displayName: artistProfiles.displayName, city: artistProfiles.city };

export function presentFlash(f: FlashRow, artist: ArtistBrief): TFlashDesign {
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    style: f.style,
    size: f.size,
    sizeLabel: f.sizeLabel,
    priceCents: f.priceCents,
    currency: f.currency,
    status: f.status,
    repeatable: f.repeatable,
    imageUrl: `/uploads/${f.storageKey}`,
    thumbUrl: `/uploads/${f.thumbKey}`,
    width: f.width,
    height: f.height,
    createdAt: f.createdAt.toISOString(),
    artist,
  };
}


/** GET /api/flash: newest first, keyset pagination on (created_at, id). */
export async function listFlash(ctx: AppContext, query: TFlashListQuery): Promise<TFlashPage> {
  const limit = query.limit ?? FLASH_PAGE_SIZE;
  const where: SQL[] = [];
  const status = query.status ?? 'available';
  if (status !== 'all') where.push(eq(flashDesigns.status, status));
  if (query.style) where.push(eq(flashDesigns.style, flashStyleName(query.style) ?? ''));
  if (query.size) where.push(eq(flashDesigns.size, query.size));
  if (query.minPrice !== undefined) where.push(gte(flashDesigns.priceCents, query.minPrice));
  if (query.maxPrice !== undefined) where.push(lte(flashDesigns.priceCents, query.maxPrice));
  if (query.city) where.push(sql`lower(${artistProfiles.city}) = lower(${query.city})`);
  if (query.artistId) where.push(eq(flashDesigns.artistId, query.artistId));
  if (query.cursor) {
    where.push(olderThanCursor(flashDesigns.createdAt, flashDesigns.id, decodeCreatedAtCursor(query.cursor, 'start browsing again')));
  }
  const rows = await ctx.database.db
    .select({ f: flashDesigns, artist: artistColumns, t: sql<string>`${flashDesigns.createdAt}::text` })
    .from(flashDesigns)
    .innerJoin(artistProfiles, eq(artistProfiles.id, flashDesigns.artistId))
    .where(and(...where))
    .orderBy(desc(flashDesigns.createdAt), desc(flashDesigns.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => presentFlash(r.f, r.artist)),
    nextCursor: rows.length > limit && last ? encodeCreatedAtCursor({ t: last.t, id: last.f.id }) : null,
  };
}

async function findFlash(db: DbOrTx, id: string): Promise<{ f: FlashRow; artist: ArtistBrief }> {
  if (!UUID.test(id)) throw notFound('That flash design');
  const [row] = await db
    .select({ f: flashDesigns, artist: artistColumns })
    .from(flashDesigns)
    .innerJoin(artistProfiles, eq(artistProfiles.id, flashDesigns.artistId))
    .where(eq(flashDesigns.id, id))
    .limit(1);
  if (!row) throw notFound('That flash design');
  return row;
}

export async function getFlash(ctx: AppContext, id: string): Promise<TFlashDesign> {
  const row = await findFlash(ctx.database.db, id);
  return presentFlash(row.f, row.artist);
}

const limitReached = () => new AppError('LIMIT_REACHED', `An artist can offer up to ${FLASH_MAX_DESIGNS} flash designs. Delete one before adding another.`);

async function countFlash(db: DbOrTx, artistId: string): Promise<{ n: number; maxPosition: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, maxPosition: sql<number>`coalesce(max(${flashDesigns.position}), -1)::int` })
    .from(flashDesigns)
    .where(eq(flashDesigns.artistId, artistId));
  return { n: Number(row?.n ?? 0), maxPosition: Number(row?.maxPosition ?? -1) };
}

/** POST /api/artists/{id}/flash: fields are validated before the image is processed, so a typo costs no encoding. */
export async function createFlash(ctx: AppContext, user: SessionUser, artistId: string, readForm: () => Promise<UploadForm>): Promise<TFlashDesign> {
  const { db } = ctx.database;
  await assertCanManageArtist(db, user, artistId);
  if ((await countFlash(db, artistId)).n >= FLASH_MAX_DESIGNS) throw limitReached();
  const form = await readForm();
  const fields = validate(ZFlashCreateFields, form.fields);
  const file = requireFile(form);
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const id = randomUUID();
  const stored = await processImageUpload(file, { storage, keyBase: `flash/${artistId}/${id}` });
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM artist_profiles WHERE id = ${artistId} FOR UPDATE`);
      const { n, maxPosition } = await countFlash(tx, artistId);
      if (n >= FLASH_MAX_DESIGNS) throw limitReached();
      await tx.insert(flashDesigns).values({
        id,
        artistId,
        title: fields.title,
        description: fields.description,
        style: fields.style ?? null,
        size: fields.size,
        sizeLabel: fields.sizeLabel,
        priceCents: fields.priceCents,
        repeatable: fields.repeatable,
        ...stored,
        position: maxPosition + 1,
      });
    });
  } catch (error) {
    await deleteStoredImage(storage, stored).catch(() => {});
    throw error;
  }
  return getFlash(ctx, id);
}

export async function updateFlash(ctx: AppContext, user: SessionUser, id: string, patch: TFlashPatch): Promise<TFlashDesign> {
  const { db } = ctx.database;
  const current = await findFlash(db, id);
  await assertCanManageArtist(db, user, current.f.artistId);
  const [row] = await db
    .update(flashDesigns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(flashDesigns.id, id))
    .returning();
  if (!row) throw notFound('That flash design');
  return presentFlash(row, current.artist);
}

export async function deleteFlash(ctx: AppContext, user: SessionUser, id: string): Promise<void> {
  const { db } = ctx.database;
  const current = await findFlash(db, id);
  await assertCanManageArtist(db, user, current.f.artistId);
  // Bookings that named the design keep their history: their flash_design_id becomes null (ON DELETE SET NULL).
  const [row] = await db.delete(flashDesigns).where(eq(flashDesigns.id, id)).returning({ storageKey: flashDesigns.storageKey, thumbKey: flashDesigns.thumbKey });
  if (!row) throw notFound('That flash design');
  await deleteStoredImage(new LocalStorage(ctx.config.STORAGE_DIR), row);
}

// ---------------------------------------------------------------------------------------------
// For the booking flow: call inside the booking's transaction.

export type BookableFlash = { id: string; artistId: string; title: string; priceCents: number; currency: string; size: FlashRow['size']; repeatable: boolean };

const alreadyBooked = () => new AppError('CONFLICT', 'This design has already been booked.');
const noLongerOffered = () => new AppError('CONFLICT', 'This design is no longer available.');

const bookableColumns = {
  id: flashDesigns.id,
  artistId: flashDesigns.artistId,
  title: flashDesigns.title,
  priceCents: flashDesigns.priceCents,
  currency: flashDesigns.currency,
  size: flashDesigns.size,
  repeatable: flashDesigns.repeatable,
  status: flashDesigns.status,
};

/**
 * A read-only check before a booking is written: the design exists, belongs to the artist
 * (when given) and is available. It does not hold the design — `reserveFlashDesign` does.
 */
export async function assertFlashBookable(tx: DbOrTx, flashDesignId: string, opts: { artistId?: string } = {}): Promise<BookableFlash> {
  if (!UUID.test(flashDesignId)) throw notFound('That flash design');
  const [row] = await tx.select(bookableColumns).from(flashDesigns).where(eq(flashDesigns.id, flashDesignId)).limit(1);
  if (!row) throw notFound('That flash design');
  if (opts.artistId && row.artistId !== opts.artistId) throw new AppError('VALIDATION_FAILED', 'flashDesignId: this design belongs to another artist.');
  if (row.status !== 'available') throw row.repeatable ? noLongerOffered() : alreadyBooked();
  const { status: _status, ...design } = row;
  return design;
}

/**
 * Claim a design for a booking, atomically: one conditional UPDATE, so of any number of
 * concurrent bookings of a one-off design exactly one wins; the others get 409. A repeatable
 * design stays available (the UPDATE still checks and row-locks it until the booking commits).
 */
export async function reserveFlashDesign(tx: DbOrTx, flashDesignId: string): Promise<BookableFlash> {
  if (!UUID.test(flashDesignId)) throw notFound('That flash design');
  const [row] = await tx
    .update(flashDesigns)
    .set({ status: sql`CASE WHEN ${flashDesigns.repeatable} THEN ${flashDesigns.status} ELSE 'reserved'::flash_status END`, updatedAt: new Date() })
    .where(and(eq(flashDesigns.id, flashDesignId), eq(flashDesigns.status, 'available')))
    .returning(bookableColumns);
  if (row) {
    const { status: _status, ...design } = row;
    return design;
  }
  const [existing] = await tx.select({ repeatable: flashDesigns.repeatable }).from(flashDesigns).where(eq(flashDesigns.id, flashDesignId)).limit(1);
  if (!existing) throw notFound('That flash design');
  throw existing.repeatable ? noLongerOffered() : alreadyBooked();
}

/** A booking of a one-off design ended without the tattoo (declined, expired, cancelled): offer it again. */
export async function releaseFlashDesign(tx: DbOrTx, flashDesignId: string): Promise<void> {
  await tx
    .update(flashDesigns)
    .set({ status: 'available', updatedAt: new Date() })
    .where(and(eq(flashDesigns.id, flashDesignId), eq(flashDesigns.status, 'reserved'), eq(flashDesigns.repeatable, false)));
}
