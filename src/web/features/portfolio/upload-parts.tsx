import { AlertDialog } from 'radix-ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { UPLOAD_TYPES_TEXT } from '../../../shared/contracts/portfolio.ts';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { errorMessage } from '../../lib/errors.ts';
import { uploadWithProgress } from '../../lib/upload.ts';
import { Button } from '../../ui/button.tsx';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'error'; message: string };

const MB = 1024 * 1024;

export const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600';
export const FILE_INPUT =
  'block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-stone-700';

/** A person-readable reason this file cannot be sent, checked before any byte leaves the browser. */
export function checkFile(file: File | null | undefined): string | null {
  if (!file || file.size === 0) return `Choose a photo to upload (${UPLOAD_TYPES_TEXT}).`;
  if (file.size > UPLOAD_MAX_BYTES) return `This file is ${(file.size / MB).toFixed(1)} MB; the most we accept is ${UPLOAD_MAX_BYTES / MB} MB. Export a smaller JPEG and try again.`;
  return null;
}

/** One upload at a time, with its progress (bytes sent, then the server's processing). */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const busy = state.phase === 'uploading' || state.phase === 'processing';
  const start = useCallback(async <T,>(url: string, form: FormData): Promise<T | null> => {
    setState({ phase: 'uploading', percent: 0 });
    try {
      const result = await uploadWithProgress<T>(url, form, (p) => {
        // Once every byte is sent the server still re-encodes the image: say so rather than sit at 100 %.
        setState(p.fraction >= 1 ? { phase: 'processing' } : { phase: 'uploading', percent: Math.round(p.fraction * 100) });
      });
      setState({ phase: 'idle' });
      return result;
    } catch (error) {
      setState({ phase: 'error', message: errorMessage(error) });
      return null;
    }
  }, []);
  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);
  return { state, busy, start, fail };
}

export function UploadStatus({ state, label }: { state: UploadState; label: string }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'error') {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {state.message}
      </p>
    );
  }
  const percent = state.phase === 'uploading' ? state.percent : 100;
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <div className="flex justify-between text-sm text-stone-800">
        <span id={`${label}-progress-label`}>{state.phase === 'uploading' ? `Uploading… ${percent}%` : 'Processing the image…'}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${label}-progress-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className={`h-full rounded-full bg-amber-500 transition-[width] ${state.phase === 'processing' ? 'animate-pulse' : ''}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

const DANGER_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2';

/** A delete button that asks first. */
export function ConfirmDelete({ label, title, description, onConfirm }: { label: string; title: string; description: string; onConfirm: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" aria-label={label} className={`${DANGER_BASE} border border-red-300 bg-white text-red-800 hover:bg-red-50`}>
          Delete
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className={`${DANGER_BASE} bg-red-700 text-white hover:bg-red-800`} onClick={onConfirm}>
                Delete
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A polite live region for "Saved", "Moved to position 2 of 5" and the like. */
export function useAnnouncer(): [ReactNode, (message: string) => void] {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announce = useCallback((next: string) => {
    if (timer.current) clearTimeout(timer.current);
    // Clear first so the same words twice are read twice.
    setMessage('');
    timer.current = setTimeout(() => setMessage(next), 50);
  }, []);
  const region = (
    <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-800">
      {message}
    </p>
  );
  return [region, announce];
}
