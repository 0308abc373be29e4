import { nextTask } from '../../lib/boot/next-task';

/**
 * The map's drawing work, one piece per task of the browser (#25, point 3). Each layer of a map is added in an
 * effect of its own component, but React runs every effect of one commit in one task: the base map, the communes,
 * the commune offices, the labels and the first station markers, arriving with data a few milliseconds apart, were
 * one task of 40–90 ms on a phone's first view, during which a tap waited. A piece of work asks for a turn; turns
 * are granted one at a time, in the order asked, each in a new task after the previous one has ended.
 */

/** A turn not ended within this time (its component never committed, a bug) no longer holds the others. */
export const TURN_LIMIT_MS = 300;

type Grant = (end: () => void) => void;

const waiting: Grant[] = [];
let open = false;
let pumping = false;

/** Grants the next turn in a new task, unless a turn is open or a grant is already on its way. */
function schedule(): void {
  if (open || pumping || waiting.length === 0) return;
  pumping = true;
  void nextTask().then(() => {
    pumping = false;
    grantNext();
  });
}

function grantNext(): void {
  if (open) return;
  const grant = waiting.shift();
  if (!grant) return;
  open = true;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(limit);
    open = false;
    schedule();
  };
  const limit = setTimeout(end, TURN_LIMIT_MS);
  grant(end);
}

/**
 * Resolves, in a task of its own, when it is the caller's turn, with the function that ends the turn: call it once
 * the work is done (or at once, if the work is no longer wanted). The work done synchronously on resolution is the
 * turn's whole task.
 */
export function mapTurn(): Promise<() => void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/**
 * Asks for a turn for a component: once granted, the turn is kept in `held` (ended by `endTurn` after the commit
 * that drew with it) and `draw` runs (its state update). The returned function withdraws the request (an effect's
 * clean-up): a turn granted after it is ended at once.
 */
export function holdTurn(held: { current: (() => void) | null }, draw: () => void): () => void {
  let wanted = true;
  void mapTurn().then((end) => {
    if (!wanted) {
      end();
      return;
    }
    held.current = end;
    draw();
  });
  return () => {
    wanted = false;
  };
}

/** Ends the turn a component holds (in a ref), if it holds one. */
export function endTurn(held: { current: (() => void) | null }): void {
  held.current?.();
  held.current = null;
}
