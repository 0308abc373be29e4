import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's tasks, run by the test: each `nextTask()` waits until `runTasks` lets it go. */
const pending: (() => void)[] = [];
vi.mock('../../lib/boot/next-task', () => ({
  nextTask: () => new Promise<void>((resolve) => pending.push(resolve)),
}));
const { mapTurn, TURN_LIMIT_MS } = await import('./map-turns');

/** Runs the tasks queued so far (each a new task of the browser), then their promise reactions. */
async function runTasks(): Promise<number> {
  const now = pending.splice(0);
  for (const resolve of now) resolve();
  await new Promise((r) => setTimeout(r, 0));
  return now.length;
}

describe("the map's drawing, one turn per task (#25, point 3)", () => {
  beforeEach(() => {
    pending.length = 0;
  });

  it('grants turns one at a time, in the order asked, each in a new task after the previous one ended', async () => {
    const log: string[] = [];
    const ends: (() => void)[] = [];
    for (const name of ['regions', 'offices', 'stations']) {
      void mapTurn().then((end) => {
        log.push(name);
        ends.push(end);
      });
    }
    // Not in the task that asked: one new task is asked for.
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual([]);
    expect(pending).toHaveLength(1);
    await runTasks();
    expect(log).toEqual(['regions']);
    // The second waits for the first to end: no task is even asked for meanwhile.
    expect(await runTasks()).toBe(0);
    expect(log).toEqual(['regions']);
    ends[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    // Ending a turn asks for a new task; the next turn is granted in it, not in the one that ended the turn.
    expect(log).toEqual(['regions']);
    expect(pending).toHaveLength(1);
    await runTasks();
    expect(log).toEqual(['regions', 'offices']);
    ends[1]?.();
    ends[1]?.(); // ending twice asks for one task only
    expect(pending).toHaveLength(1);
    await runTasks();
    expect(log).toEqual(['regions', 'offices', 'stations']);
    ends[2]?.();
    // Nobody waits: the queue asks for no more tasks.
    expect(pending).toHaveLength(0);
  });

  it('a turn never ended lets the others go after its limit', async () => {
    vi.useFakeTimers();
    try {
      const log: string[] = [];
      void mapTurn().then(() => log.push('stuck'));
      void mapTurn().then((end) => {
        log.push('next');
        end();
      });
      for (const resolve of pending.splice(0)) resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(log).toEqual(['stuck']);
      await vi.advanceTimersByTimeAsync(TURN_LIMIT_MS - 1);
      expect(pending).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(pending).toHaveLength(1);
      for (const resolve of pending.splice(0)) resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(log).toEqual(['stuck', 'next']);
    } finally {
      vi.useRealTimers();
    }
  });
});
