import { createHash } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { TConsentAnswers, TConsentKind, TConsentQuestion } from '../../../shared/contracts/consent.ts';
import type { CheckedSignature } from './signature.ts';

export type ConsentAuditLine = { event: string; at: Date; ip: string | null; userAgent: string | null };

/** Everything a signed form shows; the same values (as canonical JSON) make the content hash. */
export type ConsentPdfInput = {
  formId: string;
  bookingId: string;
  kind: TConsentKind;
  serviceName: string;
  artistName: string;
  clientName: string;
  startsAt: Date;
  artistTimezone: string;
  template: { id: string; version: number; isDefault: boolean };
  questions: TConsentQuestion[];
  answers: TConsentAnswers;
  dateOfBirth: string;
  signature: CheckedSignature;
  clientIdImageSha256: string | null;
  guardian: { name: string; relationship: string; signature: CheckedSignature; idImageSha256: string } | null;
  /** The artist's countersignature: their name and when they confirmed the booking (decision 0021). */
  artistConfirmedAt: Date | null;
  audit: ConsentAuditLine[];
  signedAt: Date;
};

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * The SHA-256 printed in the PDF: of the form's content as canonical JSON (drawn signatures by their
 * own hash), so it can be recomputed from the data without the PDF's layout. The stored PDF's own
 * bytes have their hash recorded beside it (verify), which no PDF can contain.
 */
export function consentContentSha256(input: ConsentPdfInput): string {
  const sig = (s: CheckedSignature) => (s.kind === 'drawn' ? { kind: 'drawn', pngSha256: sha256(s.png) } : s);
  const answers = Object.fromEntries(Object.entries(input.answers).sort(([a], [b]) => a.localeCompare(b)));
  return sha256(
    JSON.stringify({
      ...input,
      answers,
      startsAt: input.startsAt.toISOString(),
      signedAt: input.signedAt.toISOString(),
      artistConfirmedAt: input.artistConfirmedAt?.toISOString() ?? null,
      signature: sig(input.signature),
      guardian: input.guardian ? { ...input.guardian, signature: sig(input.guardian.signature) } : null,
      audit: input.audit.map((a) => ({ ...a, at: a.at.toISOString() })),
    }),
  );
}

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 50;
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.42, 0.4, 0.38);

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** A page writer: lines flow down and onto new pages; text the standard font cannot draw becomes "?". */
class Writer {
  page: PDFPage;
  y = PAGE.height - MARGIN;
  private readonly drawable: Set<number>;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.drawable = new Set(font.getCharacterSet());
  }
  safe(text: string): string {
    return Array.from(text.replace(/[\r\n\t]+/g, ' '), (c) => (this.drawable.has(c.codePointAt(0)!) ? c : '?')).join('');
  }
  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const words = this.safe(text).split(' ');
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
      // A single word wider than the line (a long hash, a pasted URL) is cut.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  }
  text(text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const indent = opts.indent ?? 0;
    for (const line of this.wrap(text, font, size, PAGE.width - 2 * MARGIN - indent)) {
      this.ensure(size * 1.4);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: opts.color ?? INK });
      this.y -= size * 1.4;
    }
    this.y -= opts.gap ?? 2;
  }
  heading(text: string) {
    this.y -= 8;
    this.ensure(40);
    this.text(text, { size: 13, bold: true, gap: 4 });
  }
  image(img: PDFImage, maxWidth: number, maxHeight: number) {
    const scale = Math.min(maxWidth / img.width, maxHeight / img.height, 1);
    const w = img.width * scale;
    const h = img.height * scale;
    this.ensure(h + 6);
    this.page.drawImage(img, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 6;
  }
}

function answerText(q: TConsentQuestion, answer: boolean | string | undefined): string {
  if (answer === undefined || answer === '') return 'Not answered';
  if (q.type === 'acknowledge') return answer === true ? 'Acknowledged' : 'Not acknowledged';
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  return answer;
}

/**
 * The signed consent form as a PDF (pdf-lib, standard fonts, A4): booking, answers, signatures,
 * template version, audit trail and the content's SHA-256. Returns the bytes and that hash.
 */
