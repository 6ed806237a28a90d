import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/errors.ts';
import { artistFlashOptions } from '../../../lib/flash.ts';
import { FlashCard, FlashCardSkeleton } from '../../../ui/flash-card.tsx';

/** The profile's "Flash designs" section: the artist's available designs (loaded with the page on the server). */
export function ArtistFlashDesigns({ artistId, artistName }: { artistId: string; artistName: string }) {
  const flash = useQuery(artistFlashOptions(artistId));
  if (flash.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading flash designs">
        {Array.from({ length: 3 }, (_, i) => <FlashCardSkeleton key={i} />)}
      </div>
    );
  }
  if (flash.isError) return <p role="alert" className="text-red-800">{errorMessage(flash.error)}</p>;
  const items = flash.data.items;
  if (items.length === 0) {
    return (
      <p className="text-stone-700">
        {artistName} has no flash designs available right now. <Link to="/flash" className="underline underline-offset-2">Browse flash from other artists</Link>.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((d) => (
        <li key={d.id}>
          <FlashCard design={d} showArtist={false} />
        </li>
      ))}
    </ul>
  );
}
