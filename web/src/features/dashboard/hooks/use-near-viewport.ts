import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on): heavy parts below the
 * fold (the map, the chart) load only when the visitor scrolls near them. Without IntersectionObserver
 * (very old browsers) they load at once.
 */
export function useNearViewport<T extends Element>(margin = '300px'): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setNear(true);
            observer.current?.disconnect();
          }
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [margin, near],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, near];
}
