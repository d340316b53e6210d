import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), as every Mantine input, label and popover calls it, without its
 * second render: Mantine's own returns `mantine-<React's id>` and then, in a layout effect, sets a
 * random one, so every input on a page renders twice on mount, the second time synchronously inside
 * the first render's commit, the page's longest task (~120 ms of a phone's main thread on
 * /interview-dashboard, decision 0027's session-14 addendum). React's own `useId` (React 18+) is
 * already unique within the root and stable for the component's life, which is what the random id
 * was for; Parley has one root. The build puts this module in place of Mantine's
 * (vite.config.ts, `mantineUseIdOnce`).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
