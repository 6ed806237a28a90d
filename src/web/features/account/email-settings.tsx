import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { ACCOUNT_SETTINGS_PATH, type TAccountSettings } from '../../../shared/contracts/account.ts';
import { apiRequest } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';

/** The e-mail switches of /account: saved as soon as a box is ticked or cleared. */
export function EmailSettings() {
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery<TAccountSettings>({ queryKey: [ACCOUNT_SETTINGS_PATH], staleTime: 0 });
  const save = useMutation({
    mutationFn: async (patch: Partial<TAccountSettings>) => (await (await apiRequest('PATCH', ACCOUNT_SETTINGS_PATH, patch)).json()) as TAccountSettings,
    onSuccess: (saved) => queryClient.setQueryData([ACCOUNT_SETTINGS_PATH], saved),
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-stone-900">E-mail</h2>
      {settings.isPending ? <p role="status" className="mt-3 text-stone-600">Loading…</p> : null}
      {settings.isError ? <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">Could not load your e-mail settings. {errorMessage(settings.error)}</p> : null}
      {settings.data ? (
        <div className="mt-4 flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            aria-describedby={`${id}-hint`}
            className="mt-1 h-5 w-5 shrink-0 accent-stone-900"
            checked={settings.data.emailUnreadMessages}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ emailUnreadMessages: e.target.checked })}
          />
          <div>
            <label htmlFor={id} className="font-medium text-stone-900">E-mail me about unread messages</label>
            <p id={`${id}-hint`} className="text-sm text-stone-700">When a message is still unread 15 minutes after it was sent; at most one e-mail per conversation an hour.</p>
          </div>
        </div>
      ) : null}
      {save.isError ? <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">Could not save. {errorMessage(save.error)}</p> : null}
    </section>
  );
}
