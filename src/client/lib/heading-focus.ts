import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Takes the focus to the page's heading when the app has just gone to it by a link or a redirect (a
 * sign-in, a row's Review link, Next awaiting), once for each `page`. Without it the focus stays on
 * the link, now gone, and a screen reader says nothing of the page that replaced the one it was on.
 * A page loaded from its address, or reached by Back, keeps the browser's own behaviour. The heading
 * needs tabIndex={-1}.
 */
export function useHeadingFocusOnArrival<T extends HTMLElement>(page: string) {
  const heading = useRef<T>(null);
  const navigation = useNavigationType();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (focusedFor.current === page) return;
    focusedFor.current = page;
    if (navigation !== 'POP') heading.current?.focus();
    // The navigation that brought this page, not a later one on it (a tab's ?tab=): only a new page counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
  return heading;
}
