import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { AVATAR_UPLOAD_PATH, type TAvatar } from '../../shared/contracts/account.ts';
import { UPLOAD_ACCEPT } from '../../shared/contracts/portfolio.ts';
import { apiRequest } from '../lib/api.ts';
import { AUTH_USER_KEY } from '../lib/auth.ts';
import { errorMessage } from '../lib/errors.ts';
import { photoProblem } from '../lib/photo-check.ts';
import { uploadWithProgress } from '../lib/upload.ts';
import { Avatar } from './avatar.tsx';
import { Button } from './button.tsx';

/**
 * Choose, replace or remove the signed-in person's picture, with upload progress. Without one,
 * their monogram is shown everywhere. The picture is theirs (not a profile's), so it is saved at
 * once rather than with the surrounding form.
 */
export function AvatarPicker({ userId, name, url, onChange }: { userId: string; name: string; url: string | null; onChange?: (url: string | null) => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(url);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const busy = percent !== null;

  const settle = async (next: string | null, message: string) => {
    setCurrent(next);
    setStatus(message);
    onChange?.(next);
    // The navigation and every page showing this person read the signed-in user again.
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setStatus('');
    const problem = photoProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setPercent(0);
    try {
      const answer = await uploadWithProgress<TAvatar>(AVATAR_UPLOAD_PATH, form, (p) => setPercent(Math.round(p.fraction * 100)), { method: 'PUT' });
      await settle(answer.avatarUrl, 'Your profile picture is saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPercent(null);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await apiRequest('DELETE', AVATAR_UPLOAD_PATH);
      await settle(null, 'Your picture is removed; your initials show instead.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar id={userId} name={name} url={current} size="xl" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <label
            className={`inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900 hover:bg-stone-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600 ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            {current ? 'Change picture' : 'Upload a picture'}
            <input ref={input} type="file" accept={UPLOAD_ACCEPT} className="sr-only" onChange={onFile} disabled={busy} aria-describedby={`${id}-hint`} />
          </label>
          {current && !busy ? (
            <Button variant="ghost" onClick={() => void remove()}>
              Remove picture
            </Button>
          ) : null}
        </div>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          Optional. A clear photo of you or your work, JPEG, PNG, WebP or HEIC. We crop it to a circle and remove location data.
        </p>
        {busy ? (
          <div>
            <progress className="h-2 w-56 accent-stone-900" max={100} value={percent} aria-label="Uploading your picture" />
            <span className="ml-2 text-sm text-stone-700">{percent}%</span>
          </div>
        ) : null}
        <p role="status" aria-live="polite" className="text-sm text-emerald-800">
          {status}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
