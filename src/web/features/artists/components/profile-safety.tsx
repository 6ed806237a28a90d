import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BLOCK_FORM_PATH } from '../../../../shared/contracts/identity.ts';
import { useAuth, useOwnArtist } from '../../../lib/auth.ts';
import { ReportForm } from '../../../ui/report-form.tsx';

/**
 * Report this profile, block this artist: for signed-in visitors other than the artist. Both are
 * forms the browser posts itself; the server answers 303 back to the profile with the outcome.
 */
export function ProfileSafety({ artistId, slug, name }: { artistId: string; slug: string; name: string }) {
  const { user } = useAuth();
  const { profile: own } = useOwnArtist<{ id: string }>();
  const isOwner = own?.id === artistId;
  const block = useQuery<{ blocked: boolean }>({ queryKey: [`/api/artists/${slug}/block`], enabled: Boolean(user) && !isOwner, staleTime: 0 });
  if (!user || isOwner) return null;
  const returnTo = `/artists/${slug}`;
  return (
    <section aria-labelledby="safety-heading" className="rounded-lg border border-stone-200 p-5">
      <h2 id="safety-heading" className="text-lg font-semibold text-stone-900">Safety</h2>
      <div className="mt-3 space-y-3">
        <ReportForm targetType="profile" targetId={artistId} label="Report this profile" returnTo={returnTo} />
        {block.data?.blocked ? (
          <p className="text-sm text-stone-700">
            You blocked {name}: neither of you can message the other. <Link to="/account" className="underline underline-offset-2">Unblock in your account</Link>
          </p>
        ) : null}
        {block.data && !block.data.blocked ? (
          <form method="post" action={BLOCK_FORM_PATH}>
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="intent" value="block" />
            <input type="hidden" name="artistId" value={artistId} />
            <button type="submit" className="text-sm text-stone-700 underline underline-offset-2 hover:text-stone-900">Block {name}</button>
            <p className="mt-1 text-xs text-stone-600">Blocking stops messages both ways. They are not told.</p>
          </form>
        ) : null}
      </div>
    </section>
  );
}
