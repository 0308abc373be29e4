import { describe, expect, it } from 'vitest';
import { createExpiringCache, prepareBody } from './prepared-body';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createExpiringCache', () => {
  it('shares one load among concurrent callers and keeps the value until it expires', async () => {
    let t = 0;
    let loads = 0;
    const cache = createExpiringCache(async (k: string) => ({ value: `${k}${++loads}`, expiresAt: t + 100 }), {
      now: () => t,
    });
    expect(await Promise.all([cache.get('a'), cache.get('a')])).toEqual(['a1', 'a1']);
    t = 99;
    expect(await cache.get('a')).toBe('a1');
    t = 100;
    expect(await cache.get('a')).toBe('a2');
  });

  it('never keeps a value loaded across a drop: the next caller loads again', async () => {
    const pending = [deferred<string>(), deferred<string>()];
    let n = 0;
    const cache = createExpiringCache(
      async () => ({ value: await pending[n++]!.promise, expiresAt: Number.POSITIVE_INFINITY }),
      { now: () => 0 },
    );
    const early = cache.get('k');
    cache.drop(); // e.g. a reading stored while the old values were being read
    const late = cache.get('k');
    pending[0]!.resolve('old');
    pending[1]!.resolve('new');
    expect(await early).toBe('old');
    expect(await late).toBe('new');
    expect(await cache.get('k')).toBe('new');
  });

  it('does not keep a failed load, and drops only the keys asked', async () => {
    let fail = true;
    let loads = 0;
    const cache = createExpiringCache(
      async (k: string) => {
        loads++;
        if (fail) throw new Error('down');
        return { value: k, expiresAt: Number.POSITIVE_INFINITY };
      },
      { now: () => 0 },
    );
    await expect(cache.get('a')).rejects.toThrow('down');
    fail = false;
    expect(await cache.get('a')).toBe('a');
    expect(await cache.get('b')).toBe('b');
    cache.drop((k) => k === 'a');
    await cache.get('b');
    await cache.get('a');
    expect(loads).toBe(4);
  });
});

describe('prepareBody', () => {
  it('compresses only bodies worth it, with an ETag per representation', async () => {
    const small = await prepareBody('{"a":1}', 'application/json');
    expect(small.br).toBeUndefined();
    const big = await prepareBody(JSON.stringify({ x: 'ngập '.repeat(500) }), 'application/json');
    expect(big.br!.body.length).toBeLessThan(big.identity.body.length / 10);
    expect(new Set([big.identity.etag, big.br!.etag, big.gzip!.etag]).size).toBe(3);
  });
});
