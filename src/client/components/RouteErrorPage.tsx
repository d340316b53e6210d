import { useRouteError } from 'react-router';
import { PageError } from './PageError';

/** The router's error page: a page that failed to load or threw. */
export function RouteErrorPage() {
  return <PageError error={useRouteError()} />;
}
