import { NEWS_CONTENT_REQUIRED, NEWS_TOASTS, type News } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import ManageNewsPage from '../../pages/manage-news-page';
import {
  bodyOf,
  editorIn,
  fileUrl,
  newsItem,
  openTab,
  page,
  pdf,
  png,
  type,
  uploaded,
  writeBody,
} from './news-admin.fixtures';

const DOC = newsItem({
  id: 4,
  name: 'Công điện số 12',
  sapo: 'Về việc ứng phó mưa lũ',
  type: 'DOCUMENT',
  status: 'PUBLISH',
  files: [fileUrl('d')],
  attachments: [{ url: fileUrl('d'), name: 'cong-dien-12.pdf' }],
  content: '<p>Về việc ứng phó mưa lũ</p>',
  date: '2026-03-05T08:00:00.000Z',
});

function serve(opts: { about?: News | null } = {}) {
  return mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/view-statistic') return jsonResponse(200, { today: 0, week: 0, month: 0, year: 0 });
    if (path === '/api/files' && init && method === 'POST') {
      const file = (init.body as FormData).get('file') as File;
      if (file.name === 'hong.png')
        return jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Ảnh hỏng', requestId: 'r' });
      return jsonResponse(200, uploaded(file.name.endsWith('.png') ? 'e' : 'f', file.name, file.type));
    }
    if (path === '/api/news/about')
      return opts.about
        ? jsonResponse(200, opts.about)
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy', requestId: 'r' });
    if (path === '/api/news' && method === 'POST') return jsonResponse(200, newsItem({ id: 40, name: 'x' }));
    if (path.startsWith('/api/news/') && method === 'PUT') return jsonResponse(200, DOC);
    if (path === '/api/news/4') return jsonResponse(200, DOC);
    if (path.includes('type=DOCUMENT')) return page([DOC]);
    if (path.startsWith('/api/news?')) return page([]);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy', requestId: 'r' });
  });
}

const sent = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === method && String(url).startsWith('/api/news'));
const fileInput = (el: HTMLElement) => el.querySelector('input[type="file"]') as HTMLInputElement;

