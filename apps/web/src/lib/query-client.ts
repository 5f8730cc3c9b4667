import { QUERY_GC_MS, QUERY_STALE_MS } from '@netguard/contracts';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** Shared TanStack Query client: data fresh for 5 min, kept 10 min (spec part 2 §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404, 422) will not change by retrying.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
}
