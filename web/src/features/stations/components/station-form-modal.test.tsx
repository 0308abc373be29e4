import type { Station, StationDetail } from '@flood/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { pushUrlExample, StationFormModal } from './station-form-modal';

const STATION: Station = {
  id: 5,
  code: 'F01024',
  name: 'Trạm Ba Chẽ',
  description: 'Cầu Ba Chẽ',
  kind: 'water',
  lat: 21.27,
  long: 107.29,
  warningLevel1: 150,
  warningLevel2: 200,
  warningLevel3: 250,
  warningLowWater: 20,
  status: 'active',
  unitCode: null,
  unitOverride: null,
  userId: 7,
  creatorName: 'Nguyễn Văn An',
  createdAt: '2026-03-04T01:02:00.000Z',
};
const DETAIL: StationDetail = { ...STATION, pushKey: 'khoa-day-123', readingCount: 12 };

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const sentBody = (fetchMock: ReturnType<typeof mockFetch>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? { url: call[0], body: JSON.parse(String(call[1]?.body)) } : null;
};

describe('station form modal', () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the warning levels only for water codes (F01) and sends them in centimetres', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { ...DETAIL, id: 9 }) : jsonResponse(404, {}),
    );
    const onClose = vi.fn();
    renderWithProviders(<StationFormModal open station={null} onClose={onClose} />);
    expect(await screen.findByText('Thêm trạm')).toBeTruthy();
    expect(input('station-level1')).toBeNull();

    type('station-code', 'F00012');
    expect(input('station-level1')).toBeNull();
    type('station-code', 'f01077');
    await waitFor(() => expect(input('station-level1')).toBeTruthy());
    expect(screen.getByText('Cấp báo động I (m)')).toBeTruthy();
    expect(screen.getByText('Cấp báo động II (m)')).toBeTruthy();
    expect(screen.getByText('Cấp báo động III (m)')).toBeTruthy();
    expect(screen.getByText('Mực nước thấp (m)')).toBeTruthy();
    expect(input('station-push-key')).toBeNull();

    type('station-name', 'Trạm Đồn Đạc');
    type('station-description', 'Cầu Đồn Đạc');
    type('station-lat', '21,3');
    type('station-long', '107.25');
    type('station-level1', '1,25');
    type('station-level2', '1.8');
    type('station-level3', '2,5');
    type('station-low', '0,3');
    fireEvent.click(screen.getByTestId('station-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST')).toEqual({
      url: '/api/station',
      body: {
        code: 'F01077',
        name: 'Trạm Đồn Đạc',
        description: 'Cầu Đồn Đạc',
        lat: 21.3,
        long: 107.25,
        warningLevel1: 125,
        warningLevel2: 180,
        warningLevel3: 250,
        warningLowWater: 30,
        unitCode: null,
      },
    });
    expect(await screen.findByText('Tạo trạm thành công')).toBeTruthy();
  });

  it('puts a station in a unit of the area staff choose, or back by its position (#26)', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { ...DETAIL, unitCode: '06973', unitOverride: '06973' })
        : url === '/api/station/5'
          ? jsonResponse(200, DETAIL)
          : jsonResponse(404, {}),
    );
    renderWithProviders(<StationFormModal open station={STATION} onClose={() => {}} />);
    expect(await screen.findByText('Cập nhật trạm')).toBeTruthy();
    expect(screen.getByText('Theo vị trí của trạm')).toBeTruthy();
    fireEvent.mouseDown(input('station-unit'));
    fireEvent.click((await screen.findAllByTitle('Xã Thanh Sơn (06973)')).at(-1)!);
    fireEvent.click(screen.getByTestId('station-submit'));
    await waitFor(() => expect(sentBody(fetchMock, 'PUT')).not.toBeNull());
    expect(sentBody(fetchMock, 'PUT')!.body).toMatchObject({ code: 'F01024', unitCode: '06973' });
  });

  it('sends no levels for a rain station and checks the code and the level order', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { ...DETAIL, code: 'F00012', kind: 'rain' }) : jsonResponse(404, {}),
    );
    renderWithProviders(<StationFormModal open station={null} onClose={() => {}} />);
    await screen.findByText('Thêm trạm');
    type('station-code', 'X123');
    type('station-name', 'Mưa Thanh Sơn');
    type('station-description', 'UBND xã');
    type('station-lat', '21.2');
    type('station-long', '107.2');
    fireEvent.click(screen.getByTestId('station-submit'));
    expect(await screen.findByText('Mã trạm phải chứa F00 (trạm mưa) hoặc F01 (trạm mực nước)')).toBeTruthy();

    type('station-code', 'F01001');
    await waitFor(() => expect(input('station-level1')).toBeTruthy());
    type('station-level1', '2');
    type('station-level2', '1,5');
    fireEvent.click(screen.getByTestId('station-submit'));
    expect(await screen.findByText('Cấp báo động phải cao hơn các cấp thấp hơn')).toBeTruthy();

    type('station-code', 'F00012');
    await waitFor(() => expect(input('station-level1')).toBeNull());
    fireEvent.click(screen.getByTestId('station-submit'));
    await waitFor(() => expect(sentBody(fetchMock, 'POST')).not.toBeNull());
    expect(sentBody(fetchMock, 'POST')?.body).toMatchObject({
      code: 'F00012',
      warningLevel1: null,
      warningLevel2: null,
      warningLevel3: null,
      warningLowWater: null,
    });
  });

  it('edits: levels shown in metres, the push key with a new-key button, a taken code on its field', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/station/5' && !init?.method) return jsonResponse(200, DETAIL);
      if (url === '/api/station/5' && init?.method === 'GET') return jsonResponse(200, DETAIL);
      if (url === '/api/station/5/push-key') return jsonResponse(200, { ...DETAIL, pushKey: 'khoa-moi-456' });
      if (init?.method === 'PUT')
        return jsonResponse(409, {
          code: 'CONFLICT',
          message: 'Mã trạm đã tồn tại',
          fields: [{ field: 'code', message: 'Mã trạm đã tồn tại' }],
          requestId: 'r',
        });
      return jsonResponse(404, {});
    });
    renderWithProviders(<StationFormModal open station={STATION} onClose={() => {}} />);
    expect(await screen.findByText('Cập nhật trạm')).toBeTruthy();
    expect(input('station-level1').value).toBe('1,50');
    expect(input('station-level3').value).toBe('2,50');
    await waitFor(() => expect(input('station-push-key')?.value).toBe('khoa-day-123'));
    expect(input('station-push-key').readOnly).toBe(true);
    expect(screen.getByTestId('station-push-url').textContent).toContain(
      `${window.location.origin}/api/receive-water-level?stationCode=F01024&date=DD/MM/YYYY`,
    );
    // The example says the unit of value (issue #18).
    expect(screen.getByTestId('station-push-unit').textContent).toBe(
      'value là mực nước tính bằng cm (125 nghĩa là 1,25 m); phần thập phân viết sau dấu phẩy hoặc dấu chấm.',
    );

    fireEvent.click(screen.getByTestId('station-regenerate-key'));
    fireEvent.click(await screen.findByTestId('station-regenerate-ok'));
    await waitFor(() => expect(input('station-push-key').value).toBe('khoa-moi-456'));
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/station/5/push-key' && init?.method === 'POST'),
    ).toBe(true);

    fireEvent.click(screen.getByTestId('station-submit'));
    expect(await screen.findByText('Mã trạm đã tồn tại')).toBeTruthy();
    expect(sentBody(fetchMock, 'PUT')?.body).toMatchObject({
      warningLevel1: 150,
      warningLevel2: 200,
      warningLevel3: 250,
    });
  });

  it('the rain push example carries a value with a decimal comma', () => {
    expect(pushUrlExample('http://x', 'F00012', 'k')).toBe(
      'http://x/api/receive-rain?stationCode=F00012&date=DD/MM/YYYY&hour=HH&minute=mm&value=2,5&key=k',
    );
  });
});
