/**
 * Resolves in a new task of the browser's event loop: what follows runs after the browser has had the chance to
 * paint and to answer a tap (#25, point 3). `scheduler.yield()` where the browser has it (its continuation keeps
 * its place in the queue), else a message to itself (not throttled in a background tab as a timer is).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `steps` one after another, each in its own task: a phone's main thread is never held for all of them at
 * once. A step's promise (a module to load) is awaited before the next task.
 */
export async function inTasks(steps: readonly (() => unknown)[]): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