export async function renderConsentPdf(input: ConsentPdfInput): Promise<{ pdf: Uint8Array; contentSha256: string }> {
  const contentSha256 = consentContentSha256(input);
  const doc = await PDFDocument.create();
  doc.setTitle(`Consent form — ${input.serviceName}`);
  doc.setAuthor('Inkhaven');
  doc.setProducer('Inkhaven');
  doc.setCreator('Inkhaven');
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  const [font, bold, italic] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold), doc.embedFont(StandardFonts.HelveticaOblique)]);
  const w = new Writer(doc, font, bold);

  w.text(`${input.kind === 'tattoo' ? 'Tattoo' : 'Piercing'} consent and release`, { size: 18, bold: true, gap: 6 });
  w.text(`${input.serviceName} with ${input.artistName}`, { size: 11 });
  w.text(`Appointment: ${utc(input.startsAt)} (artist's time zone: ${input.artistTimezone})`, { size: 10 });
  w.text(`Client: ${input.clientName}    Date of birth: ${input.dateOfBirth}`, { size: 10 });
  w.text(`Form ${input.formId} · booking ${input.bookingId}`, { size: 8, color: MUTED });
  w.text(
    `Template: ${input.template.isDefault ? 'Inkhaven default' : `${input.artistName}'s template`}, version ${input.template.version} (${input.template.id})`,
    { size: 8, color: MUTED },
  );

  w.heading('Answers');
  for (const q of input.questions) {
    w.ensure(30);
    w.text(q.label, { size: 10, bold: true, gap: 0 });
    if (q.help) w.text(q.help, { size: 8, color: MUTED, gap: 0 });
    w.text(answerText(q, input.answers[q.id]), { size: 10, indent: 12, gap: 6 });
  }

  w.heading('Identity');
  w.text(input.clientIdImageSha256 ? `Client ID photo on file (kept encrypted), SHA-256 ${input.clientIdImageSha256}` : 'No client ID photo uploaded with the form.', { size: 9 });
  if (input.guardian) w.text(`Guardian ID photo on file (kept encrypted), SHA-256 ${input.guardian.idImageSha256}`, { size: 9 });

  w.heading('Signatures');
  const drawSignature = async (label: string, signature: CheckedSignature) => {
    w.text(label, { size: 10, bold: true });
    if (signature.kind === 'drawn') w.image(await doc.embedJpg(signature.jpeg), 220, 80);
    else {
      w.ensure(30);
      w.page.drawText(w.safe(signature.name), { x: MARGIN, y: w.y - 20, size: 20, font: italic, color: INK });
      w.y -= 26;
      w.text('(typed name as signature)', { size: 8, color: MUTED });
    }
  };
  await drawSignature(`Client: ${input.clientName}, signed ${utc(input.signedAt)}`, input.signature);
  if (input.guardian) await drawSignature(`Parent or guardian: ${input.guardian.name} (${input.guardian.relationship}), signed ${utc(input.signedAt)}`, input.guardian.signature);
  w.text(`Artist: ${input.artistName}${input.artistConfirmedAt ? `, confirmed the booking ${utc(input.artistConfirmedAt)}` : ''}`, { size: 10, bold: true });

  w.heading('Audit trail');
  for (const a of input.audit) {
    w.text(`${a.event.padEnd(8)} ${utc(a.at)}  IP ${a.ip ?? '—'}`, { size: 9, gap: 0 });
    w.text(`User agent: ${a.userAgent ?? '—'}`, { size: 8, color: MUTED, indent: 12, gap: 4 });
  }

  w.heading('Integrity');
  w.text(`SHA-256 of the content: ${contentSha256}`, { size: 9 });
  w.text('This form is stored sealed and cannot be changed; the SHA-256 of this PDF file was recorded when it was signed, and Inkhaven can check it at any time.', {
    size: 8,
    color: MUTED,
  });

  const pdf = await doc.save();
  return { pdf, contentSha256 };
}
