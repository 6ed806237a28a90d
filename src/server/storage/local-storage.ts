import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

// Every segment starts with a letter or digit, which rules out '.', '..', hidden files
// (our temp files start with '.') and empty segments; backslashes and NUL never match.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/**
 * Top-level folders whose files anyone may fetch at /uploads/*. Everything else (consent
 * forms, ID images, booking reference photos) stays private and is served only by the
 * feature that checks who is asking.
 */
export const PUBLIC_PREFIXES = ['portfolio/', 'seed-pool/', 'avatars/', 'studios/', 'flash/'] as const;

export function isPublicKey(key: string): boolean {
  return isValidKey(key) && PUBLIC_PREFIXES.some((p) => key.startsWith(p));
}

export type StoredFileInfo = { size: number; modifiedAt: Date };

/** Files on the local disk, addressed by slash-separated keys below one root directory. */
export class LocalStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key; refuses anything that could leave the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    return full;
  }

  /** Write atomically (temp file + rename), so a reader never sees half a file and hard-linked copies stay intact. */
  async put(key: string, data: Uint8Array): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = path.join(path.dirname(full), `.${path.basename(full)}.${randomUUID()}.tmp`);
    await writeFile(tmp, data);
    try {
      await rename(tmp, full);
    } catch (error) {
      await unlink(tmp).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async info(key: string): Promise<StoredFileInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.info(key)) !== null;
  }

  stream(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  /** Returns false when there was nothing to delete. */
  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * Give an existing file a second key without copying its bytes (a hard link; a copy where
   * the file system has none). Deleting either key leaves the other intact.
   */
  async duplicate(fromKey: string, toKey: string): Promise<void> {
    const from = this.pathOf(fromKey);
    const to = this.pathOf(toKey);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') await copyFile(from, to);
      else throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The content type of a public file, or null when the extension is not one we serve. */
export function contentTypeOf(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? null;
}
