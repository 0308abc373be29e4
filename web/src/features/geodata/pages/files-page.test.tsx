import { GEODATA_TEXT, type GeodataItem, type GeodataPage } from '@flood/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import FilesPage from './files-page';

function item(over: Partial<GeodataItem> & Pick<GeodataItem, 'id' | 'name' | 'type'>): GeodataItem {
  const folder = over.type === 'FOLDER';
  return {
    path: folder ? null : `${over.id}.geojson`,
    url: folder ? null : `/api/geojson/${over.id}.geojson`,
    parentId: null,
    time: null,
    size: folder ? 0 : 120,
    contentType: folder ? null : 'application/geo+json',
    demo: false,
    childCount: 0,
    userId: 7,
    userName: 'Nguyễn Văn An',
    createdAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}

const FLOOD_2026 = item({ id: 5, name: 'Lũ 2026', type: 'FOLDER', childCount: 1 });
const NOVEMBER = item({ id: 6, name: 'Tháng 11', type: 'FOLDER', parentId: 5 });
const ROOT_FILE = item({
  id: 9,
  name: 'ngap-hien-trang.geojson',
  type: 'CURRENT_HIGH',
  time: '2026-11-22T00:00:00.000Z',
  demo: true,
});

/** The folders of the test tree, by id ('' = root). */
const PAGES: Record<string, GeodataPage> = {
  '': { items: [FLOOD_2026, ROOT_FILE], total: 2, folder: null },
  '5': { items: [NOVEMBER], total: 1, folder: { id: 5, name: 'Lũ 2026', parentId: null } },
  '6': { items: [], total: 0, folder: { id: 6, name: 'Tháng 11', parentId: 5 } },
};

function listResponse(url: string): Response {
  const search = new URL(url, 'http://x').searchParams;
  return jsonResponse(200, PAGES[search.get('parentId') ?? '']);
}
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/geojson?'));

// ---------- a fake XMLHttpRequest (the upload goes through XHR for its progress) ----------

interface SentUpload {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}
type XhrAnswer = { status: number; body: unknown };

class FakeXhr {
  static sent: SentUpload[] = [];
  static answer: (sent: SentUpload) => XhrAnswer = () => ({ status: 500, body: {} });
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    const sent = { url: this.url, headers: this.headers, body };
    FakeXhr.sent.push(sent);
    const answer = FakeXhr.answer(sent);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 30);
    }, 10);
  }
}

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;

