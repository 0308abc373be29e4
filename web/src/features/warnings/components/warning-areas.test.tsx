import type { PublicWarning } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { map as leafletMap } from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { FLOOD_WARNING, LANDSLIDE_WARNING } from '../warnings.fixtures';
import WarningAreas from './warning-areas';

function leafletOnPage() {
  const el = document.createElement('div');
  el.style.width = '390px';
  el.style.height = '600px';
  document.body.append(el);
  return leafletMap(el).setView([21.27, 107.29], 12);
}

describe('the warnings’ areas on the public map', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws each area in its severity’s colour and lists it, a press opening its headline and link', async () => {
    const expired: PublicWarning = { ...FLOOD_WARNING, id: 35, expiresAt: '2020-01-01T00:00:00Z' };
    mockFetch((url) =>
      url === '/api/warnings/active'
        ? jsonResponse(200, [FLOOD_WARNING, LANDSLIDE_WARNING, expired])
        : jsonResponse(404, {}),
    );
    const map = leafletOnPage();
    renderWithProviders(<WarningAreas map={map} />, '/maps');
    const list = await screen.findByRole('region', { name: 'Vùng cảnh báo' });
    const entry = await within(list).findByTestId('warning-area-31');
    expect(entry.textContent).toBe('Vùng cảnh báo: Lũ trên sông Ba Chẽ lên báo động 2');
    expect(within(list).getByTestId('warning-area-32').textContent).toBe(
      'Vùng cảnh báo: Nguy cơ sạt lở đất ở sườn đồi thôn Khe Lặc',
    );
    expect(within(list).queryByTestId('warning-area-35')).toBeNull();

    const shape = await waitFor(() => {
      const found = map.getContainer().querySelector('[data-testid="warning-area-shape-31"]');
      if (!found) throw new Error('not drawn');
      return found;
    });
    expect(shape.getAttribute('fill')).toBe('#cf1322');
    expect(shape.getAttribute('stroke')).toBe('#cf1322');
    expect(Number(shape.getAttribute('fill-opacity'))).toBeLessThan(1);
    expect(map.getContainer().querySelector('[data-testid="warning-area-shape-32"]')?.getAttribute('fill')).toBe(
      '#ff9800',
    );

    fireEvent.click(entry);
    const link = await waitFor(() => {
      const found = map.getContainer().querySelector('.leaflet-popup a');
      if (!found) throw new Error('no popup');
      return found;
    });
    expect(link.getAttribute('href')).toBe('/canh-bao/31');
    expect(map.getContainer().querySelector('.leaflet-popup')?.textContent).toContain(
      'Lũ trên sông Ba Chẽ lên báo động 2',
    );
    map.remove();
  });
});
