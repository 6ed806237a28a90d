import { Link, type LinkProps } from 'react-router';

const VARIANTS = {
  primary: 'bg-stone-900 text-white hover:bg-stone-700',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
  accent: 'bg-amber-400 text-stone-950 hover:bg-amber-300',
  inverse: 'border border-stone-500 text-white hover:bg-stone-800',
} as const;

export type ButtonLinkVariant = keyof typeof VARIANTS;

/**
 * A link styled as a button, for calls to action that navigate. Every one is a tracked call to action
 * (spec §7 cta-click): `data-cta` names it (the variant unless given), and the analytics tracker reads
 * its position from `data-cta-position` on it or an ancestor, else from the landmark around it.
 */
export function ButtonLink({ variant = 'primary', className = '', ...props }: LinkProps & { variant?: ButtonLinkVariant; 'data-cta'?: string; 'data-cta-position'?: string }) {
  return (
    <Link
      data-cta={variant}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
