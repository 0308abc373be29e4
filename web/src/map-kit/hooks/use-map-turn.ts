import { startTransition, useEffect, useRef, useState } from 'react';
import { endTurn, holdTurn } from '../model/map-turns';

/**
 * False until this component's turn of the map's drawing (map-turns.ts) has come, then true for good. Asked for
 * once `wanted` (its data is there); the turn ends when the commit that drew with it has run its effects: a
 * component's effects run after its children's, so a layer rendered under it has been added to the map by then.
 */
export function useMapTurn(wanted = true): boolean {
  const [granted, setGranted] = useState(false);
  const end = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!wanted || granted) return;
    return holdTurn(end, () => startTransition(() => setGranted(true)));
  }, [wanted, granted]);
  useEffect(() => {
    if (granted) endTurn(end);
  }, [granted]);
  // Unmounted while holding its turn: the others go on.
  useEffect(() => () => endTurn(end), []);
  return granted;
}
