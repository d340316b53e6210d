import type { TooltipProps } from '@mantine/core';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';

/*
 * Mantine's Tooltip for the hints on table buttons (they open after TOOLTIP_DELAY_MS), loaded apart
 * from the page: it carries floating-ui (~14 KB gzipped), which a page's first paint does not need
 * (decision 0023). Loading starts when the first hint is rendered; until it is in (a moment later)
 * the element shows without its hint, exactly as it will with it.
 */

let Tooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function loadTooltip(): void {
  loading ??= import('./tooltip').then(
    (loaded) => {
      Tooltip = loaded.Tooltip;
      for (const listener of listeners) listener();
    },
    () => {
      // A dropped connection: no hints; the next hint rendered tries again.
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes Mantine Tooltip's props. */
export function HintTooltip(props: TooltipProps) {
  const Loaded = useSyncExternalStore(subscribe, () => Tooltip);
  useEffect(loadTooltip, []);
  return Loaded ? <Loaded {...props} /> : props.children;
}
