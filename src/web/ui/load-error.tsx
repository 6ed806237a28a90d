import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * What a part of a page shows when its data could not be loaded: the reason, said as a person would
 * understand it, and a way to try again. Announced at once (role="alert").
 */
export function LoadError({ children, onRetry, className = '' }: { children: ReactNode; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`space-y-3 rounded-md bg-red-50 p-4 text-sm text-red-800 ${className}`}>
      <p>{children}</p>
      <Button variant="secondary" onClick={onRetry}>Try again</Button>
    </div>
  );
}
