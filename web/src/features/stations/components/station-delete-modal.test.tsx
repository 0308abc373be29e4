import type { Station, StationDetail } from '@flood/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { StationDeleteModal } from './station-delete-modal';

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
  warningLowWater: null,
  status: 'active',
  unitCode: null,
  unitOverride: null,
  userId: 7,
  creatorName: 'Nguyễn Văn An',
  createdAt: '2026-03-04T01:02:00.000Z',
};
const DETAIL: StationDetail = { ...STATION, pushKey: 'k', readingCount: 12_345 };

describe('station delete dialog (issue #18)', () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('states the readings it deletes and deletes only with the station code typed again', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : jsonResponse(200, DETAIL),
    );
    const onDeleted = vi.fn();
    const onDeactivate = vi.fn();
    renderWithProviders(
      <StationDeleteModal station={STATION} onClose={() => {}} onDeleted={onDeleted} onDeactivate={onDeactivate} />,
    );
    expect(await screen.findByText('Xoá trạm F01024 – Trạm Ba Chẽ?')).toBeTruthy();
    expect((await screen.findByTestId('station-delete-count')).textContent).toBe(
      'Thao tác này xoá vĩnh viễn trạm và 12.345 số liệu đo của trạm, không thể hoàn tác. Các tin cảnh báo CAP đã phát hành vẫn được giữ.',
    );
    const ok = screen.getByTestId('station-delete-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nhập mã trạm F01024 để xác nhận'), { target: { value: 'F01025' } });
    expect(ok.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('station-delete-deactivate'));
    expect(onDeactivate).toHaveBeenCalledOnce();
    fireEvent.change(screen.getByLabelText('Nhập mã trạm F01024 để xác nhận'), { target: { value: ' f01024 ' } });
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(del[0]).toBe('/api/station/5?confirm=+f01024+');
  });
});
