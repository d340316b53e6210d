import { useEffect, useRef } from 'react';

/**
 * What a screen reader is told of a new page (WCAG 2.4.2 and 2.4.3): the tab's title is the page's
 * heading and the school's title ("My progress · Parley"), and after a move within the app (a link,
 * a redirect after sign-in, Back) the focus goes to that heading, so the reader starts there instead
 * of on a link that is gone or at the top of the document. The heading is looked for in #main as it
 * appears (a page's code and data may come after the address has changed). A focus the person has
 * moved since, or that the page has put inside #main itself (a test's next step), is left where it is.
 */
export function usePageArrival(pathname: string, appTitle: string): void {
  const opened = useRef(false);
  useEffect(() => {
    const moved = opened.current;
    opened.current = true;
    const main = document.getElementById('main');
    if (!main) return undefined;
    const focusedBefore = document.activeElement;
    const arrive = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      const name = heading.textContent.trim();
      document.title = name === '' || name === appTitle ? appTitle : `${name} · ${appTitle}`;
      const focused = document.activeElement;
      const untouched = focused === focusedBefore || focused === document.body || focused === null;
      if (moved && untouched && !main.contains(focused)) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (arrive()) return undefined;
    const watch = new MutationObserver(() => {
      if (arrive()) watch.disconnect();
    });
    watch.observe(main, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [pathname, appTitle]);
}