describe('directive document and about page dialogs', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'news']));
  afterEach(() => vi.unstubAllGlobals());

  it('a new directive document needs a title and a PDF, and is sent published as DOCUMENT with a body', async () => {
    const fetchMock = serve();
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    fireEvent.click(await screen.findByTestId('document-add'));
    const modal = await screen.findByTestId('document-modal');
    expect(within(modal).getByText('Thêm văn bản chỉ đạo', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('document-submit'));
    expect(await within(modal).findByText('Tiêu đề là trường bắt buộc')).toBeTruthy();
    expect(await within(modal).findByText('Vui lòng đính kèm tệp PDF của văn bản')).toBeTruthy();

    const files = within(modal).getByTestId('document-files');
    expect(fileInput(files).accept).toBe('.pdf,application/pdf');
    fireEvent.change(fileInput(files), {
      target: { files: [new File(['x'], 'to-trinh.docx', { type: 'application/msword' })] },
    });
    expect(await within(modal).findByText('Tệp to-trinh.docx không đúng định dạng cho phép')).toBeTruthy();
    fireEvent.change(fileInput(files), { target: { files: [pdf('cong-van.pdf')] } });
    expect((await within(modal).findByText('cong-van.pdf')).closest('a')?.getAttribute('href')).toBe(fileUrl('f'));
    type('document-name', ' Công văn 15/UBND ');
    type('document-sapo', 'Chỉ đạo <khẩn> về sơ tán');
    fireEvent.click(screen.getByTestId('document-submit'));
    expect(await screen.findByText(NEWS_TOASTS.documentCreated)).toBeTruthy();
    expect(bodyOf(sent(fetchMock, 'POST')[0]?.[1])).toEqual({
      name: 'Công văn 15/UBND',
      sapo: 'Chỉ đạo <khẩn> về sơ tán',
      author: null,
      avatar: null,
      files: [fileUrl('f')],
      content: '<p>Chỉ đạo &lt;khẩn&gt; về sơ tán</p>',
      date: null,
      status: 'PUBLISH',
      type: 'DOCUMENT',
    });
  });

  it('edits a directive document: title, description and the attachment link; the body follows the text', async () => {
    const fetchMock = serve();
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    await openTab('Văn bản chỉ đạo');
    const row = await waitFor(() => {
      const found = document.querySelector('tr[data-row-key="4"]');
      if (!found) throw new Error('no row');
      return found as HTMLElement;
    });
    fireEvent.click(within(row).getByLabelText('Sửa'));
    const modal = await screen.findByTestId('document-modal');
    expect(within(modal).getByText('Cập nhật văn bản chỉ đạo', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('document-name') as HTMLInputElement).value).toBe('Công điện số 12');
    expect((document.getElementById('document-sapo') as HTMLTextAreaElement).value).toBe('Về việc ứng phó mưa lũ');
    expect((await within(modal).findByText('cong-dien-12.pdf')).closest('a')?.getAttribute('href')).toBe(fileUrl('d'));
    type('document-sapo', 'Về việc ứng phó bão số 3');
    fireEvent.click(screen.getByTestId('document-submit'));
    expect(await screen.findByText(NEWS_TOASTS.documentUpdated)).toBeTruthy();
    const put = sent(fetchMock, 'PUT')[0]!;
    expect(put[0]).toBe('/api/news/4');
    expect(bodyOf(put[1])).toMatchObject({
      sapo: 'Về việc ứng phó bão số 3',
      content: '<p>Về việc ứng phó bão số 3</p>',
      date: DOC.date,
      files: [fileUrl('d')],
      status: 'PUBLISH',
      type: 'DOCUMENT',
    });
  });

  it('the first about page is created as the published GIOI_THIEU record', async () => {
    const fetchMock = serve({ about: null });
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    fireEvent.click(await screen.findByTestId('about-edit'));
    const modal = await screen.findByTestId('about-modal');
    await editorIn(modal);
    expect((document.getElementById('about-name') as HTMLInputElement).value).toBe('Giới thiệu');
    fireEvent.click(screen.getByTestId('about-submit'));
    expect(await within(modal).findByText(NEWS_CONTENT_REQUIRED)).toBeTruthy();
    await writeBody('<h2>Huyện Ba Chẽ</h2><p>Cổng thông tin cảnh báo lũ.</p>', modal);
    fireEvent.click(screen.getByTestId('about-submit'));
    expect(await screen.findByText(NEWS_TOASTS.aboutUpdated)).toBeTruthy();
    expect(bodyOf(sent(fetchMock, 'POST')[0]?.[1])).toMatchObject({
      name: 'Giới thiệu',
      content: '<h2>Huyện Ba Chẽ</h2><p>Cổng thông tin cảnh báo lũ.</p>',
      status: 'PUBLISH',
      type: 'GIOI_THIEU',
    });
  });

  it('the about page is updated in place, keeping its other fields; the editor inserts uploaded images', async () => {
    const about = newsItem({ id: 9, name: 'Giới thiệu chung', type: 'GIOI_THIEU', sapo: 'Tóm tắt', status: 'PUBLISH' });
    const fetchMock = serve({ about });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ManageNewsPage />, '/news/manage-news');
    fireEvent.click(await screen.findByTestId('about-edit'));
    const modal = await screen.findByTestId('about-modal');
    const editor = await editorIn(modal);
    expect(editor.getHTML()).toBe('<p>Nội dung</p>');

    // A failed image upload is logged and said under the toolbar; nothing is inserted.
    const imageInput = within(modal).getByTestId('rich-text-image-input') as HTMLInputElement;
    fireEvent.change(imageInput, { target: { files: [png('hong.png')] } });
    expect(await within(modal).findByText('Không tải được ảnh lên, vui lòng thử lại')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    fireEvent.change(imageInput, { target: { files: [png('ban-do.png')] } });
    await waitFor(() => expect(editor.getHTML()).toContain(`<img src="${fileUrl('e')}" alt="ban-do">`));
    expect(within(modal).queryByText('Không tải được ảnh lên, vui lòng thử lại')).toBeNull();

    fireEvent.click(screen.getByTestId('about-submit'));
    expect(await screen.findByText(NEWS_TOASTS.aboutUpdated)).toBeTruthy();
    const put = sent(fetchMock, 'PUT')[0]!;
    expect(put[0]).toBe('/api/news/9');
    expect(bodyOf(put[1])).toMatchObject({
      name: 'Giới thiệu chung',
      sapo: 'Tóm tắt',
      status: 'PUBLISH',
      type: 'GIOI_THIEU',
      content: expect.stringContaining(`<img src="${fileUrl('e')}"`),
    });
    logged.mockRestore();
  });
});
