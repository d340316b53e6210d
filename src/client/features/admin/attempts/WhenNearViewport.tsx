import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * `children` (a later part's `Part`, lib/later-part.tsx) rendered once `placeholder`'s place comes within half a
 * screen's height of the viewport; `placeholder` holds the place until then. Only for what is below
 * the fold on every screen size (decision 0023): its chunk is then no part of the first visit, and
 * loads before it is seen, so a reader scrolling at a normal pace does not wait for it.
 */
export function WhenNearViewport({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    // A percentage of rootMargin is of the viewport's own size: half a screen above and below (a whole
    // one reached the lower sections of an attempt without a recording on a laptop at once).
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '50% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <div ref={place}>{placeholder}</div>;
}
