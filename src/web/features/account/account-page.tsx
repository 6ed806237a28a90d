import { useAuth } from '../../lib/auth.ts';
import { AvatarPicker } from '../../ui/avatar-picker.tsx';
import { FormResult } from '../../ui/form-result.tsx';
import { AccountData, BlockedPeople } from './account-data.tsx';
import { EmailSettings } from './email-settings.tsx';

/** /account: the signed-in person's own settings — their picture, e-mail switches, blocks, and their data (export, deletion). */
export default function AccountPage() {
  const { user, isLoading } = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-stone-900">Your account</h1>
      <div className="mt-4">
        <FormResult messages={{ unblocked: 'Unblocked. You can message each other again.' }} />
      </div>
      {isLoading ? <p role="status" className="mt-6 text-stone-600">Loading…</p> : null}
      {user ? (
        <>
          <p className="mt-2 text-stone-700">Signed in as {user.email}.</p>
          <section aria-labelledby="picture-heading" className="mt-8 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
            <h2 id="picture-heading" className="text-xl font-semibold text-stone-900">
              Profile picture
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              Shown beside your name in the navigation, on your bookings{user.isArtist ? ', on your artist profile and in search results' : ' and to the artists you book'}.
            </p>
            <div className="mt-5">
              <AvatarPicker userId={user.id} name={user.firstName} url={user.avatarUrl} />
            </div>
          </section>
          <EmailSettings />
          <BlockedPeople />
          <AccountData />
        </>
      ) : null}
    </div>
  );
}
