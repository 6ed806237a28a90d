import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items.ts';

export type MobileMenuDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  items: NavItem[];
  signedIn: boolean;
  greeting: string;
};

/**
 * Spec §2: on small screens the toggle opens the navigation as a dialog. Radix gives us the
 * behaviour the spec asks for: Escape and an overlay click close it; a link click closes it here;
 * focus returns to the toggle. Loaded on demand (see mobile-menu-toggle.tsx).
 */
export default function MobileMenuDialog({ open, onOpenChange, toggleRef, items, signedIn, greeting }: MobileMenuDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Radix dismisses on a pointerdown outside only once a timer after mounting has run, so a
            tap on the overlay right after opening (a busy phone) was lost; the overlay closes itself. */}
        <Dialog.Overlay data-testid="mobile-menu-overlay" onClick={close} className="fixed inset-0 z-[60] bg-stone-950/50 lg:hidden" />
        <Dialog.Content
          id="mobile-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            toggleRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-[70] flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-5 shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-stone-950">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {signedIn ? <p className="mt-2 text-sm text-stone-700">{greeting}</p> : null}
          <nav aria-label="Mobile" className="mt-4">
            <ul className="space-y-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    onClick={close}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2.5 text-base font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 ${
                        isActive ? 'bg-stone-100 text-stone-950' : 'text-stone-800 hover:bg-stone-100'
                      }`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto space-y-2 border-t border-stone-200 pt-4">
            {signedIn ? (
              <a data-cta="sign-out" href="/api/logout" className="block rounded-md border border-stone-300 px-3 py-2.5 text-center font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                Sign Out
              </a>
            ) : (
              <>
                <a data-cta="sign-in" href="/api/login" className="block rounded-md border border-stone-300 px-3 py-2.5 text-center font-medium text-stone-900 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
                  Sign In
                </a>
                <a data-cta="sign-in" href="/api/login" className="block rounded-md bg-stone-900 px-3 py-2.5 text-center font-semibold text-white hover:bg-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2">
                  Get Started
                </a>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
