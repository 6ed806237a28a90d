import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Everything every page needs from React context. Shared by the browser entry and the server
 * renderer. (Tooltips bring their own provider where they are used, with the spec's 700 ms
 * delay, so the tooltip code stays out of the first page load.)
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
