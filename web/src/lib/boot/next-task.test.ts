import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTasks, nextTask } from './next-task';

/** A task queued now (a message to another channel): it runs before anything queued after it. */
function queueTask(fn: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
}

describe('the app starts in tasks (#25 point 3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('nextTask resolves in a later task: a task queued before it runs first, microtasks too', async () => {
    const order: string[] = [];
    queueTask(() => order.push('task queued before'));
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['microtask', 'task queued before', 'after nextTask']);
  });

  it("nextTask uses the browser's scheduler.yield where there is one", async () => {
    const yieldTo = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTo });
    await nextTask();
    expect(yieldTo).toHaveBeenCalledTimes(1);
  });

  it('inTasks runs each step in its own task, in order, waiting for the promise a step returns', async () => {
    const order: string[] = [];
    await inTasks([
      () => {
        order.push('step 1');
        // A tap the browser received during step 1: handled before step 2 begins.
        queueTask(() => order.push('tap'));
      },
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            order.push('step 2 (a module loaded)');
            resolve();
          }, 5),
        ),
      () => order.push('step 3'),
    ]);
    expect(order).toEqual(['step 1', 'tap', 'step 2 (a module loaded)', 'step 3']);
  });

  it('a step that fails stops the start with its error (the steps after it are not run)', async () => {
    const after = vi.fn();
    await expect(inTasks([() => Promise.reject(new Error('chunk missing')), () => after()])).rejects.toThrow(
      'chunk missing',
    );
    expect(after).not.toHaveBeenCalled();
  });
});
