import type { CommuneItem } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { staffWarning } from '../warnings.fixtures';
import WarningsPage from './warnings-page';

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [107.28, 21.26],
      [107.3, 21.26],
      [107.3, 21.28],
      [107.28, 21.26],
    ],
  ],
};
const COMMUNES: CommuneItem[] = [
  { gsoCode: '06973', name: 'Thanh Sơn', fullName: 'Xã Thanh Sơn', province: 'Quảng Ninh', geometry: SQUARE },
  { gsoCode: '06976', name: 'Nam Sơn', fullName: 'Xã Nam Sơn', province: 'Quảng Ninh', geometry: SQUARE },
];

/** The signed-in officer (id 7) composed 41; 42 is another officer's draft; 43 is published and in force. */
const MINE = staffWarning({ id: 41, headlineVi: 'Bản nháp của tôi' });
const THEIRS = staffWarning({
  id: 42,
  headlineVi: 'Bản nháp của anh Bình',
  createdBy: 'Trần Văn Bình',
  createdById: 9,
  lastEditedById: 9,
});
/** Another's draft that the signed-in officer edited last: they may not approve it either. */
const EDITED = staffWarning({ id: 44, headlineVi: 'Bản nháp tôi đã sửa', createdById: 9, lastEditedById: 7 });
const ACTIVE = staffWarning({
  id: 43,
  status: 'active',
  headlineVi: 'Lũ đang lên',
  publishedAt: '2026-11-26T01:00:00.000Z',
  approvedBy: 'Trần Văn Bình',
});

