import type { FloodPhoto } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import FloodImagesPage from './flood-images-page';

const photo = (id: number, extra: Partial<FloodPhoto> = {}): FloodPhoto => ({
  id,
  desc: `Nước ngập ngang gối ${id}`,
  location: `Thôn Khe Tâm ${id}`,
  lat: 21.2731,
  long: 107.28965,
  image: `/api/flood/${id}/image?v=1`,
  thumbnail: `/api/flood/${id}/thumbnail?v=1`,
  width: 800,
  height: 600,
  demo: false,
  createdAt: '2026-11-03T01:05:00.000Z',
  ...extra,
});

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const urls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => url);

describe('flood photos page', () => {
  beforeEach(() => signIn(['analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the photos: thumbnail (full image on click), description, place with coordinates, time; no pager for one page', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { items: [photo(3), photo(2, { desc: '', demo: true })], total: 2 }),
    );
    renderWithProviders(<FloodImagesPage />, '/analyze/flood-image');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ảnh ngập lụt' })).toBeTruthy();
    expect(await screen.findByText('Nước ngập ngang gối 3')).toBeTruthy();
    expect(urls(fetchMock)).toContain('/api/flood?page=1&pageSize=10');
    const first = within(row(3));
    expect(first.getByText('Thôn Khe Tâm 3')).toBeTruthy();
    expect(first.getByText('Vĩ độ 21,2731, kinh độ 107,28965')).toBeTruthy();
    expect(first.getByText(/^03\/11\/2026 \d\d:05$/)).toBeTruthy();
    const thumb = first.getByRole('img', { name: 'Ảnh ngập lụt tại Thôn Khe Tâm 3' }) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe('/api/flood/3/thumbnail?v=1');
    fireEvent.click(thumb);
    await waitFor(() =>
      expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('/api/flood/3/image?v=1'),
    );
    // No description: a dash; a seeded photo says it is demo data. Delete is the only action.
    expect(within(row(2)).getByText('—')).toBeTruthy();
    expect(within(row(2)).getByText('Dữ liệu minh hoạ')).toBeTruthy();
    expect(within(row(2)).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('pages by ten past the first ten photos', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const ids = page === 1 ? Array.from({ length: 10 }, (_, i) => 100 - i) : [90, 89];
      return jsonResponse(200, { items: ids.map((id) => photo(id)), total: 12 });
    });
    renderWithProviders(<FloodImagesPage />, '/analyze/flood-image');
    await screen.findByText('Nước ngập ngang gối 100');
    expect(screen.getByText('Tổng số 12 bản ghi')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Nước ngập ngang gối 89')).toBeTruthy();
    expect(urls(fetchMock)).toContain('/api/flood?page=2&pageSize=10');
    expect(within(row(89)).getByText('12')).toBeTruthy();
  });

  it("deletes a photo after confirmation with the toast 'Xoá ảnh thành công!'", async () => {
    let items = [photo(3), photo(2)];
    const fetchMock = mockFetch((url, init) => {
      if (init?.method === 'DELETE') {
        items = items.filter((p) => !url.endsWith(`/${p.id}`));
        return jsonResponse(200, { ok: true });
      }
      return jsonResponse(200, { items, total: items.length });
    });
    renderWithProviders(<FloodImagesPage />, '/analyze/flood-image');
    await screen.findByText('Nước ngập ngang gối 2');
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá ảnh thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/flood/2']);
    await waitFor(() => expect(screen.queryByText('Nước ngập ngang gối 2')).toBeNull());
  });
});
