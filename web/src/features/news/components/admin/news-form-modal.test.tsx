import { NEWS_CONTENT_REQUIRED, NEWS_NAME_REQUIRED, NEWS_TOASTS } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn, signInScoped } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import ManageNewsPage from '../../pages/manage-news-page';
import {
  bodyOf,
  chooseOption,
  editorIn,
  fileUrl,
  newsItem,
  openTab,
  page,
  pdf,
  png,
  type,
  typeDate,
  uploaded,
  writeBody,
} from './news-admin.fixtures';

const STATS = { today: 1, week: 2, month: 3, year: 4 };

function serve(over: (path: string, init: RequestInit | undefined) => Response | null = () => null) {
  return mockFetch((path, init) => {
    const answer = over(path, init);
    if (answer) return answer;
    if (path === '/api/view-statistic') return jsonResponse(200, STATS);
    if (path.startsWith('/api/news?')) return page([]);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy', requestId: 'r' });
  });
}

async function openAdd() {
  renderWithProviders(<ManageNewsPage />, '/news/manage-news');
  fireEvent.click(await screen.findByTestId('news-add'));
  const modal = await screen.findByTestId('news-modal');
  await editorIn(modal);
  return modal;
}

const fileInput = (within: HTMLElement) => within.querySelector('input[type="file"]') as HTMLInputElement;

