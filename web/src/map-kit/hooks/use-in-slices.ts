import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../../lib/boot/next-task';

/**
 * The first `step` items, then `step` more in each following task until all are there (#25, point 3): a map's
 * markers are each a few milliseconds of a phone's main thread to create (their HTML parsed, their events bound),
 * and a layer of them drawn at once was one long task of the first view. Once all have been shown, later lists
 * (new readings, a station added) are shown whole: their markers mostly exist and are only updated.
 */
export function useInSlices<T>(items: readonly T[], step: number): readonly T[] {
  // How many are shown; Infinity once all have been.
  const [count, setCount] = useState(step);
  const all = count >= items.length;
  useEffect(() => {
    if (count === Number.POSITIVE_INFINITY) return;
    let cancelled = false;
    void nextTask().then(() => {
      if (!cancelled)
        startTransition(() => setCount((c) => (c + step >= items.length ? Number.POSITIVE_INFINITY : c + step)));
    });
    return () => {
      cancelled = true;
    };
  }, [count, step, items.length]);
  return all ? items : items.slice(0, count);
}
