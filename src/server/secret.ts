import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDataKey, type Config } from './config.ts';

/** SESSION_SECRET when set; otherwise one generated on first start and kept (mode 600) in DATA_DIR. */
export function resolveSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * DATA_ENCRYPTION_KEY when set; otherwise 32 random bytes generated on first start and kept (hex,
 * mode 600) in DATA_DIR/data-encryption-key. Losing it makes every sealed consent form unreadable:
 * back it up with the database (README "Backups").
 */
export function resolveDataKey(config: Config): Buffer {
  if (config.DATA_ENCRYPTION_KEY) return config.DATA_ENCRYPTION_KEY;
  const file = path.join(config.DATA_DIR, 'data-encryption-key');
  try {
    const existing = parseDataKey(readFileSync(file, 'utf8').trim());
    if (existing) return existing;
  } catch {
    // Not created yet.
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  // 'wx': never overwrite a key another process wrote a moment ago (that one is then read back).
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = parseDataKey(readFileSync(file, 'utf8').trim());
    if (!written) throw new Error(`${file} exists but does not hold a 32-byte key; restore it from a backup or remove it if nothing was ever encrypted with it`, { cause: error });
    return written;
  }
  return key;
}
