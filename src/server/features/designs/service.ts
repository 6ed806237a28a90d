import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  designImageUrl,
  GENERATION_WINDOW_MS,
  GENERATIONS_PER_HOUR,
  type TDesign,
  type TFavouriteDesigns,
  type TGeneration,
  type TGenerationCreate,
  type TGenerationList,
  type TGenerationMode,
} from '../../../shared/contracts/designs.ts';
import { checkPrompt, quotaAt, timeLeftText } from '../../../shared/design-generator/prompt-checks.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { designGenerations, generatedDesigns } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { openPrivateImage, type PrivateImage } from '../../storage/private-images.ts';
import { designSeed, generateStencil } from './stencil.ts';

/*
 * Generations and designs belong to the person who made them: every query is scoped to user.id,
 * and anyone else (admins included: these are private drafts) gets 404, as if nothing were there.
 */

type GenerationRow = typeof designGenerations.$inferSelect;
type DesignRow = typeof generatedDesigns.$inferSelect;

const HISTORY_SHOWN = 20;

export const generatorMode = (ctx: AppContext): TGenerationMode => (ctx.config.IMAGE_API_URL ? 'ai' : 'stencil');

export function presentDesign(row: DesignRow, generation: Pick<GenerationRow, 'style' | 'prompt' | 'mode'>): TDesign {
  return {
    id: row.id,
    generationId: row.generationId,
    position: row.position,
    style: generation.style,
    prompt: generation.prompt,
    mode: generation.mode,
    format: row.format,
    imageUrl: designImageUrl(row.id, 'image'),
    svgUrl: row.format === 'svg' ? designImageUrl(row.id, 'svg') : null,
    pngUrl: designImageUrl(row.id, 'png'),
    favourite: row.favouritedAt !== null,
  };
}

function presentGeneration(row: GenerationRow, designs: DesignRow[]): TGeneration {
  return {
    id: row.id,
    prompt: row.prompt,
    style: row.style,
    placement: row.placement,
    size: row.size,
    colour: row.colour,
    mode: row.mode,
    status: row.status,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    designs: designs.filter((d) => d.generationId === row.id).sort((a, b) => a.position - b.position).map((d) => presentDesign(d, row)),
  };
}

async function recentStarts(db: DbOrTx, userId: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: designGenerations.createdAt })
    .from(designGenerations)
    .where(and(eq(designGenerations.userId, userId), gt(designGenerations.createdAt, new Date(now.getTime() - GENERATION_WINDOW_MS))));
  return rows.map((r) => r.at);
}

function requireClient(user: SessionUser) {
  // The spec's navigation offers the generator to signed-in people without an artist profile.
  if (user.isArtist) throw forbidden('The design generator is for clients planning a tattoo; artist accounts cannot use it.');
}

/**
 * POST /api/designs/generations: check the prompt, count the hour's generations, and queue the
 * job, all or nothing. A retry with the same client-chosen id answers with the generation it made.
 */
export async function startGeneration(ctx: AppContext, user: SessionUser, input: TGenerationCreate, now = new Date()): Promise<{ generation: TGeneration; created: boolean }> {
  requireClient(user);
  const verdict = checkPrompt(input.prompt);
  if (!verdict.ok) throw new AppError(verdict.code, verdict.message, { reason: verdict.reason });
  const db = ctx.database.db;
  const existing = await loadOwnGeneration(db, user.id, input.id);
  if (existing) return { generation: existing, created: false };
  const row = await db.transaction(async (tx) => {
    // One start at a time per person, so parallel requests cannot overshoot the hourly allowance.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
    const quota = quotaAt(await recentStarts(tx, user.id, now), now);
    if (quota.remaining === 0 && quota.resetsAt) {
      throw new AppError(
        'RATE_LIMITED',
        `You have made ${GENERATIONS_PER_HOUR} generations in the last hour, the most we allow. You can make another in ${timeLeftText(quota.resetsAt, now)}.`,
        { resetsAt: quota.resetsAt.toISOString(), retryAfterSeconds: Math.ceil((quota.resetsAt.getTime() - now.getTime()) / 1000) },
      );
    }
    const [inserted] = await tx
      .insert(designGenerations)
      .values({
        id: input.id,
        userId: user.id,
        prompt: input.prompt,
        style: input.style,
        placement: input.placement,
        size: input.size,
        colour: input.colour,
        mode: generatorMode(ctx),
        seed: randomInt(0, 2 ** 31 - 1),
        createdAt: now,
      })
      .onConflictDoNothing({ target: designGenerations.id })
      .returning();
    // The id is someone else's (a client that reused another person's id): refuse rather than reveal.
    if (!inserted) throw new AppError('CONFLICT', 'That generation id is already in use. Reload the page and try again.');
    await enqueueJob(tx, { kind: 'designs.generate', payload: { generationId: inserted.id }, dedupeKey: `designs.generate:${inserted.id}` });
    return inserted;
  });
  return { generation: presentGeneration(row, []), created: true };
}

async function loadOwnGeneration(db: DbOrTx, userId: string, id: string): Promise<TGeneration | null> {
  const [row] = await db.select().from(designGenerations).where(and(eq(designGenerations.id, id), eq(designGenerations.userId, userId))).limit(1);
  if (!row) return null;
  const designs = await db.select().from(generatedDesigns).where(eq(generatedDesigns.generationId, id));
  return presentGeneration(row, designs);
}

/** GET /api/designs/generations/{id} */
export async function getGeneration(ctx: AppContext, user: SessionUser, id: string): Promise<TGeneration> {
  const found = await loadOwnGeneration(ctx.database.db, user.id, id);
  if (!found) throw notFound('That generation');
  return found;
}

