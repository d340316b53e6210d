/*
 * The React binding of the flow runtime (./runtime.ts): the page renders the flow's state, which the
 * runtime publishes after each event; the flow is created once per page and stopped when it unmounts,
 * and what its effects hold is released then.
 *
 * Each event's state reaches React as a state update, not through useSyncExternalStore: an update
 * from a browser event renders in a later task, as the flows' own reducers always did, whereas
 * useSyncExternalStore renders in the same task. On a page hide that is the page going away (a
 * reload), rendering at once would commit the ended interview and clear the flag by which the
 * reloaded page ends it (interview/simulator/leave-guard.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { Flow, FlowCommand } from './runtime';

/** `onStop` releases what the flow's effects hold on the browser, once the flow has stopped. */
export function useFlow<S, E, C extends FlowCommand, T extends string>(create: () => Flow<S, E, C, T>, onStop?: () => void): { flow: Flow<S, E, C, T>; state: S } {
  const [flow] = useState(create);
  const [state, setState] = useState(flow.getState);
  const release = useRef(onStop);
  release.current = onStop;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    const unsubscribe = flow.subscribe(() => setState(flow.getState()));
    return () => {
      unsubscribe();
      mounted.current = false;
      // A microtask later: React's StrictMode unmounts and mounts again at once in development,
      // and the flow must go on then.
      queueMicrotask(() => {
        if (mounted.current) return;
        flow.stop();
        release.current?.();
      });
    };
  }, [flow]);
  return { flow, state };
}
