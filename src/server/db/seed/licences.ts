import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Tx } from '../client.ts';
import { artistLicences } from '../schema/index.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import { licenceJobs } from '../../features/identity/licences.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { deleteStoredImage, processImageUpload, type StoredImage } from '../../storage/images.ts';
import { insertMany } from './bulk-insert.ts';

/**
 * The demo's Verified badges stand for what they stand for in the app: an approved licence that has
 * not expired (decision 0023). Each verified demo artist gets one, approved when the demo was
 * seeded, with a drawn specimen document as its private image, and the reminder and expiry jobs an
 * approval schedules.
 */
export type DemoLicence = { id: string; artistId: string; kind: 'licence' | 'health_permit'; issuingPlace: string; expiresOn: string; holder: string };

const DAY_MS = 86_400_000;

/** One licence per verified artist; expiries spread over 4 to 22 months so none runs out during a demo. */
export function planDemoLicences(profiles: Array<{ id?: string; displayName: string; city: string; kind: string; verified?: boolean }>, now: Date): DemoLicence[] {
  return profiles
    .filter((p): p is typeof p & { id: string } => Boolean(p.verified && p.id))
    .map((p, i) => ({
      id: randomUUID(),
      artistId: p.id,
      kind: p.kind === 'piercing' ? 'health_permit' : 'licence',
      issuingPlace: `${p.city} Department of Health`,
      expiresOn: new Date(now.getTime() + (120 + ((i * 47) % 540)) * DAY_MS).toISOString().slice(0, 10),
      holder: p.displayName,
    }));
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A specimen document: a card with a seal, the holder, the issuer and the expiry, marked as demo data. */
function documentSvg(l: DemoLicence): string {
  const title = l.kind === 'licence' ? 'BODY ART PRACTITIONER LICENCE' : 'BODY PIERCING HEALTH PERMIT';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="560" viewBox="0 0 900 560">
  <rect width="900" height="560" rx="24" fill="#f7f3ea" stroke="#5b4b3a" stroke-width="6"/>
  <rect x="24" y="24" width="852" height="70" rx="10" fill="#2f4858"/>
  <text x="450" y="70" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${title}</text>
  <circle cx="140" cy="250" r="80" fill="none" stroke="#8a6d3b" stroke-width="8"/>
  <circle cx="140" cy="250" r="56" fill="#8a6d3b" opacity="0.25"/>
  <text x="270" y="190" font-family="sans-serif" font-size="22" fill="#5b4b3a">Holder</text>
  <text x="270" y="226" font-family="sans-serif" font-size="34" font-weight="700" fill="#1d1d1d">${escapeXml(l.holder)}</text>
  <text x="270" y="290" font-family="sans-serif" font-size="22" fill="#5b4b3a">Issued by</text>
  <text x="270" y="324" font-family="sans-serif" font-size="28" fill="#1d1d1d">${escapeXml(l.issuingPlace)}</text>
  <text x="270" y="388" font-family="sans-serif" font-size="22" fill="#5b4b3a">Valid until</text>
  <text x="270" y="422" font-family="sans-serif" font-size="28" fill="#1d1d1d">${l.expiresOn}</text>
  <text x="450" y="520" font-family="sans-serif" font-size="20" fill="#a33" text-anchor="middle">SPECIMEN · Inkhaven demo data · not a real document</text>
</svg>`;
}

/** Draws and stores each document through the upload pipeline (re-encoded like an artist's upload). */
export async function writeDemoLicenceImages(storage: LocalStorage, licences: DemoLicence[]): Promise<Map<string, StoredImage>> {
  const stored = new Map<string, StoredImage>();
  for (const l of licences) {
    const png = await sharp(Buffer.from(documentSvg(l))).png().toBuffer();
    stored.set(l.id, await processImageUpload(png, { storage, keyBase: `licences/${l.artistId}/${l.id}` }));
  }
  return stored;
}

/** In the seed's transaction: the approved rows and their jobs. */
export async function insertDemoLicences(tx: Tx, licences: DemoLicence[], images: Map<string, StoredImage>, now: Date): Promise<void> {
  await insertMany(
    tx,
    artistLicences,
    licences.map(({ holder: _holder, ...l }) => ({ ...l, ...images.get(l.id)!, status: 'approved' as const, decisionNote: 'Demo data: a specimen document.', decidedAt: now })),
  );
  await enqueueJobs(tx, licences.flatMap((l) => licenceJobs(l, now)));
}

export async function deleteDemoLicenceImages(storage: LocalStorage, images: Map<string, StoredImage>): Promise<void> {
  await Promise.all([...images.values()].map((image) => deleteStoredImage(storage, image)));
}
