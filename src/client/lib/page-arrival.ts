import { useEffect } from 'react';

/**
 * Pages shown in this document so far, by either app: signing in on the first-visit app's page
 * (app/light.tsx) leads to the full app, whose layout is a new one, and its first page is a move all the same.
 */
let pagesShown = 0;

/** How long a page's first heading is followed if nothing replaces it: a page's first frame is replaced well within it. */
const SETTLE_MS = 10_000;

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
    const arrive = () => {
      const heading = main.querySelector('h1');
      if (!heading) return;
      const name = heading.textContent.trim();
      document.title = name === '' || name === appTitle ? appTitle : `${name} · ${appTitle}`;
      const focused = document.activeElement;
      const untouched = focused === focusedBefore || focused === document.body || focused === null || focused === named;
      if (moved && untouched && (focused === named || !main.contains(focused))) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      named = heading;
    };
    // Watched until the page's own heading is in: a page whose first heading is a placeholder's (a
    // skeleton while its data loads, inert) or its first frame's (the speaking test's setup screen,
    // drawn before its session's code has come) replaces it with its own, which names the page
    // instead, and takes the focus that was on the removed one (it would drop to the document's top).
    // The page's own is the first heading outside a placeholder that came after the page did, or the
    // one there from the start once it has stood SETTLE_MS. A page that changes its heading later
    // names the tab itself (the interview's views, Panel.tsx).
    const own = () => named && !named.closest('[inert]') && watch.disconnect();
    const watch = new MutationObserver(() => {
      if (named?.isConnected) return;
      arrive();
      own();
    });
    watch.observe(main, { childList: true, subtree: true });
    arrive();
    // Left to run when the page goes first: disconnecting a disconnected observer does nothing.
    setTimeout(own, SETTLE_MS);
    return () => watch.disconnect();
  }, [pathname, appTitle]);
}
