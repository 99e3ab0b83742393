import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from './queryClient';

export interface QueryProviderProps {
  children: ReactNode;
  /** for tests: a client of their own (createQueryClient()); the page's one by default */
  client?: QueryClient;
}

/** The page's query cache for a tree: each signed-in remote wraps what it renders in it. */
export function QueryProvider({ children, client = queryClient }: QueryProviderProps) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
