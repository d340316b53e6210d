import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: no refetch on an interval or on window focus, never stale, no retries. A change
 * (a mutation) is sent whatever the browser says of its connection (networkMode 'always'): by
 * default one made offline waits for the connection, so Save spun on with nothing said; now it fails
 * at once with lib/api.ts's sentence, which the page shows. A page's reads still wait for the
 * connection and then load.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
