import { useRef } from 'react';

/**
 * Gives the focus back to the control that opened a dialog when it closes. Mantine's Modal does this
 * only when it is mounted closed and then opened; a dialog mounted already open (a lazily loaded one,
 * given a new key for each opening) leaves the focus on the page's top after Escape, Cancel or a save,
 * and a screen reader user has to find their way back to the list.
 */
export function useDialogOpener(): { remember: () => void; giveBack: () => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    giveBack: () => {
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected) element.focus();
    },
  };
}
