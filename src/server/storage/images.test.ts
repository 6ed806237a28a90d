import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { av1Heic, elfExecutable, hevcHeic, jpegImage, pngImage } from '../../../tests/support/image-fixtures.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/limits.ts';
import { detectImageType, encodeImage, processImageUpload, readUpload } from './images.ts';
import { LocalStorage } from './local-storage.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('detectImageType', () => {
  it('goes by the first bytes only', async () => {
    expect(detectImageType(await jpegImage())).toBe('jpeg');
    expect(detectImageType(await pngImage())).toBe('png');
    expect(detectImageType(await sharp(await pngImage()).webp().toBuffer())).toBe('webp');
    expect(detectImageType(hevcHeic())).toBe('heic');
    expect(detectImageType(await av1Heic())).toBe('heic');
    // AVIF is HEIF too, but not one of the accepted formats.
    expect(detectImageType(await sharp(await pngImage()).avif().toBuffer())).toBeNull();
    expect(detectImageType(await sharp(await pngImage()).gif().toBuffer())).toBeNull();
    expect(detectImageType(elfExecutable())).toBeNull();
    expect(detectImageType(Buffer.from('RIFF0000WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('HEIC photos (HEVC, as iPhones write them)', () => {
  it('decodes a real HEVC HEIC into WebP without its metadata', async () => {
    // tests/fixtures/sample-hevc.heic: a 320×240 photo encoded by libheif's heif-enc with x265, EXIF included.
    const heic = readFileSync(path.resolve('tests/fixtures/sample-hevc.heic'));
    expect(detectImageType(heic)).toBe('heic');
    const out = await encodeImage(heic);
    expect(out.kind).toBe('heic');
    expect([out.width, out.height]).toEqual([320, 240]);
    const meta = await sharp(out.full).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The pixels are the photo's: its left edge is dark red-free, its bottom right bright (a gradient).
    const { data } = await sharp(out.full).extract({ left: 250, top: 200, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
  });
});

describe('readUpload', () => {
  it('reads a stream, and refuses one that passes the limit without keeping it', async () => {
    const small = await readUpload(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 10);
    expect(small.toString()).toBe('abcdef');
    await expect(readUpload(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 10)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    await expect(readUpload(Buffer.alloc(UPLOAD_MAX_BYTES + 1))).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', message: expect.stringMatching(/15\.0 MB; the most we accept is 15 MB/) });
  });
});

describe('processImageUpload', () => {
  it('removes what it wrote when storing fails half-way', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'images-test-'));
    dirs.push(root);
    const storage = new LocalStorage(root);
    const original = storage.put.bind(storage);
    let calls = 0;
    storage.put = async (key, data) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return original(key, data);
    };
    await expect(processImageUpload(await jpegImage(), { storage, keyBase: 'portfolio/a/b' })).rejects.toThrow('disk full');
    expect(readdirSync(path.join(root, 'portfolio', 'a'))).toEqual([]);
  });

  it('keeps transparency and never enlarges a small image', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const out = await encodeImage(png);
    expect([out.width, out.height]).toEqual([300, 200]);
    expect((await sharp(out.full).metadata()).hasAlpha).toBe(true);
  });
});
