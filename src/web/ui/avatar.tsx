import { initialsOf, monogramColour } from '../../shared/avatar.ts';

const SIZES = { xs: 24, sm: 32, md: 40, lg: 64, xl: 96 } as const;
const TEXT = { xs: 'text-[10px]', sm: 'text-xs', md: 'text-sm', lg: 'text-xl', xl: 'text-3xl' } as const;

export type AvatarSize = keyof typeof SIZES;

/**
 * A person's picture, or their monogram (initials on a colour that follows their id) when they
 * have not uploaded one. `decorative` when the name is written right beside it, so screen readers
 * do not hear it twice.
 */
export function Avatar({
  id,
  name,
  url,
  size = 'md',
  decorative = false,
  className = '',
}: {
  id: string;
  name: string;
  url: string | null | undefined;
  size?: AvatarSize;
  decorative?: boolean;
  className?: string;
}) {
  const px = SIZES[size];
  const label = decorative ? undefined : name;
  if (url) {
    return (
      <img
        src={url}
        alt={label ?? ''}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className={`inline-block shrink-0 rounded-full bg-stone-200 object-cover ${className}`}
        style={{ width: px, height: px }}
      />
    );
  }
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ${TEXT[size]} ${className}`}
      style={{ width: px, height: px, backgroundColor: monogramColour(id) }}
    >
      {initialsOf(name)}
    </span>
  );
}
