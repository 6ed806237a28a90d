import { CheckCircle2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../../shared/contracts/portfolio.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { photoProblem } from '../../lib/photo-check.ts';
import type { UploadProgress } from '../../lib/upload.ts';
import { sentence } from '../../ui/field.tsx';
import { consentErrorText } from './consent-model.ts';

const MB = 1024 * 1024;

/** Sends a checked photo and answers its id; the demo passes one that sends nothing. */
export type PhotoSender = (file: File, onProgress: (p: UploadProgress) => void) => Promise<{ id: string }>;

/**
 * An ID photo: checked in the browser, uploaded with a progress bar, and shown only by name once
 * uploaded (no preview: the picture stays out of the page, and out of anything the page keeps).
 */
export function IdPhotoField({
  label,
  hint,
  send,
  onChange,
  error,
  fieldId,
  name,
  kept,
}: {
  label: string;
  hint: string;
  send: PhotoSender;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  fieldId: string;
  /** The file field's name when the browser posts the form itself (no JavaScript). */
  name?: string;
  /** A photo already stored by an earlier, refused post of this form (the form keeps its id). */
  kept?: boolean;
}) {
  const progressId = useId();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(kept ? 'The photo you sent before' : null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const bad = photoProblem(file);
    if (bad) {
      setProblem(bad);
      return;
    }
    setDone(null);
    onChange(null);
    setProgress({ name: file.name, percent: 0 });
    try {
      const uploaded = await send(file, (p) => setProgress({ name: file.name, percent: Math.round(p.fraction * 100) }));
      onChange(uploaded.id);
      setDone(file.name);
    } catch (err) {
      setProblem(`“${file.name}” was not added: ${consentErrorText(err)}`);
    } finally {
      setProgress(null);
    }
  };

  const shown = problem ?? (error ? sentence(error) : null);
  const describedBy = [`${fieldId}-hint`, shown ? `${fieldId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm font-medium text-stone-900">{label}</label>
      <p id={`${fieldId}-hint`} className="text-xs text-stone-600">
        {hint} {UPLOAD_TYPES_TEXT}, up to {UPLOAD_MAX_BYTES / MB} MB.
      </p>
      <input
        id={fieldId}
        type="file"
        name={name}
        accept={UPLOAD_ACCEPT}
        disabled={progress !== null}
        aria-describedby={describedBy}
        aria-invalid={shown ? true : undefined}
        onChange={(e) => void onPick(e)}
        className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-stone-700 disabled:opacity-60"
      />
      {progress ? (
        <div className="space-y-1">
          <p id={progressId} className="text-sm text-stone-800">
            {progress.percent >= 100 ? `Checking ${progress.name}…` : `Uploading ${progress.name}… ${progress.percent}%`}
          </p>
          <div role="progressbar" aria-labelledby={progressId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent} className="h-2 w-full overflow-hidden rounded-full bg-stone-200">
            <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
      ) : null}
      {shown ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">{shown}</p>
      ) : null}
      <p role="status" className="text-sm text-emerald-800">
        {done ? (
          <span className="inline-flex items-center gap-1">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> {done} added.
          </span>
        ) : null}
      </p>
    </div>
  );
}
