import type { Readable } from 'node:stream';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { UPLOAD_MAX_BYTES } from '../../shared/limits.ts';
import { AppError } from '../http/app-error.ts';
import type { LocalStorage } from './local-storage.ts';

/** The long side of a stored image; phones take 4000+ px photos nobody needs on a profile. */
export const IMAGE_MAX_SIDE_PX = 2000;
/** Thumbnails are square crops, sharp enough for a 200 px grid cell on a 2x screen. */
export const THUMB_SIDE_PX = 400;
/** Inputs beyond these are refused before their pixels are decoded (decompression bombs). */
export const INPUT_MAX_SIDE_PX = 12_000;
export const INPUT_MAX_PIXELS = 100_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';
export type StoredImage = { storageKey: string; thumbKey: string; width: number; height: number };
export type EncodedImage = { kind: ImageKind; full: Buffer; thumb: Buffer; width: number; height: number };

const ACCEPTED = 'JPEG, PNG, WebP or HEIC';
const MB = 1024 * 1024;

/**
 * Whether this machine's libvips can decode HEVC-compressed HEIC (iPhone photos). The prebuilt
 * sharp binaries ship libheif with the AV1 decoder only (HEVC is patent-encumbered), in which
 * case libvips lists just ".avif" for the heif loader.
 */
export const HEIC_DECODING = (sharp.format.heif?.input.fileSuffix ?? []).some((s) => s === '.heic' || s === '.heif');

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const startsWith = (b: Uint8Array, bytes: number[]) => bytes.every((v, i) => b[i] === v);

/** The ISO-BMFF `ftyp` brands (major first), or null when the file does not start with one. */
function ftypBrands(b: Uint8Array): string[] | null {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return null;
  const size = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const end = Math.min(size, b.length, 256);
  const brands = [ascii(b, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(b, i, i + 4));
  return brands;
}

/** The image type by its first bytes — never by the file name or the declared content type. */
export function detectImageType(b: Uint8Array): ImageKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(b);
  if (brands) {
    if (brands.some((x) => HEIC_BRANDS.has(x))) return 'heic';
    if (GENERIC_HEIF_BRANDS.has(brands[0]!) && !brands.some((x) => AVIF_BRANDS.has(x))) return 'heic';
  }
  return null;
}

/** A few common wrong files, named, so the message can say what the file really is. */
function describeOther(b: Uint8Array): string | null {
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(b, [0x4d, 0x5a])) return 'a program, not a photo';
  if (startsWith(b, [0x23, 0x21])) return 'a script, not a photo';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive';
  if (startsWith(b, [0x42, 0x4d])) return 'a BMP image';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF image';
  const brands = ftypBrands(b);
  if (brands?.some((x) => AVIF_BRANDS.has(x))) return 'an AVIF image';
  if (brands) return 'a video or another media file';
  const head = ascii(b, 0, Math.min(b.length, 256)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'an SVG drawing';
  return null;
}

export const imageTooLarge = (bytes?: number) =>
  new AppError(
    'IMAGE_TOO_LARGE',
    bytes === undefined
      ? `This file is larger than ${UPLOAD_MAX_BYTES / MB} MB, the most we accept. Export a smaller JPEG and try again.`
      : `This file is ${(bytes / MB).toFixed(1)} MB; the most we accept is ${UPLOAD_MAX_BYTES / MB} MB. Export a smaller JPEG and try again.`,
  );

const corrupt = () =>
  new AppError('IMAGE_CORRUPT', "We couldn't read this image: the file looks damaged or incomplete. Open it on your device, export it again, and retry.");

function unsupported(b: Uint8Array): AppError {
  if (b.length === 0) return new AppError('UNSUPPORTED_IMAGE', `The file is empty. Choose a ${ACCEPTED} photo.`);
  const what = describeOther(b);
  return new AppError('UNSUPPORTED_IMAGE', `${what ? `This file is ${what}. ` : "This file isn't a photo we can use. "}Upload a ${ACCEPTED} image.`);
}

/** Read a stream into memory, refusing it once it passes `maxBytes` (the rest is drained, not kept). */
export async function readUpload(input: Buffer | Readable, maxBytes = UPLOAD_MAX_BYTES): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > maxBytes) throw imageTooLarge(input.length);
    return input;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total <= maxBytes) chunks.push(chunk);
    }
  } catch (error) {
    // @fastify/multipart stops a file at its own (slightly higher) limit.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw error;
  }
  if (total > maxBytes || (input as Readable & { truncated?: boolean }).truncated) throw imageTooLarge();
  return Buffer.concat(chunks, total);
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  return corrupt();
}

/**
 * HEIC. libvips here decodes only AV1-coded HEIF (see HEIC_DECODING), so HEVC-coded HEIC — what
 * iPhones write — is decoded by libheif compiled to WebAssembly (heic-decode, with libde265),
 * already rotated as the file asks, into bare RGBA pixels: no metadata survives. That build has
 * no AV1 decoder, so when it fails libvips takes over (null).
 */
