import { useEffect, useRef } from 'react';

/**
 * A panel that held the focus (a pause's Continue, a failure's Try again) goes away with its button,
 * and the browser drops the focus to the page's body: a keyboard starts again from the top and a
 * screen reader says nothing. When `shown` turns false with the focus lost so, it goes to the first
 * button inside the returned ref's element, else to its element with tabIndex -1 (a heading), else
 * to the ref's element itself when it has tabIndex -1 (a save's status, once its Try again is gone).
 * A focus the student moved elsewhere meanwhile stays where it is.
 */
export function useFocusAfterPanel<T extends HTMLElement>(shown: boolean) {
  const target = useRef<T>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasShown.current && !shown && lost) {
      const box = target.current;
      (box?.querySelector<HTMLElement>('button') ?? box?.querySelector<HTMLElement>('[tabindex="-1"]') ?? (box?.matches('[tabindex="-1"]') ? box : null))?.focus();
    }
    wasShown.current = shown;
  }, [shown]);
  return target;
}