/** GET /api/designs/generations: the latest generations (running ones included), the engine, and the hour's allowance. */
export async function listGenerations(ctx: AppContext, user: SessionUser, now = new Date()): Promise<TGenerationList> {
  const db = ctx.database.db;
  const rows = await db.select().from(designGenerations).where(eq(designGenerations.userId, user.id)).orderBy(desc(designGenerations.createdAt)).limit(HISTORY_SHOWN);
  const designs = rows.length ? await db.select().from(generatedDesigns).where(inArray(generatedDesigns.generationId, rows.map((r) => r.id))) : [];
  const quota = quotaAt(await recentStarts(db, user.id, now), now);
  return {
    generations: rows.map((r) => presentGeneration(r, designs)),
    mode: generatorMode(ctx),
    quota: { limit: quota.limit, remaining: quota.remaining, resetsAt: quota.resetsAt?.toISOString() ?? null },
  };
}

/** GET /api/designs/favourites: newest favourite first. */
export async function listFavouriteDesigns(ctx: AppContext, user: SessionUser): Promise<TFavouriteDesigns> {
  const rows = await ctx.database.db
    .select({ design: generatedDesigns, generation: { style: designGenerations.style, prompt: designGenerations.prompt, mode: designGenerations.mode } })
    .from(generatedDesigns)
    .innerJoin(designGenerations, eq(designGenerations.id, generatedDesigns.generationId))
    .where(and(eq(generatedDesigns.userId, user.id), isNotNull(generatedDesigns.favouritedAt)))
    .orderBy(desc(generatedDesigns.favouritedAt));
  return { designs: rows.map((r) => presentDesign(r.design, r.generation)) };
}

/** PUT / DELETE /api/designs/{id}/favourite */
export async function setFavourite(ctx: AppContext, user: SessionUser, id: string, favourite: boolean): Promise<TDesign> {
  const own = await ownDesign(ctx, user, id);
  const [row] = await ctx.database.db
    .update(generatedDesigns)
    // Favouriting again keeps the first time, so the list's order does not jump.
    .set({ favouritedAt: favourite ? sql`coalesce(${generatedDesigns.favouritedAt}, now())` : null })
    .where(and(eq(generatedDesigns.id, id), eq(generatedDesigns.userId, user.id)))
    .returning();
  if (!row) throw notFound('That design');
  return presentDesign(row, own.generation);
}

type OwnDesign = { design: DesignRow; generation: GenerationRow };

async function ownDesign(ctx: AppContext, user: SessionUser, id: string): Promise<OwnDesign> {
  const [row] = await ctx.database.db
    .select({ design: generatedDesigns, generation: designGenerations })
    .from(generatedDesigns)
    .innerJoin(designGenerations, eq(designGenerations.id, generatedDesigns.generationId))
    .where(and(eq(generatedDesigns.id, id), eq(generatedDesigns.userId, user.id)))
    .limit(1);
  if (!row) throw notFound('That design');
  return row;
}

/** A stencil design's SVG, redrawn from its generation (the same seed always draws the same sketch). */
export function stencilSvg({ design, generation }: OwnDesign): string {
  return generateStencil({ ...generation, seed: designSeed(generation.seed, design.position) }).svg;
}

export type DesignFile = { kind: 'svg'; svg: string } | { kind: 'stored'; image: PrivateImage };

/** The design as shown on the page: the SVG of a sketch, or the stored picture. */
export async function openDesignImage(ctx: AppContext, user: SessionUser, id: string): Promise<DesignFile> {
  const own = await ownDesign(ctx, user, id);
  if (own.design.format === 'svg') return { kind: 'svg', svg: stencilSvg(own) };
  const image = own.design.storageKey && own.design.thumbKey ? await openPrivateImage(ctx, { storageKey: own.design.storageKey, thumbKey: own.design.thumbKey }, 'full') : null;
  if (!image) throw notFound('That design');
  return { kind: 'stored', image };
}

/** GET /api/designs/{id}/svg: sketches only (a picture from the image service has no vector form). */
export async function designSvg(ctx: AppContext, user: SessionUser, id: string): Promise<{ svg: string; fileName: string }> {
  const own = await ownDesign(ctx, user, id);
  if (own.design.format !== 'svg') throw notFound('An SVG of that design');
  return { svg: stencilSvg(own), fileName: fileNameFor(own, 'svg') };
}

/** Downloads are 1024 px square: enough to print a stencil at 8–9 cm at 300 dpi. */
export const PNG_SIDE_PX = 1024;

/** GET /api/designs/{id}/png: the sketch rasterised, or the stored picture converted to PNG. */
export async function designPng(ctx: AppContext, user: SessionUser, id: string): Promise<{ png: Buffer; fileName: string }> {
  const own = await ownDesign(ctx, user, id);
  const fileName = fileNameFor(own, 'png');
  if (own.design.format === 'svg') {
    return { png: await sharp(Buffer.from(stencilSvg(own)), { density: 72 * (PNG_SIDE_PX / 512) }).resize(PNG_SIDE_PX, PNG_SIDE_PX).png().toBuffer(), fileName };
  }
  const image = own.design.storageKey && own.design.thumbKey ? await openPrivateImage(ctx, { storageKey: own.design.storageKey, thumbKey: own.design.thumbKey }, 'full') : null;
  if (!image) throw notFound('That design');
  const chunks: Buffer[] = [];
  for await (const chunk of image.stream) chunks.push(chunk as Buffer);
  return { png: await sharp(Buffer.concat(chunks)).png().toBuffer(), fileName };
}

/** The file name a download gets: no user text in it, so the header stays plain ASCII. */
const fileNameFor = ({ design, generation }: OwnDesign, ext: 'svg' | 'png') => `inkhaven-${generation.style}-design-${design.position + 1}.${ext}`;
