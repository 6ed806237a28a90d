import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeOf, InvalidStorageKeyError, isPublicKey, isValidKey, LocalStorage } from './local-storage.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'inkhaven-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = new LocalStorage(path.join(root, 'files'));

  it('puts, gets, duplicates and deletes by key', async () => {
    await storage.put('portfolio/a/1.webp', Buffer.from('one'));
    expect((await storage.get('portfolio/a/1.webp'))?.toString()).toBe('one');
    expect(await storage.info('portfolio/a/1.webp')).toMatchObject({ size: 3 });
    await storage.duplicate('portfolio/a/1.webp', 'portfolio/b/2.webp');
    expect(await storage.delete('portfolio/a/1.webp')).toBe(true);
    expect(await storage.get('portfolio/a/1.webp')).toBeNull();
    expect((await storage.get('portfolio/b/2.webp'))?.toString()).toBe('one');
    expect(await storage.delete('portfolio/a/1.webp')).toBe(false);
    // Overwriting one key replaces its file only: a duplicate made earlier keeps its bytes.
    await storage.duplicate('portfolio/b/2.webp', 'portfolio/c/3.webp');
    await storage.put('portfolio/b/2.webp', Buffer.from('two'));
    expect((await storage.get('portfolio/c/3.webp'))?.toString()).toBe('one');
  });

  it('refuses keys that could leave the root', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', 'a//b', 'a/./b', '.hidden', 'a\\..\\b', 'a/b\0.webp', '', 'a/']) {
      expect(isValidKey(key), key).toBe(false);
      expect(() => storage.pathOf(key)).toThrow(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    }
    expect(isValidKey('portfolio/0b8e/img_1.thumb.webp')).toBe(true);
  });

  it('knows which keys are public images', () => {
    expect(isPublicKey('portfolio/x/y.webp')).toBe(true);
    expect(isPublicKey('consent/x/form.pdf')).toBe(false);
    expect(contentTypeOf('a/b.webp')).toBe('image/webp');
    expect(contentTypeOf('a/b.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('a/b.html')).toBeNull();
  });
});
