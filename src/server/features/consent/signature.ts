import sharp from 'sharp';
import { CONSENT_SIGNATURE_PNG_MAX_BYTES, type TConsentSignature } from '../../../shared/contracts/consent.ts';
import { AppError } from '../../http/app-error.ts';
import { detectImageType } from '../../storage/images.ts';

/** A signature pad's canvas: generous for a phone in landscape at 3x, far below a decompression bomb. */
const SIGNATURE_MAX_SIDE_PX = 3000;
const SIGNATURE_MAX_PIXELS = 3000 * 1200;

/**
 * `png` is the re-encoded signature (its hash is part of the form's content hash); `jpeg` is the same
 * strokes flattened onto white for the PDF: pdf-lib embeds a JPEG's bytes as they are, whereas it
 * decodes and re-deflates a PNG in JavaScript (most of a form's render time before).
 */
export type CheckedSignature = { kind: 'drawn'; png: Buffer; jpeg: Buffer } | { kind: 'typed'; name: string };

const invalid = (who: string, why: string) => new AppError('SIGNATURE_INVALID', `${who}: ${why}`);

/**
 * A drawn signature arrives as a PNG data URL: it must be a PNG by its first bytes, under the size
 * cap, decode cleanly within the pixel limits, and not be empty; it is then re-encoded by sharp
 * (no metadata, no chunks of the sender's) and that PNG goes into the PDF. A typed name is kept as typed.
 */
export async function checkSignature(signature: TConsentSignature, who: string): Promise<CheckedSignature> {
  if (signature.kind === 'typed') return { kind: 'typed', name: signature.name };
  const bytes = Buffer.from(signature.png.slice(signature.png.indexOf(',') + 1), 'base64');
  if (bytes.length > CONSENT_SIGNATURE_PNG_MAX_BYTES) throw invalid(who, 'the drawn signature is too large; clear it and sign again.');
  if (detectImageType(bytes) !== 'png') throw invalid(who, 'the drawn signature is not a PNG image; sign again, or type your name instead.');
  try {
    const image = sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const w = meta.width ?? 0;
    const h = meta.height ?? 0;
    if (w < 20 || h < 10 || w > SIGNATURE_MAX_SIDE_PX || h > SIGNATURE_MAX_SIDE_PX) throw invalid(who, 'the drawn signature has an unexpected size; sign again.');
    const stats = await image.clone().stats();
    // Nothing drawn: every pixel transparent, or (without alpha) all one colour.
    const blank = meta.hasAlpha ? stats.channels[3]!.max === 0 : stats.channels.every((c) => c.min === c.max);
    if (blank) throw invalid(who, 'the signature is empty; draw it, or type your name instead.');
    const [png, jpeg] = await Promise.all([
      image.clone().png({ compressionLevel: 9, palette: true }).toBuffer(),
      image.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer(),
    ]);
    return { kind: 'drawn', png, jpeg };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(who, 'the drawn signature could not be read; clear it and sign again.');
  }
}
