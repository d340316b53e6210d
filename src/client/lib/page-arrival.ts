import { useEffect } from 'react';

/**
 * Pages shown in this document so far, by either app: signing in on the first-visit app's page
 * (app/light.tsx) leads to the full app, whose layout is a new one, and its first page is a move all the same.
 */
let pagesShown = 0;

/**
 * What a screen reader is told of a new page (WCAG 2.4.2 and 2.4.3): the tab's title is the page's
 * heading and the school's title ("My progress · Parley"), and after a move within the app (a link,
 * a redirect after sign-in, Back) the focus goes to that heading, so the reader starts there instead
 * of on a link that is gone or at the top of the document. The heading is looked for in #main as it
 * appears (a page's code and data may come after the address has changed). A focus the person has
 * moved since, or that the page has put inside #main itself (a test's next step), is left where it is.
 */
export function usePageArrival(pathname: string, appTitle: string): void {
  useEffect(() => {
    const moved = pagesShown > 0;
    pagesShown += 1;
    const main = document.getElementById('main');
    if (!main) return undefined;
    const focusedBefore = document.activeElement;
    /** The heading the page was named after (and, after a move, focused). */
    let named: HTMLElement | null = null;
    const arrive = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      const name = heading.textContent.trim();
      document.title = name === '' || name === appTitle ? appTitle : `${name} · ${appTitle}`;
      const focused = document.activeElement;
      const untouched = focused === focusedBefore || focused === document.body || focused === null || focused === named;
      if (moved && untouched && (focused === named || !main.contains(focused))) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      named = heading;
      return true;
    };
    arrive();
    // Watched while the page is shown: a page whose first heading is its placeholder's (a skeleton
    // while its data loads) replaces it with its own, which names the page instead, and takes the
    // focus that was on the removed one (it would drop to the document's top).
    const watch = new MutationObserver(() => {
      if (named === null || !named.isConnected) arrive();
    });
    watch.observe(main, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [pathname, appTitle]);
}