async function chooseType(label: string, id = 'geodata-type') {
  const select = document.getElementById(id)!;
  fireEvent.mouseDown(select);
  // The type list is long (only its first options are drawn): searched by name, as a person would.
  if (id === 'geodata-type') fireEvent.change(select, { target: { value: label } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('files page', () => {
  beforeEach(() => {
    signIn(['system', 'database']);
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('browses folders by ?parentId and goes back to the parent folder', async () => {
    const fetchMock = mockFetch((url) => listResponse(url));
    const { router } = renderWithProviders(<FilesPage />, '/database/files');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quản lý tệp dữ liệu' })).toBeTruthy();
    expect(await screen.findByText('ngap-hien-trang.geojson')).toBeTruthy();
    expect(screen.queryByTestId('geodata-back')).toBeNull();
    // Badge of the storage type and of demo data; the file's time on the district clock; download for files only.
    expect(within(row(9)).getByText('Ngập lụt hiện trạng')).toBeTruthy();
    expect(within(row(9)).getByText('Dữ liệu minh hoạ')).toBeTruthy();
    expect(within(row(9)).getByText('22/11/2026 07:00')).toBeTruthy();
    expect(within(row(9)).getByRole('button', { name: 'Tải xuống' })).toBeTruthy();
    expect(within(row(5)).getByText('Thư mục')).toBeTruthy();
    expect(within(row(5)).queryByRole('button', { name: 'Tải xuống' })).toBeNull();

    fireEvent.click(within(row(5)).getByRole('link', { name: /Lũ 2026/ }));
    expect(await screen.findByText('Tháng 11')).toBeTruthy();
    expect(router.state.location.search).toBe('?parentId=5');
    expect(within(screen.getByTestId('geodata-folder-bar')).getByText('Lũ 2026')).toBeTruthy();

    fireEvent.click(within(row(6)).getByRole('link', { name: /Tháng 11/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?parentId=6'));
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('geodata-folder-name').textContent).toContain('Tháng 11'));

    fireEvent.click(screen.getByTestId('geodata-back'));
    await waitFor(() => expect(router.state.location.search).toBe('?parentId=5'));
    expect(await screen.findByText('Tháng 11')).toBeTruthy();
    fireEvent.click(screen.getByTestId('geodata-back'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('ngap-hien-trang.geojson')).toBeTruthy();
    expect(screen.queryByTestId('geodata-back')).toBeNull();
    expect(listCalls(fetchMock)).toEqual(
      expect.arrayContaining([
        '/api/geojson?page=1&pageSize=10',
        '/api/geojson?parentId=5&page=1&pageSize=10',
        '/api/geojson?parentId=6&page=1&pageSize=10',
      ]),
    );
  });

  it('asks before deleting a folder with content and says how many items go with it', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : listResponse(url),
    );
    renderWithProviders(<FilesPage />, '/database/files');
    await screen.findByText('Lũ 2026');
    fireEvent.click(within(row(5)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Thư mục có 1 mục. Xoá cả thư mục và nội dung?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText(GEODATA_TEXT.deleted)).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url);
    expect(deletes).toEqual(['/api/geojson/5']);
  });

  it('creates a folder in the current folder; the name is required', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'POST'
        ? jsonResponse(200, item({ id: 12, name: 'Kịch bản', type: 'FOLDER', parentId: 5 }))
        : listResponse(url),
    );
    const { router } = renderWithProviders(<FilesPage />, '/database/files');
    await act(() => router.navigate('/database/files?parentId=5'));
    expect(await screen.findByText('Tháng 11')).toBeTruthy();
    fireEvent.click(screen.getByTestId('folder-add'));
    await screen.findByTestId('folder-modal');
    fireEvent.click(screen.getByTestId('folder-submit'));
    expect(await screen.findByText('Tên thư mục là trường bắt buộc')).toBeTruthy();
    fireEvent.change(document.getElementById('folder-name')!, { target: { value: '  Kịch bản ' } });
    fireEvent.click(screen.getByTestId('folder-submit'));
    expect(await screen.findByText(GEODATA_TEXT.folderCreated)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/geojson/folder');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ name: 'Kịch bản', type: 'FOLDER', parentId: 5 });
  });

  async function openUpload(): Promise<{ modal: HTMLElement; fetchMock: ReturnType<typeof mockFetch> }> {
    const fetchMock = mockFetch((url) => listResponse(url));
    const { router } = renderWithProviders(<FilesPage />, '/database/files');
    await act(() => router.navigate('/database/files?parentId=5'));
    await screen.findByText('Tháng 11');
    fireEvent.click(screen.getByTestId('file-add'));
    return { modal: await screen.findByTestId('upload-modal'), fetchMock };
  }
  const fileInputOf = (modal: HTMLElement) => modal.querySelector('input[type="file"]') as HTMLInputElement;
  const geojsonFile = () =>
    new File(['{"type":"FeatureCollection","features":[]}'], 'ngap.geojson', { type: 'application/geo+json' });

  it('upload: type and file are required; a timed type asks for the time and accepts GeoJSON only', async () => {
    const { modal } = await openUpload();
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await within(modal).findByText('Trường này là bắt buộc')).toBeTruthy();
    expect(within(modal).getByText('Vui lòng chọn tệp')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);

    expect(document.getElementById('geodata-time')).toBeNull();
    await chooseType('Ngập lụt hiện trạng');
    await waitFor(() => expect(document.getElementById('geodata-time')).toBeTruthy());
    expect(within(modal).getByText('Chấp nhận: .geojson, .json, .zip')).toBeTruthy();
    expect(fileInputOf(modal).accept).toBe('.geojson,.json,.zip');

    fireEvent.change(fileInputOf(modal), { target: { files: [geojsonFile()] } });
    expect(await within(modal).findByText('ngap.geojson')).toBeTruthy();
    // Another type accepts other files: the picked one is checked again.
    await chooseType('Ảnh viễn thám');
    expect(await within(modal).findByText('Tệp phải có đuôi .png, .jpg, .jpeg, .webp')).toBeTruthy();
    expect(document.getElementById('geodata-time')).toBeNull();
    await chooseType('Ngập lụt hiện trạng');
    await waitFor(() => expect(within(modal).queryByText('Tệp phải có đuôi .png, .jpg, .jpeg, .webp')).toBeNull());
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(within(modal).getByText('Trường này là bắt buộc')).toBeTruthy());
    expect(FakeXhr.sent).toHaveLength(0);
    // antd's select and date fields take ~15 s in jsdom on a 2-core machine.
  }, 40_000);

  it('upload: a server field error shows under its field and nothing is lost; a success reloads the list', async () => {
    let attempt = 0;
    FakeXhr.answer = () =>
      ++attempt === 1
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'Dữ liệu không hợp lệ',
              requestId: 'r-1',
              fields: [{ field: 'file', message: 'features[0].geometry.coordinates[0]: Kinh độ 500 nằm ngoài khoảng' }],
            },
          }
        : { status: 200, body: item({ id: 20, name: 'ngap.geojson', type: 'CURRENT_HIGH' }) };
    const { modal, fetchMock } = await openUpload();
    await chooseType('Ngập lụt hiện trạng');
    const timeInput = await waitFor(() => {
      const input = document.getElementById('geodata-time');
      if (!input) throw new Error('no time field yet');
      return input as HTMLInputElement;
    });
    fireEvent.change(fileInputOf(modal), { target: { files: [geojsonFile()] } });
    fireEvent.mouseDown(timeInput);
    fireEvent.focus(timeInput);
    fireEvent.change(timeInput, { target: { value: '22/11/2026 07:00' } });
    fireEvent.keyDown(timeInput, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(timeInput);
    await waitFor(() => expect(timeInput.value).toBe('22/11/2026 07:00'));

    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await within(modal).findByText(/Kinh độ 500 nằm ngoài khoảng/)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(1);
    const sent = FakeXhr.sent[0]!;
    expect(sent.url).toBe('/api/geojson');
    expect(sent.headers.Authorization).toBe('Bearer tok-123');
    expect([...sent.body.keys()]).toEqual(['type', 'time', 'parentId', 'file']);
    expect(sent.body.get('type')).toBe('CURRENT_HIGH');
    // 07:00 on the district clock (UTC+7), sent as UTC without milliseconds.
    expect(sent.body.get('time')).toBe('2026-11-22T00:00:00Z');
    expect(sent.body.get('parentId')).toBe('5');
    expect((sent.body.get('file') as File).name).toBe('ngap.geojson');
    // Nothing lost: the dialog is open with its type, time and file.
    expect(within(modal).getByText('Ngập lụt hiện trạng')).toBeTruthy();
    expect(timeInput.value).toBe('22/11/2026 07:00');
    expect(within(modal).getByText('ngap.geojson')).toBeTruthy();

    const before = listCalls(fetchMock).length;
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByTestId('upload-progress')).toBeTruthy();
    expect(await screen.findByText(GEODATA_TEXT.uploaded)).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(2);
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
  });
  it('upload (#26 point 5): a map layer says its coordinate system, TM-3 its meridian, and may repair its polygons', async () => {
    let attempt = 0;
    FakeXhr.answer = () =>
      ++attempt === 1
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'Toạ độ của tệp là mét',
              requestId: 'r-2',
              fields: [{ field: 'crs', message: 'Toạ độ của tệp là độ nhưng hệ VN-2000 / TM-3 107°45′ dùng mét' }],
            },
          }
        : { status: 200, body: item({ id: 21, name: 'xa.zip', type: 'REGION' }) };
    const { modal } = await openUpload();
    await chooseType('Ảnh viễn thám');
    expect(document.getElementById('geodata-crs')).toBeNull();
    await chooseType('Ranh giới xã');
    await waitFor(() => expect(document.getElementById('geodata-crs')).toBeTruthy());
    expect(within(modal).getByText('Tự nhận biết (theo tệp)')).toBeTruthy();
    expect(document.getElementById('geodata-meridian')).toBeNull();
    await chooseType('VN-2000 / TM-3 (mét)', 'geodata-crs');
    const meridian = await waitFor(() => {
      const input = document.getElementById('geodata-meridian');
      if (!input) throw new Error('no meridian yet');
      return input as HTMLInputElement;
    });
    // Quảng Ninh's meridian, with the decimal comma.
    expect(meridian.value).toBe('107,75');
    const zip = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'xa.zip', { type: 'application/zip' });
    fireEvent.change(fileInputOf(modal), { target: { files: [zip] } });
    expect(await within(modal).findByText('xa.zip')).toBeTruthy();

    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await within(modal).findByText(/hệ VN-2000 \/ TM-3 107°45′ dùng mét/)).toBeTruthy();
    const first = FakeXhr.sent[0]!;
    expect([...first.body.keys()]).toEqual(['type', 'parentId', 'crs', 'meridian', 'file']);
    expect(first.body.get('crs')).toBe('vn2000-tm3');
    expect(first.body.get('meridian')).toBe('107.75');

    fireEvent.click(within(modal).getByTestId('geodata-repair'));
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText(GEODATA_TEXT.uploaded)).toBeTruthy();
    expect(FakeXhr.sent[1]!.body.get('repair')).toBe('true');
  }, 40_000);
});
