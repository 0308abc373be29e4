import type { News } from '@flood/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import NewsDetailPage from './news-detail-page';

const PDF = `/api/files/${'a'.repeat(32)}`;
const DOC = `/api/files/${'b'.repeat(32)}`;
const IMG = `/api/files/${'d'.repeat(32)}`;

const NEWS: News = {
  id: 42,
  name: 'Cảnh báo lũ trên sông Ba Chẽ',
  sapo: 'Mực nước dâng nhanh trong đêm',
  author: 'Ban chỉ huy PCTT',
  avatar: null,
  files: [PDF, DOC, IMG],
  date: '2026-11-25T10:05:00.000Z',
  status: 'PUBLISH',
  type: 'WARNING',
  userId: 1,
  userName: 'Cán bộ',
  demo: false,
  createdAt: '2026-11-25T10:05:00.000Z',
  units: [],
  content: '<p>Người dân <strong>chú ý</strong> an toàn.</p><img src="/api/files/x" alt="Ảnh lũ">',
  attachments: [
    { url: PDF, name: 'bao-cao_mua-lu.pdf' },
    { url: DOC, name: '1699999999999_ke_hoach.docx' },
    { url: IMG, name: 'anh.jpg' },
  ],
};
const related = (type: string) => ({
  items: [1, 2].map((i) => ({ ...NEWS, id: i + (type === 'NORMAL' ? 10 : 20), name: `${type} ${i}`, type })),
  total: 2,
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/news/:id', element: <NewsDetailPage /> },
      { path: '/home', element: <p>Trang chủ giả</p> },
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

/** The server: news 42 exists; POST /api/view answers when `releaseView` is called. */
function mockServer() {
  let releaseView: () => void = () => {};
  const viewPosted = new Promise<void>((resolve) => {
    releaseView = resolve;
  });
  const fetchMock = mockFetch(async (url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/view' && init?.method === 'POST') {
      await viewPosted;
      return jsonResponse(200, { newsId: 42, count: 7 });
    }
    if (u.pathname === '/api/view') return jsonResponse(200, { newsId: 42, count: 8 });
    if (u.pathname === '/api/news/42') return jsonResponse(200, NEWS);
    if (u.pathname === '/api/news') return jsonResponse(200, related(u.searchParams.get('type') ?? ''));
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy bài viết', requestId: 'r' });
  });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => new URL(String(url), 'http://x').pathname === path && (init?.method ?? 'GET') === method,
    );
  return { fetchMock, calls, releaseView: () => releaseView() };
}

describe('/news/{id}', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the title, district date-time, sapo, body, attachments, author and related news', async () => {
    const server = mockServer();
    server.releaseView();
    renderAt('/news/42');
    const article = await screen.findByTestId('news-article');
    expect(within(article).getByRole('heading', { level: 1, name: NEWS.name })).toBeTruthy();
    expect(within(article).getByText('25/11/2026 17:05')).toBeTruthy();
    expect(within(article).getByText('Mực nước dâng nhanh trong đêm')).toBeTruthy();
    expect(screen.getByTestId('news-html').innerHTML).toBe(NEWS.content);
    expect(within(article).getByText('Ban chỉ huy PCTT')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${NEWS.name} – Cảnh báo lũ`));

    const files = within(screen.getByRole('region', { name: 'Tệp đính kèm' })).getAllByRole('link');
    expect(files.map((a) => a.querySelector('.news-detail-file-name')?.textContent)).toEqual([
      'bao-cao_mua-lu.pdf',
      'ke_hoach.docx',
      'anh.jpg',
    ]);
    expect(files.map((a) => a.getAttribute('href'))).toEqual([PDF, DOC, IMG]);
    expect(files.map((a) => a.className)).toEqual([
      'news-detail-file news-detail-file-pdf',
      'news-detail-file news-detail-file-doc',
      'news-detail-file news-detail-file-other',
    ]);
    for (const a of files) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener');
    }

    const activity = await screen.findByRole('region', { name: 'Tin hoạt động mới nhất' });
    const warning = screen.getByRole('region', { name: 'Tin cảnh báo mới nhất' });
    const first = await within(activity).findByRole('link', { name: /NORMAL 1/ });
    expect(first.getAttribute('href')).toBe('/news/11');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(await within(warning).findByRole('link', { name: /WARNING 2/ })).toBeTruthy();
    const lists = server.fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((u) => u.pathname === '/api/news')
      .map((u) => Object.fromEntries(u.searchParams));
    expect(lists).toEqual(
      expect.arrayContaining([
        { page: '1', pageSize: '5', type: 'NORMAL' },
        { page: '1', pageSize: '5', type: 'WARNING' },
      ]),
    );
  });

  it("registers the view, then reads 'Lượt xem' 500 ms later", async () => {
    const server = mockServer();
    renderAt('/news/42');
    await screen.findByTestId('news-article');
    await waitFor(() => expect(server.calls('POST', '/api/view')).toHaveLength(1));
    expect(JSON.parse(String(server.calls('POST', '/api/view')[0]?.[1]?.body))).toEqual({ newsId: 42 });
    expect(screen.getByTestId('news-views').textContent).toBe('…');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      server.releaseView();
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(server.calls('GET', '/api/view')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(server.calls('GET', '/api/view')).toHaveLength(1);
    expect(String(server.calls('GET', '/api/view')[0]?.[0])).toBe('/api/view?newsId=42');
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('news-views').textContent).toBe('8'));
    expect(screen.getByText(/Lượt xem/)).toBeTruthy();
    expect(server.calls('POST', '/api/view')).toHaveLength(1);
  });

  it("goes to /home with 'Không tìm thấy bài viết' when the item cannot be loaded", async () => {
    mockServer();
    const router = renderAt('/news/999999999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('Không tìm thấy bài viết')).toBeTruthy();
    expect(await screen.findByText('Trang chủ giả')).toBeTruthy();
    // Only one toast, even though React runs effects twice in development.
    expect(screen.getAllByText('Không tìm thấy bài viết')).toHaveLength(1);
  });
});
