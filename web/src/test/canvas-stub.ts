import { vi } from 'vitest';

/**
 * jsdom has no canvas: every `getContext` gets a 2D context that accepts every call (so Leaflet's canvas renderer
 * draws nothing) and records the names of the calls, one list per context, in the order the contexts were made.
 * Properties set on it (`fillStyle`…) read back. Undone by `vi.restoreAllMocks()`.
 */
export function stubCanvas(): string[][] {
  const contexts: string[][] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const calls: string[] = [];
    contexts.push(calls);
    const props: Record<string | symbol, unknown> = { canvas: this };
    return new Proxy(props, {
      get: (target, key) =>
        key in target
          ? target[key]
          : (..._args: unknown[]) => {
              calls.push(String(key));
            },
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    }) as never;
  });
  return contexts;
}
