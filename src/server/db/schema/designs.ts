import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TDesignColour, TDesignPlacement, TDesignSize, TDesignStyle, TGenerationMode } from '../../../shared/contracts/designs.ts';
import { users } from './auth.ts';

/**
 * The design generator (issue 15 §1, migration 0021). A generation is one request run as a durable
 * job (status and progress are what the page polls); its four designs are rows of
 * generated_designs. Stencil sketches are redrawn from the generation's seed, so only pictures
 * from an image service have files (storage keys).
 */
export const designGenerations = pgTable(
  'design_generations',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    style: text('style').$type<TDesignStyle>().notNull(),
    placement: text('placement').$type<TDesignPlacement>().notNull(),
    size: text('size').$type<TDesignSize>().notNull(),
    colour: text('colour').$type<TDesignColour>().notNull(),
    mode: text('mode').$type<TGenerationMode>().notNull(),
    seed: integer('seed').notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('design_generations_user_created_idx').on(t.userId, t.createdAt),
    check('design_generations_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('design_generations_mode_check', sql`${t.mode} IN ('stencil', 'ai')`),
    check('design_generations_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

export const generatedDesigns = pgTable(
  'generated_designs',
  {
    id: uuid('id').primaryKey(),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => designGenerations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    format: text('format').$type<'svg' | 'png'>().notNull(),
    storageKey: text('storage_key'),
    thumbKey: text('thumb_key'),
    favouritedAt: timestamp('favourited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('generated_designs_generation_position_unique').on(t.generationId, t.position),
    index('generated_designs_user_favourite_idx').on(t.userId, t.favouritedAt).where(sql`${t.favouritedAt} IS NOT NULL`),
    check('generated_designs_format_check', sql`${t.format} IN ('svg', 'png')`),
  ],
);
