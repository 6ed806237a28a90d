import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '../../shared/limits.ts';

/** Everything every page needs from React context. Shared by the browser entry and the server renderer. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</Tooltip.Provider>
    </QueryClientProvider>
  );
}