function server(post: (url: string, body: unknown) => Response = () => jsonResponse(404, {})) {
  return mockFetch((url, init) => {
    if (init?.method === 'POST' || init?.method === 'PUT') return post(url, JSON.parse(String(init.body ?? 'null')));
    if (url.startsWith('/api/warnings?')) {
      const items = [MINE, THEIRS, EDITED, ACTIVE];
      return jsonResponse(200, { items, total: items.length });
    }
    if (url === '/api/communes') return jsonResponse(200, COMMUNES);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
}

const row = (id: number) =>
  waitFor(() => {
    const found = document.querySelector(`[data-testid="warning-table"] tr[data-row-key="${id}"]`);
    if (!found) throw new Error(`no row ${id}`);
    return found as HTMLElement;
  });

async function choose(selectId: string, label: string) {
  const select = document.getElementById(selectId)!.closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(options);
}

const severityLabels = () =>
  within(screen.getByTestId('warning-severity'))
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.textContent);

describe('the warnings page (/system/warnings)', () => {
  beforeEach(() => signIn(['system', 'warning']));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the warnings with their status, severity, area and who composed and approved them', async () => {
    server();
    renderWithProviders(<WarningsPage />, '/system/warnings');
    const active = within(await row(43));
    expect(active.getByText('Đang hiệu lực')).toBeTruthy();
    expect(active.getByText('Lũ')).toBeTruthy();
    expect((active.getByText('Báo động 2') as HTMLElement).style.background).toBe('rgb(207, 19, 34)');
    expect(active.getByText('Thanh Sơn, Nam Sơn')).toBeTruthy();
    expect(active.getByText('26/11/2026 08:00')).toBeTruthy();
    expect(active.getByText('Trần Văn Bình')).toBeTruthy();
    expect(within(await row(41)).getByText('Bản nháp – chờ duyệt')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cảnh báo do cán bộ phát – Cảnh báo lũ'));
  });

  it('does not let the composer or last editor approve a draft, offers them the urgent publication instead', async () => {
    server();
    renderWithProviders(<WarningsPage />, '/system/warnings');
    const mine = within(await row(41));
    const approveMine = mine.getByTestId('warning-approve-41') as HTMLButtonElement;
    expect(approveMine.disabled).toBe(true);
    expect(approveMine.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(approveMine.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Người soạn hoặc người sửa bản nháp không thể tự duyệt: cần một cán bộ khác duyệt',
    );
    expect(mine.getByTestId('warning-urgent-41')).toBeTruthy();
    expect(mine.getByTestId('warning-edit-41')).toBeTruthy();
    expect(mine.getByTestId('warning-delete-41')).toBeTruthy();

    const edited = within(await row(44));
    expect((edited.getByTestId('warning-approve-44') as HTMLButtonElement).disabled).toBe(true);
    // Only the composer publishes urgently.
    expect(edited.queryByTestId('warning-urgent-44')).toBeNull();

    const theirs = within(await row(42));
    expect((theirs.getByTestId('warning-approve-42') as HTMLButtonElement).disabled).toBe(false);
    expect(theirs.queryByTestId('warning-urgent-42')).toBeNull();

    const active = within(await row(43));
    expect(active.queryByTestId('warning-approve-43')).toBeNull();
    expect(active.getByTestId('warning-update-43')).toBeTruthy();
    expect(active.getByTestId('warning-cancel-43')).toBeTruthy();
    expect(active.getByTestId('warning-details-43')).toBeTruthy();
  });

  it('approves another officer’s draft after a confirmation, and says the server’s refusal', async () => {
    const fetchMock = server((url) =>
      url === '/api/warnings/42/approve'
        ? jsonResponse(403, {
            code: 'FORBIDDEN',
            message: 'Người soạn hoặc người sửa bản nháp không thể tự duyệt',
            requestId: 'r',
          })
        : jsonResponse(404, {}),
    );
    const { router } = renderWithProviders(<WarningsPage />, '/system/warnings');
    fireEvent.click(within(await row(42)).getByTestId('warning-approve-42'));
    fireEvent.click(await screen.findByTestId('warning-approve-confirm'));
    expect(await screen.findByText('Người soạn hoặc người sửa bản nháp không thể tự duyệt')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/warnings/42/approve' && init?.method === 'POST'),
    ).toBe(true);
    // Not a lost permission: the officer stays on the page.
    expect(router.state.location.pathname).toBe('/system/warnings');
  });

  it('asks the reason of an urgent publication, checked as the domain says', async () => {
    const fetchMock = server((url) =>
      url === '/api/warnings/41/publish-urgent'
        ? jsonResponse(200, { ...MINE, status: 'active' })
        : jsonResponse(404, {}),
    );
    renderWithProviders(<WarningsPage />, '/system/warnings');
    fireEvent.click(within(await row(41)).getByTestId('warning-urgent-41'));
    const modal = await screen.findByTestId('warning-urgent-modal');
    fireEvent.change(within(modal).getByTestId('warning-urgent-reason'), { target: { value: 'gấp' } });
    fireEvent.click(screen.getByTestId('warning-urgent-submit'));
    expect(await within(modal).findByText('Ghi lý do phát khẩn (tối thiểu 10 ký tự)')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('warning-urgent-reason'), {
      target: { value: 'Lũ quét đang xảy ra, không liên lạc được người duyệt' },
    });
    fireEvent.click(screen.getByTestId('warning-urgent-submit'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([url]) => url === '/api/warnings/41/publish-urgent')?.[1]?.body).toBe(
        JSON.stringify({ reason: 'Lũ quét đang xảy ra, không liên lạc được người duyệt' }),
      ),
    );
  });

  it('offers the severities of the kind on its scale: the portal’s levels, or the decision’s risk levels when relaying', async () => {
    server();
    renderWithProviders(<WarningsPage />, '/system/warnings');
    await row(41);
    fireEvent.click(screen.getByTestId('warning-compose'));
    await screen.findByTestId('warning-modal');
    expect(severityLabels()).toEqual(['Báo động 1', 'Báo động 2', 'Báo động 3', 'Trên báo động 3']);
    expect(screen.queryByTestId('warning-source')).toBeNull();
    fireEvent.click(screen.getByTestId('warning-relay'));
    await waitFor(() =>
      expect(severityLabels()).toEqual([
        'Rủi ro thiên tai cấp 1 – xanh dương nhạt',
        'Rủi ro thiên tai cấp 2 – vàng nhạt',
        'Rủi ro thiên tai cấp 3 – da cam',
        'Rủi ro thiên tai cấp 4 – đỏ',
        'Rủi ro thiên tai cấp 5 – tím',
      ]),
    );
    expect(screen.getByTestId('warning-source')).toBeTruthy();
    const swatch = screen.getByTestId('warning-severity-3').closest('label')?.querySelector('.warning-swatch');
    expect((swatch as HTMLElement).style.background).toBe('rgb(255, 152, 0)');
    await choose('warning-kind', 'Sạt lở đất');
    await waitFor(() => expect(severityLabels()).toHaveLength(3));
    fireEvent.click(screen.getByTestId('warning-relay'));
    await waitFor(() => expect(severityLabels()).toEqual(['Có nguy cơ', 'Nguy cơ cao', 'Đang xảy ra']));
  }, 60_000);

  it('sends the body the domain expects, and shows the server’s field errors under their fields', async () => {
    const fetchMock = server((url) =>
      url === '/api/warnings'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Dữ liệu không hợp lệ',
            fields: [{ field: 'headlineVi', message: 'Tiêu đề đã có ở một cảnh báo đang hiệu lực' }],
            requestId: 'r',
          })
        : jsonResponse(404, {}),
    );
    renderWithProviders(<WarningsPage />, '/system/warnings');
    await row(41);
    fireEvent.click(screen.getByTestId('warning-compose'));
    const modal = await screen.findByTestId('warning-modal');
    // Nothing chosen yet: the messages under the fields, nothing sent.
    fireEvent.click(screen.getByTestId('warning-submit'));
    expect(await within(modal).findByText('Chọn ít nhất một xã hoặc vẽ vùng trên bản đồ')).toBeTruthy();
    expect(within(modal).getAllByText('Trường này là bắt buộc').length).toBeGreaterThanOrEqual(4);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/warnings')).toBe(false);

    await choose('warning-communes', 'Thanh Sơn');
    fireEvent.click(screen.getByTestId('warning-severity-2'));
    fireEvent.change(screen.getByTestId('warning-headline-vi'), { target: { value: 'Lũ sông Ba Chẽ lên báo động 2' } });
    fireEvent.change(screen.getByTestId('warning-description-vi'), { target: { value: 'Nước sông đang lên.' } });
    fireEvent.change(screen.getByTestId('warning-instruction-vi'), { target: { value: 'Không qua ngầm tràn.' } });
    // 'Báo động 2' of a flood is kept when the kind changes to one with three levels.
    await choose('warning-kind', 'Mưa lớn');
    fireEvent.click(screen.getByTestId('warning-submit'));

    expect(await within(modal).findByText('Tiêu đề đã có ở một cảnh báo đang hiệu lực')).toBeTruthy();
    const sent = JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/warnings')?.[1]?.body));
    expect(sent).toMatchObject({
      kind: 'heavy_rain',
      communes: ['06973'],
      polygon: null,
      severityScale: 'level',
      severity: 2,
      source: null,
      headlineVi: 'Lũ sông Ba Chẽ lên báo động 2',
      headlineEn: null,
      channels: ['banner', 'cap'],
      attachmentId: null,
    });
    expect(sent.effectiveAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+07:00$/);
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.effectiveAt)).toBe(24 * 3_600_000);
  }, 60_000);
});
