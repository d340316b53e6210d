import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/* Queries whose page has been opened in this tab before (their hashes). */
const opened = new Set<string>();

/**
 * `refetchOnMount` for a teacher's page that others change meanwhile (another teacher's review, a
 * student's new attempt): read again every time the page opens, except over the answer that came with
 * the page itself (`getQuery`'s early data, which counts as no fetch) the first time it opens. The
 * queries never go stale (lib/query-client.ts), so without this a page opened again showed what it
 * showed minutes before.
 */
/** What of a query the rule reads (any query's type has it). */
interface SeenQuery {
  queryHash: string;
  state: { dataUpdateCount: number; isInvalidated: boolean };
}

export function useFreshOnReturn(queryKey: QueryKey): (query: SeenQuery) => boolean | 'always' {
  const hash = hashKey(queryKey);
  // Noted as the page closes: noted as it opens, the query's own mount (whose effect runs after this
  // one) would already read it as opened before, and ask again over the answer it came with.
  useEffect(
    () => () => {
      opened.add(hash);
    },
    [hash],
  );
  return (query) => (query.state.dataUpdateCount > 0 || query.state.isInvalidated || opened.has(query.queryHash) ? 'always' : false);
}