async function decodeHeicToRaw(buffer: Buffer): Promise<Sharp | null> {
  const { default: decode } = await import('heic-decode');
  let image: Awaited<ReturnType<typeof decode>>;
  try {
    image = await decode({ buffer });
  } catch {
    // Its error does not say why; libvips gets the file next and decides (AV1 decodes, broken data does not).
    return null;
  }
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
    limitInputPixels: INPUT_MAX_PIXELS,
  });
}

const tooManyPixels = (width?: number, height?: number) =>
  new AppError(
    'IMAGE_TOO_LARGE',
    width && height
      ? `This image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; the most we accept is ${INPUT_MAX_SIDE_PX.toLocaleString('en-US')} pixels on a side. Resize it and try again.`
      : `This image has more pixels than we can process (the most is ${INPUT_MAX_SIDE_PX.toLocaleString('en-US')} pixels on a side). Resize it and try again.`,
  );

/**
 * Check an upload by its content and open it for re-encoding: the type by its first bytes, the
 * dimensions from the header before a pixel is decoded, then a decoder that refuses broken data.
 */
async function openCheckedImage(buffer: Buffer): Promise<{ kind: ImageKind; base: Sharp }> {
  if (buffer.length > UPLOAD_MAX_BYTES) throw imageTooLarge(buffer.length);
  const kind = detectImageType(buffer);
  if (!kind) throw unsupported(buffer);

  let meta: Metadata;
  try {
    // Header only: dimensions are checked before a single pixel is decoded.
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w > INPUT_MAX_SIDE_PX || h > INPUT_MAX_SIDE_PX || w * h > INPUT_MAX_PIXELS) throw tooManyPixels(w, h);
  if (w < 1 || h < 1) throw corrupt();

  // 'error' refuses truncated and broken data but tolerates the harmless warnings many cameras trigger.
  const base =
    (kind === 'heic' && !HEIC_DECODING ? await decodeHeicToRaw(buffer) : null) ??
    sharp(buffer, { limitInputPixels: INPUT_MAX_PIXELS, failOn: 'error', autoOrient: true });
  return { kind, base };
}

/**
 * Check an upload by its content and re-encode it: auto-orient, then WebP (long side at most
 * IMAGE_MAX_SIDE_PX) and a square thumbnail. The output carries no metadata at all — sharp
 * writes none unless asked — so EXIF, GPS, XMP and the camera's ICC profile are gone.
 */
export async function encodeImage(buffer: Buffer): Promise<EncodedImage> {
  const { kind, base } = await openCheckedImage(buffer);
  try {
    const [full, thumb] = await Promise.all([
      base
        .clone()
        .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      base.clone().resize({ width: THUMB_SIDE_PX, height: THUMB_SIDE_PX, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { kind, full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch (error) {
    throw decodeError(error);
  }
}

/** Avatars are shown at most ~128 CSS px; twice that covers a 2x screen. */
export const AVATAR_SIDE_PX = 256;

/** An avatar: the same checks as any upload, one centred square crop, WebP without metadata. */
export async function encodeAvatar(buffer: Buffer): Promise<Buffer> {
  const { base } = await openCheckedImage(buffer);
  try {
    return await base.resize({ width: AVATAR_SIDE_PX, height: AVATAR_SIDE_PX, fit: 'cover', position: 'attention' }).webp({ quality: 80 }).toBuffer();
  } catch (error) {
    throw decodeError(error);
  }
}

export function imageKeys(keyBase: string): { storageKey: string; thumbKey: string } {
  return { storageKey: `${keyBase}.webp`, thumbKey: `${keyBase}_thumb.webp` };
}

/** Remove both files of a stored image; missing files are fine (a half-finished upload). */
export async function deleteStoredImage(storage: LocalStorage, image: { storageKey: string; thumbKey: string }): Promise<void> {
  await Promise.all([storage.delete(image.storageKey), storage.delete(image.thumbKey)]);
}

/**
 * The upload pipeline for portfolio and flash images: read (at most UPLOAD_MAX_BYTES), check
 * the content, re-encode, and store `<keyBase>.webp` plus `<keyBase>_thumb.webp`. A bad file is
 * an AppError 400 and nothing is written; a failed write removes what was written.
 */
export async function processImageUpload(input: Buffer | Readable, opts: { storage: LocalStorage; keyBase: string }): Promise<StoredImage> {
  const encoded = await encodeImage(await readUpload(input));
  const keys = imageKeys(opts.keyBase);
  try {
    await opts.storage.put(keys.storageKey, encoded.full);
    await opts.storage.put(keys.thumbKey, encoded.thumb);
  } catch (error) {
    await deleteStoredImage(opts.storage, keys).catch(() => {});
    throw error;
  }
  return { ...keys, width: encoded.width, height: encoded.height };
}
