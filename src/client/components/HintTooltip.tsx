import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

/*
 * Mantine's Tooltip for the hints on table buttons (they open after TOOLTIP_DELAY_MS), loaded on
 * first use: it carries floating-ui (~16 KB gzipped), which a page's first visit does not need
 * (decision 0023). Loading starts when a pointer enters, or focus reaches, an element with a hint;
 * until then the element is exactly as it will be with its hint (its name, e.g. its aria-label,
 * is its own).
 *
 * Once loaded, the Tooltip is given the element as its `target` (not as its child), so the element
 * stays the same DOM node when the Tooltip arrives: a focused button keeps its focus and a click
 * that has begun still lands. What Mantine's Tooltip does itself for a child it wraps is done here:
 * a touch does not open the hint (`events.touch` is off), and the element is described by the hint
 * while it is shown (aria-describedby). The element whose hover started the loading shows its hint
 * once the delay has passed since the pointer entered, if the pointer is still on it.
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
      // A dropped connection: no hints; the next hover or focus tries again.
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadedTooltip = () => Tooltip;

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/** The hint's text, telling the element when it is on screen (Mantine renders the label only while the hint shows). */
function HintLabel({ id, onShown, children }: { id: string; onShown: (shown: boolean) => void; children: ReactNode }) {
  useEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  return <span id={id}>{children}</span>;
}

/** Takes Mantine Tooltip's props; the child must be one element that takes a ref (as for Mantine's Tooltip). */
export function HintTooltip({ children, ...props }: TooltipProps) {
  const Loaded = useSyncExternalStore(subscribe, loadedTooltip, loadedTooltip);
  const child = isValidElement<TargetProps>(children) ? (children as ReactElement<TargetProps>) : null;
  // The element goes into state only once the Tooltip has loaded (it is the Tooltip's target): until
  // then, a list of rows with hints is drawn once, not once more as each element arrives.
  const elementRef = useRef<HTMLElement | null>(null);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const keepElement = useCallback((node: HTMLElement | null) => {
    elementRef.current = node;
    if (Tooltip) setElement(node);
  }, []);
  const ref = useMergedRef<HTMLElement>(keepElement, child?.props.ref);
  const [touch, setTouch] = useState(false);
  const [shown, setShown] = useState(false);
  const hintId = useId();
  /** When a mouse entered the element before the Tooltip had loaded (and has not left since). */
  const enteredAt = useRef<number | undefined>(undefined);
  /** A mouse entered before the Tooltip had loaded: its Tooltip comes once the open delay has passed. */
  const [waiting, setWaiting] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const openDelay = props.openDelay ?? 0;

  useEffect(() => {
    if (Loaded) setElement(elementRef.current);
  }, [Loaded]);

  useEffect(() => {
    if (!Loaded || !waiting) return;
    const since = enteredAt.current;
    const timer = window.setTimeout(
      () => {
        setOpenAtOnce(enteredAt.current !== undefined && element?.matches(':hover') === true);
        setWaiting(false);
      },
      since === undefined ? 0 : Math.max(0, openDelay - (performance.now() - since)),
    );
    return () => window.clearTimeout(timer);
  }, [Loaded, waiting, element, openDelay]);

  if (!child) return children;
  const target = cloneElement(child, {
    ref,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      child.props.onPointerEnter?.(event);
      setTouch(event.pointerType === 'touch');
      if (!Tooltip && event.pointerType !== 'touch') {
        enteredAt.current = performance.now();
        setWaiting(true);
      }
      loadTooltip();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      child.props.onPointerLeave?.(event);
      enteredAt.current = undefined;
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      child.props.onPointerDown?.(event);
      setTouch(event.pointerType === 'touch');
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      child.props.onFocus?.(event);
      loadTooltip();
    },
    'aria-describedby': child.props['aria-describedby'] ?? (shown ? hintId : undefined),
  });
  return (
    <>
      {target}
      {Loaded && element && !waiting ? (
        <Loaded
          {...props}
          target={element}
          defaultOpened={openAtOnce}
          disabled={touch || props.disabled}
          label={
            <HintLabel id={hintId} onShown={setShown}>
              {props.label}
            </HintLabel>
          }
        />
      ) : null}
    </>
  );
}
