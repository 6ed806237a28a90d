import { UPLOAD_TYPES_TEXT } from '../../shared/contracts/portfolio.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/limits.ts';

const MB = 1024 * 1024;
const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

/**
 * Why this file cannot be sent, checked before any byte leaves the browser (the rules every
 * upload follows on the server). Browsers often give HEIC files no type, so the name counts too;
 * the server decides by the file's content in the end.
 */
export function photoProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size === 0) return `“${file.name}” is empty. Choose a ${UPLOAD_TYPES_TEXT} photo.`;
  if (!TYPES.has(file.type.toLowerCase()) && !EXTENSIONS.test(file.name)) return `“${file.name}” is not a photo we can read. Use ${UPLOAD_TYPES_TEXT}.`;
  if (file.size > UPLOAD_MAX_BYTES)
    return `“${file.name}” is ${(file.size / MB).toFixed(1)} MB; the most we accept is ${UPLOAD_MAX_BYTES / MB} MB. Export a smaller JPEG and try again.`;
  return null;
}
