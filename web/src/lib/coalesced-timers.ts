import type { TimeoutProvider } from '@tanstack/react-query';

type Timer = { due: number; run: () => void; every: number | null };

/** setTimeout's largest delay (about 24.8 days); a longer one is waited in steps. */
const MAX_NATIVE_DELAY = 2 ** 31 - 1;
/** A timer of at least this delay runs at the next whole second after it is due, with the others due then. */
const SLOT_MS = 1000;

/** When a timer set now for `delay` ms may run: at once after the delay, or for a long one at the next slot. */
function dueTime(now: number, delay: number): number {
  const due = now + delay;
  return delay >= SLOT_MS ? Math.ceil(due / SLOT_MS) * SLOT_MS : due;
}

/**
 * React Query's timers on one platform timer (#25, point 3). Every observed query sets a stale timer and every
 * query without observers a garbage-collection timer: a page's first render starts dozens at once, and each
 * `setTimeout`/`clearTimeout` of the platform is a call into the browser (in a traced page, a stack capture each).
 * Here a timer is an entry in a map, and one platform timer waits for the earliest of them; clearing a timer only
 * drops its entry (the platform timer then finds nothing due and waits for the next). When the platform timer
 * fires, every timer due by then runs, in the order they were set.
 *
 * A timer of a second or more (stale times, garbage collection, polling) runs at the next whole second after its
 * delay, so the queries a page observes in one go, whose data arrived a few milliseconds apart, share one platform
 * timer instead of moving it earlier one by one. A shorter timer runs at its time. No timer runs before its delay.
 * This is the coalescing provider React Query's `timeoutManager` documents.
 */
export class CoalescedTimers implements TimeoutProvider<number> {
  readonly #timers = new Map<number, Timer>();
  #nextId = 1;
  /** The due time the platform timer is set for, or Infinity when none is set. */
  #armedFor = Number.POSITIVE_INFINITY;
  #platformTimer: ReturnType<typeof globalThis.setTimeout> | undefined;
  #armedWith: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis;

  constructor(private readonly now: () => number = () => performance.now()) {}

  readonly setTimeout = (run: () => void, delay: number): number => this.#add(run, delay, null);

  readonly setInterval = (run: () => void, delay: number): number => this.#add(run, delay, Math.max(1, delay || 0));

  readonly clearTimeout = (id: number | undefined): void => {
    if (id !== undefined) this.#timers.delete(Number(id));
  };

  readonly clearInterval = this.clearTimeout;

  /** How many timers are waiting (for tests). */
  get size(): number {
    return this.#timers.size;
  }

  #add(run: () => void, delay: number, every: number | null): number {
    const id = this.#nextId++;
    const due = dueTime(this.now(), Math.max(0, Number(delay) || 0));
    this.#timers.set(id, { due, run, every });
    this.#arm(due);
    return id;
  }

  /** Sets the platform timer for `due` unless it is already set for that time or earlier. */
  #arm(due: number): void {
    // The platform's functions are read at each call: a test's mocked clock replaces them, and a timer set with the
    // other ones would never fire under it.
    const { setTimeout, clearTimeout } = globalThis;
    if (due >= this.#armedFor && setTimeout === this.#armedWith.setTimeout) return;
    // Called on globalThis: a browser's timer functions throw when called on anything else.
    if (this.#platformTimer !== undefined) this.#armedWith.clearTimeout.call(globalThis, this.#platformTimer);
    this.#armedFor = Math.min(due, this.#armedFor);
    this.#armedWith = { setTimeout, clearTimeout };
    const armedFor = this.#armedFor;
    const wait = Math.min(MAX_NATIVE_DELAY, Math.max(0, armedFor - this.now()));
    this.#platformTimer = setTimeout.call(globalThis, () => this.#fire(armedFor, wait), wait);
  }

  #fire(armedFor: number, waited: number): void {
    // A platform timer that was replaced by an earlier one and fired anyway (a mocked clock that could not clear
    // it): the current one is still set and covers every timer.
    if (armedFor !== this.#armedFor) return;
    this.#platformTimer = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
    // The platform waited the whole delay: whatever the clock says (a page's clock may lag or be mocked), every
    // timer due by the time the platform timer was set for is due now. A wait cut to the platform's maximum is not.
    const now = waited === MAX_NATIVE_DELAY ? this.now() : Math.max(this.now(), armedFor);
    const due: [number, Timer][] = [];
    for (const entry of this.#timers) if (entry[1].due <= now) due.push(entry);
    for (const [id, timer] of due) {
      // A timer run earlier in this loop may have cleared this one.
      if (this.#timers.get(id) !== timer) continue;
      if (timer.every === null) this.#timers.delete(id);
      else timer.due = dueTime(now, timer.every);
      timer.run();
    }
    let next = Number.POSITIVE_INFINITY;
    for (const timer of this.#timers.values()) next = Math.min(next, timer.due);
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next);
  }
}

/** React Query's timers of the page (query-client.ts): one instance, so they share the platform timer. */
export const pageTimers = new CoalescedTimers();
