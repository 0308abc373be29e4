import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInSlices } from './use-in-slices';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('a long list shown a slice per task (#25)', () => {
  it('shows the first slice at once, then the rest a slice per task, in order', async () => {
    const lengths: number[] = [];
    const { result } = renderHook(() => {
      const shown = useInSlices(list(10), 4);
      lengths.push(shown.length);
      return shown;
    });
    expect(lengths[0]).toBe(4);
    await waitFor(() => expect(result.current).toHaveLength(10));
    expect(result.current).toEqual(list(10));
    // 4, then 8, then all ten: never more than a slice added at once.
    const distinct = lengths.filter((n, i) => n !== lengths[i - 1]);
    expect(distinct).toEqual([4, 8, 10]);
  });

  it('shows a short list whole, and a later list whole once all have been shown', async () => {
    const { result, rerender } = renderHook(({ n }) => useInSlices(list(n), 4), { initialProps: { n: 3 } });
    expect(result.current).toHaveLength(3);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    rerender({ n: 13 });
    expect(result.current).toHaveLength(13);
  });
});
