import { startTransition, useEffect, useRef, useState } from 'react';
import { endTurn, holdTurn } from '../model/map-turns';

/**
 * The items `step` at a time, each slice in a turn of the map's drawing (map-turns.ts), until all are there (#25,
 * point 3): a map's markers are each a few milliseconds of a phone's main thread to create (their HTML parsed, their
 * events bound), and a layer of them drawn at once was one long task of the first view. Nothing is shown before the
 * first turn. Once all have been shown, later lists (new readings, a station added) are shown whole: their markers
 * mostly exist and are only updated.
 */
export function useInSlices<T>(items: readonly T[], step: number): readonly T[] {
  // How many are shown; Infinity once all have been.
  const [count, setCount] = useState(0);
  const end = useRef<(() => void) | null>(null);
  const all = count === Number.POSITIVE_INFINITY;
  useEffect(() => {
    // The slice of the turn just ended is committed (this effect runs after its markers').
    endTurn(end);
    if (count === Number.POSITIVE_INFINITY || items.length === 0) return;
    return holdTurn(end, () =>
      startTransition(() => setCount((c) => (c + step >= items.length ? Number.POSITIVE_INFINITY : c + step))),
    );
  }, [count, step, items.length]);
  useEffect(() => () => endTurn(end), []);
  return all ? items : items.slice(0, count);
}
