import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  FLASH_DESCRIPTION_MAX,
  FLASH_PRICE_MAX_CENTS,
  FLASH_SIZE_LABEL_MAX,
  FLASH_SIZE_NAMES,
  FLASH_SIZES,
  FLASH_STATUS_NAMES,
  FLASH_STATUSES,
  FLASH_STYLE_NAMES,
  FLASH_TITLE_MAX,
  type TFlashDesign,
  type TFlashStatus,
} from '../../../shared/contracts/flash.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '../../../shared/contracts/portfolio.ts';
import { FLASH_MAX_DESIGNS, UPLOAD_MAX_BYTES } from '../../../shared/limits.ts';
import { apiRequest } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { artistFlashOptions, flashSizeText } from '../../lib/flash.ts';
import { formatMoney } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { checkFile, ConfirmDelete, FILE_INPUT, INPUT, UploadStatus, useAnnouncer, useUpload } from './upload-parts.tsx';

/** Every flash list (the gallery, each profile) starts with /api/flash: refresh them all after a change. */
const refreshFlash = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/flash') });

function Labelled({ label, children, hint }: { label: string; hint?: string; children: (id: string, describedBy?: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">{label}</label>
      {children(id, hint ? `${id}-hint` : undefined)}
      {hint ? <p id={`${id}-hint`} className="text-xs text-stone-600">{hint}</p> : null}
    </div>
  );
}

function FlashUpload({ artistId, full }: { artistId: string; full: boolean }) {
  const queryClient = useQueryClient();
  const upload = useUpload();
  const [done, setDone] = useState('');
  const disabled = upload.busy || full;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    const formEl = event.currentTarget;
    const data = new FormData(formEl);
    const file = data.get('file') as File | null;
    const problem = checkFile(file);
    if (problem) return upload.fail(problem);
    const price = Number(data.get('price'));
    if (!Number.isFinite(price) || price < 0) return upload.fail('Enter the price in US dollars, for example 180.');
    const body = new FormData();
    for (const name of ['title', 'description', 'style', 'size', 'sizeLabel'] as const) body.append(name, String(data.get(name) ?? ''));
    body.append('priceCents', String(Math.round(price * 100)));
    body.append('repeatable', data.get('repeatable') === 'on' ? 'true' : 'false');
    body.append('file', file as File);
    const design = await upload.start<TFlashDesign>(`/api/artists/${artistId}/flash`, body);
    if (!design) return;
    await refreshFlash(queryClient);
    formEl.reset();
    setDone(`“${design.title}” is now in your flash gallery.`);
  };

  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} aria-labelledby="flash-upload-heading" className="space-y-4 rounded-lg border border-stone-200 bg-stone-50 p-4">
      <h3 id="flash-upload-heading" className="font-semibold text-stone-900">Add a flash design</h3>
      <div className="grid gap-4 md:grid-cols-2">
        <Labelled label="Design image" hint={`${UPLOAD_TYPES_TEXT}, up to ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`}>
          {(id, describedBy) => <input id={id} name="file" type="file" accept={UPLOAD_ACCEPT} aria-describedby={describedBy} className={FILE_INPUT} disabled={disabled} />}
        </Labelled>
        <Labelled label="Title">
          {(id) => <input id={id} name="title" required maxLength={FLASH_TITLE_MAX} className={`${INPUT} h-11`} disabled={disabled} placeholder="Swallow with banner" />}
        </Labelled>
        <div className="md:col-span-2">
          <Labelled label="Description (optional)">
            {(id) => <textarea id={id} name="description" rows={2} maxLength={FLASH_DESCRIPTION_MAX} className={INPUT} disabled={disabled} />}
          </Labelled>
        </div>
        <Labelled label="Style">
          {(id) => (
            <select id={id} name="style" className={`${INPUT} h-11`} disabled={disabled} defaultValue="">
              <option value="">No particular style</option>
              {FLASH_STYLE_NAMES.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Size">
          {(id) => (
            <select id={id} name="size" className={`${INPUT} h-11`} disabled={disabled} defaultValue="small" required>
              {FLASH_SIZES.map((s) => (
                <option key={s} value={s}>{FLASH_SIZE_NAMES[s]}</option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Size on the body (optional)" hint="For example 3 × 3 in, or palm-sized.">
          {(id, describedBy) => <input id={id} name="sizeLabel" maxLength={FLASH_SIZE_LABEL_MAX} aria-describedby={describedBy} className={`${INPUT} h-11`} disabled={disabled} />}
        </Labelled>
        <Labelled label="Price (USD)">
          {(id) => <input id={id} name="price" type="number" required min={0} max={FLASH_PRICE_MAX_CENTS / 100} step={1} inputMode="numeric" className={`${INPUT} h-11`} disabled={disabled} />}
        </Labelled>
        <div className="flex items-start gap-2 md:col-span-2">
          <input id="flash-repeatable" name="repeatable" type="checkbox" className="mt-1 h-4 w-4 accent-stone-900" disabled={disabled} />
          <label htmlFor="flash-repeatable" className="text-sm text-stone-900">
            Repeatable: I will tattoo this design on more than one client. Leave unticked for a one-off, which can be booked only once.
          </label>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={disabled}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Add design
        </Button>
        {full ? <p className="text-sm text-stone-700">You offer {FLASH_MAX_DESIGNS} designs, the most there can be. Delete one to add another.</p> : null}
        {done ? <p role="status" className="text-sm text-emerald-800">{done}</p> : null}
      </div>
      <UploadStatus state={upload.state} label="flash" />
    </form>
  );
}

function FlashRow({ design, onChanged, onError }: { design: TFlashDesign; onChanged: (message: string) => void; onError: (message: string) => void }) {
  const queryClient = useQueryClient();
  const statusId = useId();
  const setStatus = useMutation({
    mutationFn: async (status: TFlashStatus) => (await apiRequest('PATCH', `/api/flash/${design.id}`, { status })).json() as Promise<TFlashDesign>,
    onSuccess: async (saved) => {
      await refreshFlash(queryClient);
      onChanged(`“${saved.title}” is now ${FLASH_STATUS_NAMES[saved.status].toLowerCase()}.`);
    },
    onError: (err) => onError(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: async () => apiRequest('DELETE', `/api/flash/${design.id}`),
    onSuccess: async () => {
      await refreshFlash(queryClient);
      onChanged(`“${design.title}” was deleted.`);
    },
    onError: (err) => onError(errorMessage(err)),
  });
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-center" data-testid="flash-item">
      <img src={design.thumbUrl} alt="" width={96} height={96} className="h-24 w-24 shrink-0 rounded-md object-cover" />
      <div className="flex-1">
        <p className="font-semibold text-stone-900">{design.title}</p>
        <p className="text-sm text-stone-700">
          {formatMoney(design.priceCents, design.currency)} · {flashSizeText(design)}
          {design.style ? ` · ${design.style}` : ''} · {design.repeatable ? 'Repeatable' : 'One-off'}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={statusId} className="block text-sm font-medium text-stone-900">
            Status<span className="sr-only"> of {design.title}</span>
          </label>
          <select
            id={statusId}
            value={design.status}
            disabled={setStatus.isPending}
            onChange={(e) => setStatus.mutate(e.target.value as TFlashStatus)}
            className="h-11 rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-600"
          >
            {FLASH_STATUSES.map((s) => (
              <option key={s} value={s}>{FLASH_STATUS_NAMES[s]}</option>
            ))}
          </select>
        </div>
        <ConfirmDelete
          label={`Delete ${design.title}`}
          title={`Delete “${design.title}”?`}
          description="It disappears from the flash gallery and your profile. Bookings already made for it are kept."
          onConfirm={() => remove.mutate()}
        />
      </div>
    </li>
  );
}

/** The flash part of /dashboard/portfolio: add designs, mark them available, reserved or gone, delete them. */
export function FlashManager({ artistId }: { artistId: string }) {
  const flash = useQuery(artistFlashOptions(artistId, 'all'));
  const [region, announce] = useAnnouncer();
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = flash.data?.items ?? [];
  return (
    <section aria-labelledby="flash-manager-heading" className="mt-12 space-y-4">
      <h2 id="flash-manager-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-stone-900 focus:outline-none">
        Flash designs
      </h2>
      <p className="text-stone-700">
        Ready-made designs with a fixed size and price. Clients find them in the flash gallery and on your profile, and book them directly.
        Mark a design reserved or gone when it is taken.
      </p>
      <FlashUpload artistId={artistId} full={items.length >= FLASH_MAX_DESIGNS} />
      {region}
      {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      {flash.isPending ? <p role="status" className="text-stone-600">Loading your designs…</p> : null}
      {flash.isError ? <p role="alert" className="text-red-800">{errorMessage(flash.error)}</p> : null}
      {flash.isSuccess && items.length === 0 ? <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-700">No flash designs yet.</p> : null}
      {items.length > 0 ? (
        <ul className="space-y-3" aria-label="Your flash designs">
          {items.map((d) => (
            <FlashRow
              key={d.id}
              design={d}
              onChanged={(m) => {
                setError(null);
                announce(m);
                if (m.endsWith('was deleted.')) heading.current?.focus();
              }}
              onError={setError}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
