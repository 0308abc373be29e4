import { type NewsSummary, PUBLIC_ROUTES } from '@flood/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import AllNewsPage from './all-news-page';
import NewsPage from './news-page';

const AVATAR = `/api/files/${'c'.repeat(32)}`;

function summary(id: number, over: Partial<NewsSummary> = {}): NewsSummary {
  return {
    id,
    name: `Tin số ${id}`,
    sapo: null,
    author: null,
    avatar: null,
    files: [],
    date: '2026-11-25T10:00:00.000Z',
    status: 'PUBLISH',
    type: 'WARNING',
    userId: 1,
    userName: 'Cán bộ',
    demo: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    units: [],
    ...over,
  };
}
const page = (items: NewsSummary[], total = items.length) => ({ items, total });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/news', element: <NewsPage /> },
      { path: '/all-news', element: <AllNewsPage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('/news', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest 6 of each type as cards linking to the item, with thumbnails or the default picture', async () => {
    const fetchMock = mockFetch((url) =>
      query(url).type === 'WARNING'
        ? jsonResponse(200, page([summary(1, { name: 'Lũ sông Ba Chẽ', avatar: AVATAR }), summary(2)]))
        : jsonResponse(200, page([summary(3, { type: 'NORMAL', name: 'Diễn tập phòng chống lụt bão' })])),
    );
    const router = renderAt('/news');
    expect(screen.getByRole('heading', { level: 1, name: 'Tin tức' })).toBeTruthy();
    // Both sections appear together once both lists are in.
    const warning = await screen.findByRole('region', { name: 'Tin cảnh báo' });
    const activity = screen.getByRole('region', { name: 'Tin hoạt động' });
    const link = await within(warning).findByRole('link', { name: 'Lũ sông Ba Chẽ' });
    expect(link.getAttribute('href')).toBe('/news/1');
    expect(within(warning).getByRole('heading', { level: 3, name: 'Lũ sông Ba Chẽ' })).toBeTruthy();
    expect(within(warning).getAllByText('25/11/2026 17:00')).toHaveLength(2);
    const images = warning.querySelectorAll('img');
    expect(images[0]?.getAttribute('src')).toBe(`${AVATAR}/thumbnail`);
    expect(images[0]?.getAttribute('alt')).toBe('');
    expect(images[1]?.getAttribute('src')).not.toContain('/api/files/');
    expect(images[1]?.getAttribute('src')).toBeTruthy();
    // The first section's first row is the page's largest paint: fetched at once; the rest when scrolled to.
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(await within(activity).findByRole('link', { name: 'Diễn tập phòng chống lụt bão' })).toBeTruthy();
    expect(activity.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    const calls = fetchMock.mock.calls.map(([url]) => query(String(url)));
    expect(calls).toEqual(
      expect.arrayContaining([
        { page: '1', pageSize: '6', type: 'WARNING' },
        { page: '1', pageSize: '6', type: 'NORMAL' },
      ]),
    );
    // The server preloads these very URLs in the page's HTML: a different URL would be fetched twice.
    const firstReads = PUBLIC_ROUTES.find((r) => r.path === '/news')?.firstReads ?? [];
    expect(firstReads).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining([...firstReads]));
    // 'Xem thêm' opens the matching tab of /all-news.
    expect(
      within(warning)
        .getByRole('link', { name: /Xem thêm/ })
        .getAttribute('href'),
    ).toBe('/all-news?tab=warning');
    fireEvent.click(within(activity).getByRole('link', { name: /Xem thêm/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activity'));
    await waitFor(() => expect(document.title).toBe('Tất cả tin tức – Cảnh báo lũ'));
  });

  it("says 'Không có bản tin nào' in a section without items", async () => {
    mockFetch((url) =>
      query(url).type === 'WARNING' ? jsonResponse(200, page([])) : jsonResponse(200, page([summary(3)])),
    );
    renderAt('/news');
    const warning = await screen.findByRole('region', { name: 'Tin cảnh báo' });
    expect(await within(warning).findByText('Không có bản tin nào')).toBeTruthy();
    const activity = screen.getByRole('region', { name: 'Tin hoạt động' });
    expect(await within(activity).findByText('Tin số 3')).toBeTruthy();
    expect(within(activity).queryByText('Không có bản tin nào')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Tin tức – Cảnh báo lũ'));
  });
});

describe('/all-news', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  const tenWarnings = Array.from({ length: 10 }, (_, i) => summary(100 + i));

  it('shows no pager for 10 items', async () => {
    mockFetch(() => jsonResponse(200, page(tenWarnings, 10)));
    renderAt('/all-news');
    expect(await screen.findByText('Tin số 109')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).toBeNull();
  });

  it('pages past 10 items with the page in the URL, and goes back with the history', async () => {
    const fetchMock = mockFetch((url) =>
      query(url).page === '2'
        ? jsonResponse(200, page([summary(200, { name: 'Tin trang hai' })], 11))
        : jsonResponse(200, page(tenWarnings, 11)),
    );
    const router = renderAt('/all-news?tab=warning');
    const panel = screen.getByRole('tabpanel', { name: 'Tin cảnh báo' });
    expect(await within(panel).findByText('Tin số 100')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Phân trang' });
    expect((within(pager).getByRole('button', { name: 'Trang trước' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(pager).getByRole('button', { name: 'Trang 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Trang 2' }));
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Tin trang hai' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=warning&page=2');
    expect(query(String(fetchMock.mock.calls.at(-1)?.[0]))).toEqual({ page: '2', pageSize: '10', type: 'WARNING' });
    const pagerNow = screen.getByRole('navigation', { name: 'Phân trang' });
    expect((within(pagerNow).getByRole('button', { name: 'Trang sau' }) as HTMLButtonElement).disabled).toBe(true);
    await router.navigate(-1);
    expect(await within(panel).findByText('Tin số 100')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=warning');
  });

  it('switches between the warning and activity tabs by click and by arrow keys', async () => {
    const fetchMock = mockFetch((url) =>
      query(url).type === 'NORMAL'
        ? jsonResponse(200, page([summary(5, { type: 'NORMAL', name: 'Tin hoạt động A' })]))
        : jsonResponse(200, page([summary(6, { name: 'Tin cảnh báo B' })])),
    );
    const router = renderAt('/all-news?tab=activity');
    expect(screen.getByRole('tablist', { name: 'Loại tin' })).toBeTruthy();
    const activityTab = screen.getByRole('tab', { name: 'Tin hoạt động' });
    const warningTab = screen.getByRole('tab', { name: 'Tin cảnh báo' });
    expect(activityTab.getAttribute('aria-selected')).toBe('true');
    expect(warningTab.getAttribute('tabindex')).toBe('-1');
    expect(await screen.findByText('Tin hoạt động A')).toBeTruthy();
    expect(screen.getByTestId('news-panel-warning').hidden).toBe(true);
    fireEvent.keyDown(activityTab, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=warning'));
    expect(await screen.findByText('Tin cảnh báo B')).toBeTruthy();
    expect(document.activeElement).toBe(warningTab);
    expect(warningTab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(activityTab);
    expect(await screen.findByText('Tin hoạt động A')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => query(String(url)).type)).toEqual(['NORMAL', 'WARNING']);
  });
});
