import type { GeodataItem } from '@flood/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import SensingImagesPage from './sensing-images-page';

const png = (id: number, time: string | null, demo = false): GeodataItem => ({
  id,
  name: `anh-${id}.png`,
  type: 'png',
  path: `${id}.png`,
  url: `/api/geojson/${id}.png`,
  parentId: null,
  time,
  size: 2048,
  contentType: 'image/png',
  demo,
  childCount: 0,
  userId: 7,
  userName: 'Nguyễn Văn An',
  createdAt: '2026-11-20T03:00:00.000Z',
});

describe('sensing images page', () => {
  beforeEach(() => signIn(['system', 'analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the png files as thumbnails titled Hình ảnh 1, Hình ảnh 2 in the order of the server', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { items: [png(31, '2026-11-22T00:00:00.000Z', true), png(30, null)], total: 2, folder: null }),
    );
    renderWithProviders(<SensingImagesPage />, '/analyze/sensing-image');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ảnh viễn thám' })).toBeTruthy();
    const cards = await screen.findAllByTestId('gallery-item');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Hình ảnh 1' })).toBeTruthy();
    expect(within(cards[1]!).getByRole('heading', { name: 'Hình ảnh 2' })).toBeTruthy();
    expect(within(cards[0]!).getByText('22/11/2026 07:00')).toBeTruthy();
    expect(within(cards[0]!).getByText('Dữ liệu minh hoạ')).toBeTruthy();
    expect(within(cards[1]!).getByText('20/11/2026 10:00')).toBeTruthy();
    expect((within(cards[0]!).getByRole('img', { name: 'Hình ảnh 1' }) as HTMLImageElement).src).toContain(
      '/api/geojson/31.png',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/geojson?type=png&pageSize=100');
  });

  it("says 'Không có dữ liệu' when there is no image", async () => {
    mockFetch(() => jsonResponse(200, { items: [], total: 0, folder: null }));
    renderWithProviders(<SensingImagesPage />, '/analyze/sensing-image');
    expect(await screen.findByText('Không có dữ liệu')).toBeTruthy();
    expect(screen.queryByTestId('gallery-item')).toBeNull();
  });
});
