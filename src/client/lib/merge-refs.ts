import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react';

/*
 * `useMergeRefs` of @floating-ui/react 0.27 (MIT, © Floating UI contributors), copied as it is, for
 * Mantine's ScrollArea only: vite.config.ts points ScrollArea's import of @floating-ui/react here.
 * Every Mantine Table carries ScrollArea (Table.ScrollContainer), and in the bundle the one
 * floating-ui module is shared with the tooltips and menus, so without this every page with a
 * table loaded all of floating-ui (~14 KB gzipped) for this one hook (decision 0023).
 */

type RefCleanup = () => void;

export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>): RefCallback<Instance> | null {
  const cleanupRef = useRef<RefCleanup | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref): RefCleanup | undefined => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const refCallback = ref;
        const refCleanup = refCallback(instance);
        return typeof refCleanup === 'function' ? refCleanup : () => void refCallback(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => {
      cleanups.forEach((refCleanup) => refCleanup?.());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      if (cleanupRef.current) {
        cleanupRef.current();
        cleanupRef.current = undefined;
      }
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, refs);
}
