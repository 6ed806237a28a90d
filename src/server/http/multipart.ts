import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../shared/limits.ts';
import { readUpload } from '../storage/images.ts';
import { AppError } from './app-error.ts';

/** @fastify/multipart's own limits sit a little above ours, so our check (with its message) fires first. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES + 64 * 1024,
  files: 1,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 21,
} as const;

export type UploadForm = {
  fields: Record<string, string>;
  file: { data: Buffer; filename: string; declaredType: string } | null;
};

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', 'Upload one image at a time.'),
  FST_FIELDS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields.'),
  FST_PARTS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields.'),
  FST_PROTO_VIOLATION: () => new AppError('BAD_REQUEST', 'The form has a field name that is not allowed.'),
  FST_INVALID_JSON_FIELD_ERROR: () => new AppError('BAD_REQUEST', 'A form field declared as JSON is not valid JSON.'),
};

/**
 * What busboy throws for a body that is not a whole multipart form: no boundary (or one it cannot
 * use: empty, longer than 256 characters), or a body cut short. Anything else is not the sender's fault.
 */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot .+)$/;

/**
 * Read a multipart form with one image in the `file` field and short text fields. The image is
 * buffered (at most UPLOAD_MAX_BYTES); checking what it is belongs to the image pipeline.
 */
export async function readUploadForm(request: FastifyRequest, fileField = 'file'): Promise<UploadForm> {
  const form = await readMultipartForm(request, { fileFields: { [fileField]: 1 } });
  return { fields: form.fields, file: form.files[fileField]?.[0] ?? null };
}

export type UploadedFile = NonNullable<UploadForm['file']>;
export type MultipartForm = { fields: Record<string, string>; files: Record<string, UploadedFile[]> };

/**
 * Read a multipart form with images in the named file fields (`fileFields`: how many each may hold;
 * a file input left empty arrives as an empty part and is skipped) and short text fields.
 * `maxFields`: a form the browser posts itself may have more fields than an upload's few.
 */
export async function readMultipartForm(request: FastifyRequest, opts: { fileFields: Readonly<Record<string, number>>; maxFields?: number }): Promise<MultipartForm> {
  const names = Object.keys(opts.fileFields);
  const firstField = names[0] ?? 'file';
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data, in a field named "${firstField}".`);
  }
  const fields = opts.maxFields ?? MULTIPART_LIMITS.fields;
  const files = Object.values(opts.fileFields).reduce((sum, n) => sum + n, 0);
  const limits = { ...MULTIPART_LIMITS, files, fields, parts: fields + files };
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', `${part.fieldname}: this value is too long.`);
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const max = opts.fileFields[part.fieldname];
      if (max === undefined) {
        part.file.resume();
        throw new AppError('UNKNOWN_FIELD', `Unknown file field "${part.fieldname}"; send the image as "${firstField}".`);
      }
      const data = await readUpload(part.file);
      if (data.length === 0 && !part.filename) continue;
      const list = (form.files[part.fieldname] ??= []);
      if (list.length >= max) throw max === 1 ? MULTIPART_ERRORS.FST_FILES_LIMIT!() : new AppError('BAD_REQUEST', `${part.fieldname}: send at most ${max} images.`);
      list.push({ data, filename: part.filename, declaredType: part.mimetype });
    }
  } catch (error) {
    const mapped = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    if (mapped) throw mapped();
    if (!(error instanceof AppError) && error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
      throw new AppError('BAD_REQUEST', 'The upload is not a complete multipart form (it has no boundary or was cut short); choose the image and send it again.');
    }
    throw error;
  }
  return form;
}

/** The form's image, or a 400 that says how to send one. */
export function requireFile(form: UploadForm, fileField = 'file'): Buffer {
  if (!form.file || form.file.data.length === 0) {
    throw new AppError('VALIDATION_FAILED', `${fileField}: choose an image to upload (JPEG, PNG, WebP or HEIC).`);
  }
  return form.file.data;
}
