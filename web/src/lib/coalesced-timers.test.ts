import { QueryClient, QueryObserver, timeoutManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedTimers } from './coalesced-timers';
import { createQueryClient } from './query-client';

describe("React Query's timers on one platform timer (#25)", () => {
  // The page's clock at a whole second: a timer of a second or more runs at the next whole second after its delay.
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('runs each timer after its own delay, never before, with one platform timer for many', () => {
    const timers = new CoalescedTimers(() => Date.now());
    const ran: string[] = [];
    for (let i = 0; i < 40; i++) timers.setTimeout(() => ran.push(`stale${i}`), 30_000);
    timers.setTimeout(() => ran.push('gc'), 300_000);
    // 41 timers, one platform timer: the earliest.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toHaveLength(40);
    expect(ran[0]).toBe('stale0');
    expect(ran[39]).toBe('stale39');
    // The next platform timer waits for the garbage collection, 270 s later.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(269_999);
    expect(ran).toHaveLength(40);
    vi.advanceTimersByTime(1);
    expect(ran.at(-1)).toBe('gc');
    expect(timers.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves the platform timer earlier for an earlier timer, and a cleared timer never runs', () => {
    const timers = new CoalescedTimers(() => Date.now());
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('late'), 5_000);
    const early = timers.setTimeout(() => ran.push('early'), 1_000);
    timers.setTimeout(() => ran.push('earlier'), 500);
    timers.clearTimeout(early);
    timers.clearTimeout(undefined);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['earlier']);
    vi.advanceTimersByTime(4_499);
    expect(ran).toEqual(['earlier']);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['earlier', 'late']);
  });

  it('repeats an interval until cleared; a timer cleared by one that runs first does not run', () => {
    const timers = new CoalescedTimers(() => Date.now());
    let ticks = 0;
    const interval = timers.setInterval(() => ticks++, 1_000);
    vi.advanceTimersByTime(3_500);
    expect(ticks).toBe(3);
    timers.clearInterval(interval);
    vi.advanceTimersByTime(5_000);
    expect(ticks).toBe(3);

    const ran: string[] = [];
    let second = 0;
    timers.setTimeout(() => {
      ran.push('first');
      timers.clearTimeout(second);
      // A timer set while timers run is kept for later.
      timers.setTimeout(() => ran.push('third'), 100);
    }, 200);
    second = timers.setTimeout(() => ran.push('second'), 200);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['first']);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['first', 'third']);
  });

  it('runs a timer of a second or more at the next whole second, so timers set a few milliseconds apart share one', () => {
    const timers = new CoalescedTimers(() => Date.now());
    const ran: number[] = [];
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    vi.advanceTimersByTime(250);
    // Queries whose data came 10 ms apart: their stale timers are due 9 ms apart, the later ones first.
    for (let i = 0; i < 20; i++) {
      timers.setTimeout(() => ran.push(i), 30_000 - i * 10);
      vi.advanceTimersByTime(1);
    }
    // All due in the same second: the platform timer was set once.
    expect(setTimeoutSpy.mock.calls.map(([, d]) => d)).toEqual([30_750]);
    // Due between 1,030,079 and 1,030,250 (the clock is at 1,000,270 now): all run at 1,031,000, none before.
    vi.advanceTimersByTime(30_729);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toHaveLength(20);
    // A short timer runs at its own time.
    timers.setTimeout(() => ran.push(-1), 40);
    vi.advanceTimersByTime(39);
    expect(ran).toHaveLength(20);
    vi.advanceTimersByTime(1);
    expect(ran.at(-1)).toBe(-1);
    setTimeoutSpy.mockRestore();
  });

  it("calls the platform's timer functions on the global object, as a browser requires", () => {
    vi.useRealTimers();
    // A browser's setTimeout throws 'Illegal invocation' when called on anything but the window.
    const strict = <F extends (...args: never[]) => unknown>(f: F) =>
      function (this: unknown, ...args: Parameters<F>) {
        if (this !== globalThis) throw new TypeError('Illegal invocation');
        return f.apply(globalThis, args);
      };
    vi.stubGlobal('setTimeout', strict(globalThis.setTimeout));
    vi.stubGlobal('clearTimeout', strict(globalThis.clearTimeout));
    try {
      const timers = new CoalescedTimers();
      timers.setTimeout(() => {}, 60_000);
      // An earlier timer clears the platform timer and sets another.
      const id = timers.setTimeout(() => {}, 10);
      timers.clearTimeout(id);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs what is due when the platform timer fires even if the page clock lags behind it', () => {
    // A clock that stands still: the platform timer's own wait is what counts.
    const timers = new CoalescedTimers(() => 1_000);
    const ran: number[] = [];
    timers.setTimeout(() => ran.push(1), 250);
    vi.advanceTimersByTime(250);
    expect(ran).toEqual([1]);
  });

  it("is the query client's provider: a page's observers set one platform timer, not one each", () => {
    vi.useRealTimers();
    // React Query warns when its provider is switched, as this test does to compare with the default.
    const warned = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const before = vi.spyOn(globalThis, 'setTimeout');
    const observers = Array.from({ length: 12 }, (_, i) => {
      client.setQueryData(['q', i], i);
      return new QueryObserver(client, { queryKey: ['q', i], staleTime: 30_000 });
    });
    const unsubscribe = observers.map((o) => o.subscribe(() => {}));
    // 12 queries (each with a garbage-collection timer) and 12 observers (each with a stale timer): at most the two
    // platform timers the earliest deadlines needed, where React Query's default sets 24.
    expect(before.mock.calls.filter(([, delay]) => Number(delay) >= 30_000).length).toBeLessThanOrEqual(2);
    for (const u of unsubscribe) u();
    client.clear();
    before.mockRestore();
    // The default provider would have set 24: the comparison that makes the figure above mean something.
    const plain = new QueryClient();
    // React Query's default provider: the platform's own functions (it does not export it).
    timeoutManager.setTimeoutProvider({
      setTimeout: (run, delay) => globalThis.setTimeout(run, delay),
      clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
      setInterval: (run, delay) => globalThis.setInterval(run, delay),
      clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
    });
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const subs = Array.from({ length: 12 }, (_, i) => {
      plain.setQueryData(['q', i], i);
      return new QueryObserver(plain, { queryKey: ['q', i], staleTime: 30_000 }).subscribe(() => {});
    });
    expect(spy.mock.calls.filter(([, delay]) => Number(delay) >= 30_000).length).toBeGreaterThanOrEqual(12);
    for (const u of subs) u();
    plain.clear();
    spy.mockRestore();
    createQueryClient();
    expect(warned.mock.calls.every(([m]) => String(m).includes('[timeoutManager]'))).toBe(true);
    warned.mockRestore();
  });

  it('moves its platform timer to a mocked clock set after it (a test switching to fake timers)', () => {
    vi.useRealTimers();
    const timers = new CoalescedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push('real'), 60_000);
    vi.useFakeTimers();
    // A later timer under the mocked clock still runs when that clock is advanced (the platform timer set under
    // the real clock would never fire under the mocked one, and the new timer is not earlier than it).
    timers.setTimeout(() => ran.push('fake'), 61_000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(62_000);
    expect(ran).toContain('fake');
  });
});
