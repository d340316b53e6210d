import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { awaitBeforeFirstRender } from './first-render';
import { retryingImport } from './retrying-import';

/*
 * A part of a page that its first paint does not need (a later step, or what shows only once the
 * page's data has come), in a chunk of its own (decision 0023): `preload()` starts loading it
 * (when the page opens, in parallel with the page's requests, or when the step before starts), and
 * `Part` renders it, at once when it has loaded, else `fallback` until it has. If it cannot load
 * (a dropped connection), it tries again every few seconds (lib/retrying-import.ts), with `fallback`
 * showing.
 */

export interface LaterPart<P extends object> {
  preload: () => void;
  Part: ComponentType<P>;
}

/** `fallback` may depend on the part's props (what the page shows of it before it has loaded). */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode | ((props: P) => ReactNode)): LaterPart<P> {
  let loaded: ComponentType<P> | undefined;
  const start = retryingImport(async () => (loaded = await load()));
  const Lazy = lazy(async () => ({ default: await start() }));
  function Part(props: P) {
    // Chosen once, so that the part is never mounted twice.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return {
    preload: () => {
      // The full app's first render waits a moment for a part started as the page opens (lib/first-render.ts).
      if (!loaded) awaitBeforeFirstRender(start());
    },
    Part,
  };
}
