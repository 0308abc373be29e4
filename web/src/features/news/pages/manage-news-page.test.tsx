import { NEWS_TOASTS } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { fileUrl, newsItem, openTab, page } from '../components/admin/news-admin.fixtures';
import ManageNewsPage from './manage-news-page';

const NORMAL = [
  newsItem({ id: 1, name: 'Ra quân dọn vệ sinh', status: 'PUBLISH', date: '2026-03-04T01:02:00.000Z' }),
  newsItem({ id: 2, name: 'Bản tin nháp', status: 'DRAFT', userName: null }),
];
const WARNING = [newsItem({ id: 3, name: 'Cảnh báo lũ quét', type: 'WARNING', status: 'PUBLISH' })];
const DOCUMENTS = [
  newsItem({
    id: 4,
    name: 'Công điện số 12',
    sapo: 'Về việc ứng phó mưa lũ',
    type: 'DOCUMENT',
    status: 'PUBLISH',
    files: [fileUrl('d')],
    createdAt: '2026-03-05T08:00:00.000Z',
  }),
];

function serve() {
  return mockFetch((path, init) => {
    if (path === '/api/view-statistic') return jsonResponse(200, { today: 12, week: 345, month: 6789, year: 12345 });
    if (init?.method === 'DELETE') return jsonResponse(200, { ok: true });
    if (path === `${fileUrl('d')}`)
      return new Response('%PDF-1.4', {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="cong-dien-12.pdf"' },
      });
    if (path.includes('type=NORMAL')) return page(NORMAL);
    if (path.includes('type=WARNING')) return page(WARNING);
    if (path.includes('type=DOCUMENT')) return page(DOCUMENTS);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy', requestId: 'r' });
  });
}

const row = (id: number) =>
  waitFor(() => {
    const found = document.querySelector(`tr[data-row-key="${id}"]`);
    if (!found) throw new Error(`no row ${id}`);
    return found as HTMLElement;
  });

describe('news management page', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'news']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the four view statistics, the buttons and the active news with badge, creator and date', async () => {
    const fetchMock = serve();
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Quản lý tin tức'));
    const stat = (key: string) => screen.getByTestId(`news-stat-${key}`);
    await waitFor(() => expect(within(stat('today')).getByTestId('news-stat-value').textContent).toBe('12'));
    expect(within(stat('today')).getByText('Hôm nay')).toBeTruthy();
    expect(within(stat('week')).getByText('Tuần này')).toBeTruthy();
    expect(within(stat('month')).getByText('6.789')).toBeTruthy();
    expect(within(stat('year')).getByText('Năm nay')).toBeTruthy();
    for (const label of ['Thêm tin tức', 'Cập nhật trang giới thiệu', 'Thêm văn bản chỉ đạo'])
      expect(screen.getByText(label)).toBeTruthy();

    const published = await row(1);
    expect(within(published).getByText('Đã đăng').closest('.ant-tag')?.className).toMatch(/green/);
    expect(within(published).getByText('Nguyễn Văn An')).toBeTruthy();
    // 01:02 UTC is 08:02 in the district
    expect(within(published).getByText('04/03/2026 08:02')).toBeTruthy();
    expect(within(published).getByText('Ra quân dọn vệ sinh').closest('a')?.getAttribute('href')).toBe('/news/1');
    const draft = await row(2);
    expect(within(draft).getByText('Bản nháp').closest('.ant-tag')?.className).not.toMatch(/green/);
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/news?page=1&pageSize=10&type=NORMAL&all=true');
  });

  it('the warning tab lists WARNING news; deleting one asks first and toasts', async () => {
    const fetchMock = serve();
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    await openTab('Tin cảnh báo');
    const warning = await row(3);
    expect(within(warning).getByText('Cảnh báo lũ quét')).toBeTruthy();
    fireEvent.click(within(warning).getByLabelText('Xoá'));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText(NEWS_TOASTS.deleted)).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/news/3']);
  });

  it('the documents tab: title, description, creator, created time; download the PDF; delete with its toast', async () => {
    const fetchMock = serve();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // jsdom has no object URLs
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => {};
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    await openTab('Văn bản chỉ đạo');
    const doc = await row(4);
    expect(within(doc).getByText('Công điện số 12')).toBeTruthy();
    expect(within(doc).getByText('Về việc ứng phó mưa lũ')).toBeTruthy();
    expect(within(doc).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(within(doc).getByText('05/03/2026 15:00')).toBeTruthy();

    fireEvent.click(within(doc).getByLabelText('Tải xuống'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(fileUrl('d'));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('cong-dien-12.pdf');
    click.mockRestore();

    fireEvent.click(within(doc).getByLabelText('Xoá'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect(await screen.findByText(NEWS_TOASTS.documentDeleted)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url)).toEqual([
      '/api/news/4',
    ]);
  });
});