// antd dialogs with a rich-text editor take several seconds per step on a loaded 2-core machine
describe('news dialog', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'news']));
  afterEach(() => vi.unstubAllGlobals());

  it("a commune officer's new item starts with its units (it may write only its units' news, #26)", async () => {
    signInScoped(['system', 'news'], ['06973']);
    serve();
    const modal = await openAdd();
    expect(within(modal).getByTitle('Xã Thanh Sơn (06973)')).toBeTruthy();
  });

  it('an empty save shows the two required messages and sends nothing', async () => {
    const fetchMock = serve();
    const modal = await openAdd();
    expect(within(modal).getByText('Thêm tin tức', { selector: '.ant-modal-title' })).toBeTruthy();
    // the editor starting up does not run the required rule
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(modal).queryByText(NEWS_CONTENT_REQUIRED)).toBeNull();
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await within(modal).findByText(NEWS_NAME_REQUIRED)).toBeTruthy();
    expect(await within(modal).findByText(NEWS_CONTENT_REQUIRED)).toBeTruthy();
    type('news-name', 'x'.repeat(256));
    type('news-author', 'y'.repeat(256));
    fireEvent.click(screen.getByTestId('news-submit'));
    await waitFor(() => expect(within(modal).getAllByText('Tối đa 255 ký tự')).toHaveLength(2));
    // A body of blank paragraphs is still empty.
    await writeBody('<p>   </p><p></p>', modal);
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await within(modal).findByText(NEWS_CONTENT_REQUIRED)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates a WARNING news: uploads, typed date as UTC ISO without ms, defaults DRAFT/NORMAL, toast', async () => {
    const fetchMock = serve((path, init) => {
      if (path === '/api/files' && init?.method === 'POST') {
        const file = (init.body as FormData).get('file') as File;
        if (file.name === 'anh-nen.png') return jsonResponse(200, uploaded('a', 'anh-nen.png', 'image/png'));
        if (file.name === 'bao-cao.pdf') return jsonResponse(200, uploaded('b', 'bao-cao.pdf', 'application/pdf'));
        return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Tệp hỏng', requestId: 'r' });
      }
      if (path === '/api/news' && init?.method === 'POST')
        return jsonResponse(200, newsItem({ id: 31, name: 'Lũ', type: 'WARNING', status: 'PUBLISH' }));
      return null;
    });
    const modal = await openAdd();
    // back-office §4: the first status and the first type by default
    expect(within(modal).getByTitle('Bản nháp')).toBeTruthy();
    expect(within(modal).getByTitle('Tin hoạt động')).toBeTruthy();

    type('news-name', '  Cảnh báo lũ trên sông Ba Chẽ ');
    type('news-sapo', 'Mực nước dâng nhanh');
    type('news-author', 'Ban chỉ huy PCTT');
    await chooseOption('news-type', 'Tin cảnh báo');
    await chooseOption('news-status', 'Đã đăng');
    await typeDate('news-date', '22/11/2026 14:05:09');

    fireEvent.change(fileInput(within(modal).getByTestId('news-files')), {
      target: { files: [pdf('bao-cao.pdf'), new File(['x'], 'virus.exe', { type: 'application/x-msdownload' })] },
    });
    expect(await within(modal).findByText('Tệp virus.exe không đúng định dạng cho phép')).toBeTruthy();
    expect((await within(modal).findByText('bao-cao.pdf')).closest('a')?.getAttribute('href')).toBe(fileUrl('b'));
    fireEvent.change(fileInput(modal.querySelector('.news-image-field') as HTMLElement), {
      target: { files: [png('anh-nen.png')] },
    });
    await waitFor(() =>
      expect(modal.querySelector('img.news-image-preview')?.getAttribute('src')).toBe(`${fileUrl('a')}/thumbnail`),
    );
    await writeBody('<p>Đề nghị người dân <strong>sơ tán</strong>.</p>', modal);
    // The unit it is about (#26 point 4): shown on that unit's pages too.
    fireEvent.mouseDown(document.getElementById('news-units')!);
    fireEvent.click((await screen.findAllByTitle('Xã Thanh Sơn (06973)')).at(-1)!);

    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await screen.findByText(NEWS_TOASTS.created)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/news' && init?.method === 'POST')!;
    expect(bodyOf(post[1])).toEqual({
      name: 'Cảnh báo lũ trên sông Ba Chẽ',
      sapo: 'Mực nước dâng nhanh',
      author: 'Ban chỉ huy PCTT',
      avatar: fileUrl('a'),
      files: [fileUrl('b')],
      content: '<p>Đề nghị người dân <strong>sơ tán</strong>.</p>',
      // 14:05:09 on the district clock (UTC+7)
      date: '2026-11-22T07:05:09Z',
      status: 'PUBLISH',
      type: 'WARNING',
      units: ['06973'],
    });
    // the new item's tab is shown
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/news?page=1&pageSize=10&type=WARNING&all=true'),
    );
  });

  it('a refused save shows the server message under its field and keeps everything typed', async () => {
    let attempts = 0;
    const fetchMock = serve((path, init) => {
      if (path !== '/api/news' || init?.method !== 'POST') return null;
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Dữ liệu không hợp lệ',
            requestId: 'r',
            fields: [{ field: 'files.0', message: 'Không tìm thấy tệp đã tải lên' }],
          })
        : jsonResponse(500, { code: 'INTERNAL', message: 'Lỗi', requestId: 'r' });
    });
    const modal = await openAdd();
    type('news-name', 'Tin thử');
    await writeBody('<p>Thân bài</p>', modal);
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await within(modal).findByText('Không tìm thấy tệp đã tải lên')).toBeTruthy();
    expect((document.getElementById('news-name') as HTMLInputElement).value).toBe('Tin thử');
    expect((await editorIn(modal)).getHTML()).toBe('<p>Thân bài</p>');
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await screen.findByText('Xảy ra lỗi, vui lòng thử lại!')).toBeTruthy();
    expect(screen.getByTestId('news-modal')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2);
  });

  it('edits an item with its stored values (date on the district clock, attachments by name)', async () => {
    const stored = newsItem({
      id: 12,
      name: 'Tin cũ',
      sapo: 'Tóm tắt',
      status: 'PUBLISH',
      type: 'WARNING',
      date: '2026-11-22T07:05:09.000Z',
      files: [fileUrl('c')],
      attachments: [{ url: fileUrl('c'), name: '1700000000000_Công văn.pdf' }],
      content: '<p>Cũ</p>',
    });
    const fetchMock = serve((path, init) => {
      if (path.startsWith('/api/news?type=WARNING') || path === '/api/news?page=1&pageSize=10&type=WARNING&all=true')
        return page([stored]);
      if (path === '/api/news/12' && init?.method === 'PUT') return jsonResponse(200, stored);
      if (path === '/api/news/12') return jsonResponse(200, stored);
      return null;
    });
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    await openTab('Tin cảnh báo');
    const row = await waitFor(() => {
      const found = document.querySelector('tr[data-row-key="12"]');
      if (!found) throw new Error('no row yet');
      return found as HTMLElement;
    });
    fireEvent.click(within(row).getByLabelText('Sửa'));
    const modal = await screen.findByTestId('news-modal');
    expect(within(modal).getByText('Cập nhật tin tức', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('news-date') as HTMLInputElement).value).toBe('22/11/2026 14:05:09');
    expect((await within(modal).findByText('Công văn.pdf')).closest('a')?.getAttribute('href')).toBe(fileUrl('c'));
    expect((await editorIn(modal)).getHTML()).toBe('<p>Cũ</p>');
    type('news-name', 'Tin cũ (sửa)');
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await screen.findByText(NEWS_TOASTS.updated)).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(bodyOf(put[1])).toMatchObject({
      name: 'Tin cũ (sửa)',
      sapo: 'Tóm tắt',
      files: [fileUrl('c')],
      content: '<p>Cũ</p>',
      date: '2026-11-22T07:05:09Z',
      status: 'PUBLISH',
      type: 'WARNING',
    });
  });
});
