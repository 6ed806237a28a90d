import { z } from 'zod';
import { ZUuid, zText } from './input.ts';

/**
 * The tattoo design generator (/ai-generator, issue 15 §1). A generation is one request (prompt and
 * choices) that makes four designs; it runs as a durable job and the page polls it.
 */

/** The nine styles of the spec's tattoo styles page, by slug (the artist search takes the same slug). */
export const DESIGN_STYLES = ['traditional', 'realism', 'watercolor', 'geometric', 'fine-line', 'japanese', 'blackwork', 'neo-traditional', 'minimalist'] as const;
export type TDesignStyle = (typeof DESIGN_STYLES)[number];
export const DESIGN_STYLE_NAMES: Record<TDesignStyle, string> = {
  traditional: 'Traditional',
  realism: 'Realism',
  watercolor: 'Watercolor',
  geometric: 'Geometric',
  'fine-line': 'Fine Line',
  japanese: 'Japanese',
  blackwork: 'Blackwork',
  'neo-traditional': 'Neo Traditional',
  minimalist: 'Minimalist',
};

export const DESIGN_PLACEMENTS = ['forearm', 'upper-arm', 'wrist', 'hand', 'shoulder', 'chest', 'back', 'ribs', 'hip', 'thigh', 'calf', 'ankle', 'neck'] as const;
export type TDesignPlacement = (typeof DESIGN_PLACEMENTS)[number];
export const DESIGN_PLACEMENT_NAMES: Record<TDesignPlacement, string> = {
  forearm: 'Forearm',
  'upper-arm': 'Upper arm',
  wrist: 'Wrist',
  hand: 'Hand',
  shoulder: 'Shoulder',
  chest: 'Chest',
  back: 'Back',
  ribs: 'Ribs',
  hip: 'Hip',
  thigh: 'Thigh',
  calf: 'Calf',
  ankle: 'Ankle',
  neck: 'Neck',
};

export const DESIGN_SIZES = ['small', 'medium', 'large'] as const;
export type TDesignSize = (typeof DESIGN_SIZES)[number];
export const DESIGN_SIZE_NAMES: Record<TDesignSize, string> = { small: 'Small (up to 5 cm)', medium: 'Medium (5–12 cm)', large: 'Large (over 12 cm)' };

export const DESIGN_COLOURS = ['colour', 'black-and-grey'] as const;
export type TDesignColour = (typeof DESIGN_COLOURS)[number];

export const PROMPT_MIN = 3;
export const PROMPT_MAX = 300;
/** Generations a person may start in GENERATION_WINDOW_MS. */
export const GENERATIONS_PER_HOUR = 20;
export const GENERATION_WINDOW_MS = 3_600_000;
export const DESIGNS_PER_GENERATION = 4;

export const DESIGNS_PATH = '/api/designs';

export const ZGenerationCreate = z.strictObject({
  /** Chosen by the client: a retry after a lost answer finds the generation it made. */
  id: ZUuid,
  prompt: zText().trim().min(PROMPT_MIN, `describe your idea in at least ${PROMPT_MIN} characters`).max(PROMPT_MAX, `keep it under ${PROMPT_MAX} characters`),
  style: z.enum(DESIGN_STYLES, 'choose one of the nine styles'),
  placement: z.enum(DESIGN_PLACEMENTS, 'choose a placement'),
  size: z.enum(DESIGN_SIZES, 'choose small, medium or large'),
  colour: z.enum(DESIGN_COLOURS, 'choose colour or black and grey'),
});
export type TGenerationCreate = z.infer<typeof ZGenerationCreate>;

export const GENERATION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const GENERATION_MODES = ['stencil', 'ai'] as const;
export type TGenerationMode = (typeof GENERATION_MODES)[number];

const instant = z.iso.datetime({ offset: true });

export const ZDesign = z.strictObject({
  id: ZUuid,
  generationId: ZUuid,
  position: z.number().int().min(0),
  /** From the generation: what the design's actions need on their own (favourites list them apart from it). */
  style: z.enum(DESIGN_STYLES),
  prompt: z.string(),
  mode: z.enum(['stencil', 'ai']),
  /** 'svg' for stencil sketches (drawn here), 'png' for pictures from the image service (stored re-encoded). */
  format: z.enum(['svg', 'png']),
  imageUrl: z.string(),
  svgUrl: z.string().nullable(),
  pngUrl: z.string(),
  favourite: z.boolean(),
});
export type TDesign = z.infer<typeof ZDesign>;

export const ZGeneration = z.strictObject({
  id: ZUuid,
  prompt: z.string(),
  style: z.enum(DESIGN_STYLES),
  placement: z.enum(DESIGN_PLACEMENTS),
  size: z.enum(DESIGN_SIZES),
  colour: z.enum(DESIGN_COLOURS),
  mode: z.enum(GENERATION_MODES),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  createdAt: instant,
  designs: z.array(ZDesign),
});
export type TGeneration = z.infer<typeof ZGeneration>;

export const ZGenerationList = z.strictObject({
  generations: z.array(ZGeneration),
  /** Which engine a new generation uses on this server. */
  mode: z.enum(GENERATION_MODES),
  quota: z.strictObject({ limit: z.number().int(), remaining: z.number().int().min(0), resetsAt: instant.nullable() }),
});
export type TGenerationList = z.infer<typeof ZGenerationList>;

export const ZFavouriteDesigns = z.strictObject({ designs: z.array(ZDesign) });
export type TFavouriteDesigns = z.infer<typeof ZFavouriteDesigns>;

export const ZGenerationParams = z.strictObject({ id: ZUuid });
export const ZDesignParams = z.strictObject({ id: ZUuid });

export const designImageUrl = (id: string, format: 'svg' | 'png' | 'image') => `${DESIGNS_PATH}/${id}/${format}`;
