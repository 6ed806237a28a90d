import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DESIGN_PLACEMENT_NAMES, DESIGN_STYLE_NAMES, DESIGNS_PER_GENERATION, type TDesignSize } from '../../../shared/contracts/designs.ts';
import type { AppContext } from '../../context.ts';
import { designGenerations, generatedDesigns } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { deleteStoredImage } from '../../storage/images.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { storePrivateImage } from '../../storage/private-images.ts';
import { ImageServiceError, requestImages } from './image-service.ts';

type GenerationRow = typeof designGenerations.$inferSelect;

const ZGeneratePayload = z.object({ generationId: z.uuid() });

const SIZE_WORDS: Record<TDesignSize, string> = { small: 'small (up to 5 cm)', medium: 'medium (5 to 12 cm)', large: 'large (over 12 cm)' };

/** The prompt sent to the image service: the person's words framed by their choices. */
export function imagePrompt(g: Pick<GenerationRow, 'prompt' | 'style' | 'placement' | 'size' | 'colour'>): string {
  const colour = g.colour === 'colour' ? 'in colour' : 'in black and grey';
  return (
    `A tattoo design in the ${DESIGN_STYLE_NAMES[g.style]} style, ${colour}, ${SIZE_WORDS[g.size]}, for the ${DESIGN_PLACEMENT_NAMES[g.placement].toLowerCase()}. ` +
    `${g.prompt}. Clean tattoo flash artwork on a plain white background, no skin, no mock-up, no text unless asked for.`
  );
}

async function update(ctx: AppContext, id: string, set: Partial<typeof designGenerations.$inferInsert>) {
  await ctx.database.db.update(designGenerations).set(set).where(eq(designGenerations.id, id));
}

const fail = (ctx: AppContext, id: string, message: string) => update(ctx, id, { status: 'failed', error: message, finishedAt: new Date() });

/**
 * The `designs.generate` job. Stencil sketches need no files: a row per design is enough (the SVG
 * is redrawn from the seed). Pictures from the image service go through the upload pipeline
 * (content check, re-encode without metadata) into private storage. A service that fails ends the
 * generation with its message; anything else (the database) throws, and the worker tries the job
 * again, which resumes where it stopped.
 */
export async function runGeneration(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const { generationId } = ZGeneratePayload.parse(payload);
  const db = ctx.database.db;
  const [g] = await db.select().from(designGenerations).where(eq(designGenerations.id, generationId)).limit(1);
  if (!g || g.status === 'done' || g.status === 'failed') return;
  await update(ctx, g.id, { status: 'running', progress: Math.max(g.progress, 5) });

  const have = new Set((await db.select({ position: generatedDesigns.position }).from(generatedDesigns).where(eq(generatedDesigns.generationId, g.id))).map((r) => r.position));
  const missing = Array.from({ length: DESIGNS_PER_GENERATION }, (_, i) => i).filter((i) => !have.has(i));

  if (g.mode === 'stencil') {
    for (const position of missing) {
      await db.insert(generatedDesigns).values({ id: randomUUID(), generationId: g.id, userId: g.userId, position, format: 'svg' }).onConflictDoNothing();
      await update(ctx, g.id, { progress: Math.round(((position + 1) / DESIGNS_PER_GENERATION) * 100) });
    }
    await update(ctx, g.id, { status: 'done', progress: 100, finishedAt: new Date() });
    return;
  }

  if (!ctx.config.IMAGE_API_URL) {
    await fail(ctx, g.id, 'The image service is no longer configured on this server. Start a new generation to get stencil sketches.');
    return;
  }
  await update(ctx, g.id, { progress: 15 });
  let images: Buffer[];
  try {
    images = await requestImages(
      { url: ctx.config.IMAGE_API_URL, key: ctx.config.IMAGE_API_KEY, model: ctx.config.IMAGE_API_MODEL, timeoutMs: ctx.config.IMAGE_API_TIMEOUT_MS },
      { prompt: imagePrompt(g), n: DESIGNS_PER_GENERATION, size: '1024x1024' },
    );
  } catch (error) {
    if (error instanceof ImageServiceError) {
      await fail(ctx, g.id, error.message);
      return;
    }
    throw error;
  }
  await update(ctx, g.id, { progress: 60 });
  const stored: { position: number; storageKey: string; thumbKey: string }[] = [];
  for (const [position, bytes] of images.entries()) {
    if (!missing.includes(position)) continue;
    const id = randomUUID();
    try {
      const file = await storePrivateImage(ctx, bytes, `designs/${g.userId}/${id}`, async (file) => {
        await db.insert(generatedDesigns).values({ id, generationId: g.id, userId: g.userId, position, format: 'png', storageKey: file.storageKey, thumbKey: file.thumbKey });
        return file;
      });
      stored.push({ position, ...file });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The pipeline refused what the service sent (not an image, broken, too large): none of this answer is kept.
      if (stored.length) {
        await db.delete(generatedDesigns).where(and(eq(generatedDesigns.generationId, g.id), inArray(generatedDesigns.position, stored.map((s) => s.position))));
        const storage = new LocalStorage(ctx.config.STORAGE_DIR);
        await Promise.all(stored.map((s) => deleteStoredImage(storage, s)));
      }
      await fail(ctx, g.id, 'The image service sent something that is not a usable image. Please try again later.');
      return;
    }
    await update(ctx, g.id, { progress: 60 + Math.round((stored.length / images.length) * 40) });
  }
  await update(ctx, g.id, { status: 'done', progress: 100, finishedAt: new Date() });
}
