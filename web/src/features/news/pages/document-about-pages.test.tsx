import type { DirectiveDocument, News } from '@flood/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import AboutPage from './about-page';
import DocumentPage from './document-page';

const PDF = `/api/files/${'e'.repeat(32)}`;

function doc(id: number, over: Partial<DirectiveDocument> = {}): DirectiveDocument {
  return {
    id,
    title: `Văn bản ${id}`,
    description: null,
    path: PDF,
    files: [PDF],
    date: '2026-11-20T02:00:00.000Z',
    userId: 1,
    userName: 'Cán bộ',
    createdAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/document', element: <DocumentPage /> },
      { path: '/about', element: <AboutPage /> },
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

describe('/document', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Không có bản ghi nào' when there is no document", async () => {
    mockFetch(() => jsonResponse(200, { items: [], total: 0 }));
    renderAt('/document');
    expect(screen.getByRole('heading', { level: 1, name: 'Văn bản chỉ đạo' })).toBeTruthy();
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Văn bản chỉ đạo – Cảnh báo lũ'));
  });

  it('lists documents with description, date and the PDF opening in a new tab; no pager for 10', async () => {
    const items = [doc(1, { title: 'Quyết định 12/QĐ-UBND', description: 'Về phòng chống lụt bão' })];
    for (let i = 2; i <= 10; i++) items.push(doc(i));
    const fetchMock = mockFetch(() => jsonResponse(200, { items, total: 10 }));
    renderAt('/document');
    const card = await screen.findByTestId('document-card-1');
    expect(within(card).getByRole('heading', { level: 2, name: 'Quyết định 12/QĐ-UBND' })).toBeTruthy();
    expect(within(card).getByText('Về phòng chống lụt bão')).toBeTruthy();
    expect(within(card).getByText('20/11/2026 09:00')).toBeTruthy();
    const open = within(card).getByRole('link', { name: /Xem văn bản/ });
    expect(open.getAttribute('href')).toBe(PDF);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener');
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/document?page=1&pageSize=10');
  });

  it('pages past 10 documents', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('page=2')
        ? jsonResponse(200, { items: [doc(11, { title: 'Văn bản cuối' })], total: 11 })
        : jsonResponse(200, { items: [doc(1)], total: 11 }),
    );
    const router = renderAt('/document');
    await screen.findByTestId('document-card-1');
    fireEvent.click(screen.getByRole('button', { name: 'Trang 2' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Văn bản cuối' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/document?page=2&pageSize=10');
  });
});

describe('/about', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it("shows the about record's name and body", async () => {
    const about: News = {
      id: 3,
      name: 'Giới thiệu huyện Ba Chẽ',
      sapo: null,
      author: null,
      avatar: null,
      files: [],
      date: '2026-01-01T00:00:00.000Z',
      status: 'PUBLISH',
      type: 'GIOI_THIEU',
      userId: 1,
      userName: null,
      demo: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      units: [],
      content: '<h2>Vị trí</h2><p>Huyện miền núi tỉnh Quảng Ninh.</p>',
      attachments: [],
    };
    mockFetch(() => jsonResponse(200, about));
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giới thiệu huyện Ba Chẽ' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Vị trí' })).toBeTruthy();
    expect(screen.getByText('Huyện miền núi tỉnh Quảng Ninh.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Giới thiệu huyện Ba Chẽ – Cảnh báo lũ'));
  });

  it('says the page has no content yet when there is no about record', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy bài viết', requestId: 'r' }),
    );
    renderAt('/about');
    expect(await screen.findByText('Trang giới thiệu chưa có nội dung. Vui lòng quay lại sau.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Giới thiệu' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/news/about');
    expect(screen.queryByText('Xảy ra lỗi, vui lòng thử lại!')).toBeNull();
  });
});
