import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mapTurn } from '../model/map-turns';
import { useInSlices } from './use-in-slices';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('a long list shown a slice per turn of the map (#25)', () => {
  it('shows nothing before its first turn, then a slice per turn, in order', async () => {
    const lengths: number[] = [];
    const { result } = renderHook(() => {
      const shown = useInSlices(list(10), 4);
      lengths.push(shown.length);
      return shown;
    });
    expect(lengths[0]).toBe(0);
    await waitFor(() => expect(result.current).toHaveLength(10));
    expect(result.current).toEqual(list(10));
    // 0, 4, 8, then all ten: never more than a slice added at once.
    const distinct = lengths.filter((n, i) => n !== lengths[i - 1]);
    expect(distinct).toEqual([0, 4, 8, 10]);
  });

  it('waits while another part of the map holds the turn', async () => {
    let end: () => void = () => {};
    const held = mapTurn().then((e) => {
      end = e;
    });
    await held;
    const { result } = renderHook(() => useInSlices(list(3), 4));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(result.current).toHaveLength(0);
    act(() => end());
    await waitFor(() => expect(result.current).toHaveLength(3));
  });

  it('shows a later list whole once all have been shown', async () => {
    const { result, rerender } = renderHook(({ n }) => useInSlices(list(n), 4), { initialProps: { n: 3 } });
    await waitFor(() => expect(result.current).toHaveLength(3));
    rerender({ n: 13 });
    expect(result.current).toHaveLength(13);
  });
});
