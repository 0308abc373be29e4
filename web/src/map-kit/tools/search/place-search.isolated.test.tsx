import type { Place } from '@flood/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Map as LeafletMap } from 'leaflet';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { PlaceSearch } from './place-search';

const cleared = vi.fn();
const shown = vi.fn((_map: LeafletMap, _place: Place, _label: string) => cleared);
vi.mock('./place-highlight', () => ({
  showPlace: (map: LeafletMap, place: Place, label: string) => shown(map, place, label),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  shown.mockClear();
  cleared.mockClear();
});

const DON_DAC: Place = {
  kind: 'commune',
  name: 'Xã Đồn Đạc',
  lat: 21.2,
  lng: 107.25,
  bbox: [107.17, 21.13, 107.32, 21.28],
};
const SCHOOL: Place = { kind: 'evacuation', name: 'Trường THCS Đồn Đạc', lat: 21.21, lng: 107.26 };
const fakeMap = {} as LeafletMap;

function Harness() {
  const [reset, setReset] = useState(0);
  return (
    <>
      <PlaceSearch map={fakeMap} active={null} setActive={() => {}} resetSignal={reset} showOverlay={() => {}} />
      <button type="button" onClick={() => setReset((n) => n + 1)}>
        reset
      </button>
    </>
  );
}

function answer() {
  return mockFetch((path) => {
    const q = new URL(path, 'http://x').searchParams.get('q');
    return jsonResponse(200, { items: q === 'dong dac' ? [DON_DAC, SCHOOL] : [] });
  });
}

describe('PlaceSearch', () => {
  it('lists the places found, labelled by kind, and flies to the one chosen with the keyboard', async () => {
    const fetch = answer();
    renderWithProviders(<Harness />, '/maps');
    const box = screen.getByRole('combobox', { name: 'Tìm địa điểm' });
    expect(box).toHaveProperty('placeholder', 'Tìm địa điểm');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'd' } });
    fireEvent.change(box, { target: { value: 'dong dac' } });
    const options = await screen.findAllByRole('option');
    // Debounced: one call for the whole text, with the limit of 8.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/search?q=dong+dac&limit=8');
    expect(options.map((o) => o.textContent)).toEqual(['Xã Đồn ĐạcXã, thị trấn', 'Trường THCS Đồn ĐạcĐiểm sơ tán']);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(shown).toHaveBeenCalledWith(fakeMap, DON_DAC, 'Xã, thị trấn');
    expect(box).toHaveProperty('value', 'Xã Đồn Đạc');
    expect(screen.queryByRole('listbox')).toBeNull();

    // 'Làm mới bản đồ' empties the box and takes the mark away.
    act(() => screen.getByText('reset').click());
    expect(cleared).toHaveBeenCalled();
    expect(box).toHaveProperty('value', '');
  });

  it("says 'Không tìm thấy địa điểm' when nothing matches; Escape closes, then clears", async () => {
    answer();
    renderWithProviders(<Harness />, '/maps');
    const box = screen.getByRole('combobox');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'hà nội' } });
    await waitFor(() => expect(screen.getByTestId('map-search-status').textContent).toBe('Không tìm thấy địa điểm'));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByTestId('map-search-status').textContent).toBe('');
    expect(box).toHaveProperty('value', 'hà nội');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveProperty('value', '');
  });

  it('chooses a place with a click', async () => {
    answer();
    renderWithProviders(<Harness />, '/maps');
    const box = screen.getByRole('combobox');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'dong dac' } });
    fireEvent.click(await screen.findByRole('option', { name: /Trường THCS/ }));
    expect(shown).toHaveBeenCalledWith(fakeMap, SCHOOL, 'Điểm sơ tán');
  });
});
