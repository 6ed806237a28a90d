import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM envelopes for health data at rest (issue 13 §4, decision 0021): consent answers,
 * dates of birth, ID photos and signed PDFs. Layout: version byte (1) · key id (4 bytes, from the
 * key's SHA-256, so a wrong key is named as such rather than failing as "corrupt") · 12-byte random
 * IV · 16-byte tag · ciphertext. `context` is bound as additional data, so an envelope copied onto
 * another row (another form's PDF) does not open there.
 */
const VERSION = 1;
const HEADER = 1 + 4 + 12 + 16;

export class SealedDataError extends Error {
  override name = 'SealedDataError';
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest().subarray(0, 4);

export function seal(key: Buffer, plain: Uint8Array, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), keyId(key), iv, cipher.getAuthTag(), body]);
}

export function unseal(key: Buffer, sealed: Uint8Array, context: string): Buffer {
  const box = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (box.length < HEADER || box[0] !== VERSION) throw new SealedDataError('not a sealed envelope this server understands');
  if (!box.subarray(1, 5).equals(keyId(key))) throw new SealedDataError('sealed with another DATA_ENCRYPTION_KEY');
  const decipher = createDecipheriv('aes-256-gcm', key, box.subarray(5, 17));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(box.subarray(17, 33));
  try {
    return Buffer.concat([decipher.update(box.subarray(HEADER)), decipher.final()]);
  } catch {
    throw new SealedDataError('the sealed bytes were changed or belong elsewhere');
  }
}

export const sealJson = (key: Buffer, value: unknown, context: string) => seal(key, Buffer.from(JSON.stringify(value), 'utf8'), context);
export const unsealJson = <T>(key: Buffer, sealed: Uint8Array, context: string): T => JSON.parse(unseal(key, sealed, context).toString('utf8')) as T;
