import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestClient } from './db-utils.ts';

/** Test images made on the spot (no binary fixtures in the repository). */

export async function pngImage(width = 640, height = 480, colour = '#b45309'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f5efe6"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function jpegImage(width = 800, height = 600, colour?: string): Promise<Buffer> {
  return sharp(await pngImage(width, height, colour)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A photo of random pixels: a flat colour compresses to almost nothing, so it proves little about
 * size limits, re-encoding or upload progress. Deterministic (a fixed linear congruential seed).
 */
export async function noisyImage(width = 640, height = 480, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 4242;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 1 }).toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/** A JPEG as a phone writes it: EXIF with camera make, GPS position and a rotate-90 orientation. */
export async function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Model: 'Inkhaven 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 0/1' },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A PNG whose header claims 20,000 × 20,000 pixels: a few hundred bytes on disk, 1.2 GB once decoded. */
export function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 16));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

export function elfExecutable(): Buffer {
  const b = Buffer.alloc(512);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b);
  return b;
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
};

/**
 * A structurally valid HEIC (what an iPhone writes: `ftyp heic`, an `hvc1` item with an `hvcC`
 * configuration) whose HEVC bitstream is placeholder bytes. A libheif without an HEVC decoder
 * stops at the codec; one with a decoder stops at the bitstream.
 */
export function hevcHeic(width = 64, height = 48): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const hvcc = Buffer.alloc(23);
  hvcc[0] = 1; // configurationVersion
  hvcc[1] = 0x01; // general_profile_idc = Main
  hvcc.writeUInt32BE(0x60000000, 2);
  hvcc[12] = 90; // level 3
  hvcc.writeUInt16BE(0xf000, 13);
  hvcc[15] = 0xfc;
  hvcc[16] = 0xfd; // chroma 4:2:0
  hvcc[17] = 0xf8;
  hvcc[18] = 0xf8;
  hvcc[21] = 0x0f; // lengthSizeMinusOne = 3
  hvcc[22] = 0; // no parameter-set arrays
  const payload = Buffer.alloc(64, 0x42);
  const build = (offset: number) => {
    const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
    const pitm = fullBox('pitm', 0, u16(1));
    const iloc = fullBox('iloc', 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(payload.length));
    const infe = fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), Buffer.from([0]));
    const iinf = fullBox('iinf', 0, u16(1), infe);
    const ipco = box('ipco', box('hvcC', hvcc), fullBox('ispe', 0, u32(width), u32(height)));
    const ipma = fullBox('ipma', 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02]));
    const meta = fullBox('meta', 0, hdlr, pitm, iloc, iinf, box('iprp', ipco, ipma));
    return Buffer.concat([ftyp, meta, box('mdat', payload)]);
  };
  const draft = build(0);
  return build(draft.length - payload.length);
}

/** A HEIC container (`ftyp heic`) holding an AV1 image, which the prebuilt libheif can decode. */
export async function av1Heic(width = 64, height = 48): Promise<Buffer> {
  const avif = await sharp(await pngImage(width, height)).avif({ quality: 60 }).toBuffer();
  const out = Buffer.from(avif);
  out.write('heic', 8, 'latin1');
  return out;
}

export type UploadFile = { data: Buffer; filename?: string; type?: string; field?: string };

/** A multipart/form-data body as a browser builds it: text fields first, then the file. */
export function multipartBody(fields: Record<string, string>, file?: UploadFile | UploadFile[]): { payload: Buffer; contentType: string } {
  const boundary = `----inkhaven${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of [file ?? []].flat()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename ?? 'photo.jpg'}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a storage root, relative and sorted: tests compare it before and after a refused upload. */
export function storedFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** A multipart upload through the app, carrying the client's cookies and CSRF token. */
export async function uploadAs(client: TestClient, url: string, fields: Record<string, string>, file?: UploadFile | UploadFile[], method: 'POST' | 'PUT' = 'POST') {
  const { payload, contentType } = multipartBody(fields, file);
  const token = await client.csrfToken();
  return client.app.inject({ method, url, payload, headers: { cookie: client.cookieHeader(), 'x-csrf-token': token, 'content-type': contentType } });
}
