import { MenuIcon } from '../../ui/shell-icons.tsx';
import { useRef, useState } from 'react';
import { deferred } from './deferred.tsx';
import type { NavItem } from './nav-items.ts';

const MobileMenuDialog = deferred(() => import('./mobile-menu-dialog.tsx'));

/** The menu toggle is part of the first paint; the dialog's code loads when idle, or on the first press. */
export function MobileMenu({ items, signedIn, greeting }: { items: NavItem[]; signedIn: boolean; greeting: string }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label="Main menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onClick={() => void MobileMenuDialog.preload().then(() => setOpen(true))}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 lg:hidden"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      <MobileMenuDialog open={open} onOpenChange={setOpen} toggleRef={toggleRef} items={items} signedIn={signedIn} greeting={greeting} />
    </>
  );
}
