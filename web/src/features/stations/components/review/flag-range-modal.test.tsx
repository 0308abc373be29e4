import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import { FlagRangeModal } from './flag-range-modal';

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

/** Types a date-time into an antd picker and confirms it as a person would. */
function pick(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  return input;
}

const reason = () => document.getElementById('flag-range-reason') as HTMLTextAreaElement;

// Date-time pickers are slow in jsdom; on a loaded machine these tests need more than the default 20 s.
describe("the 'mark a whole period faulty' dialog (#22)", { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both times in order and a reason, then sends the minutes on the district clock as UTC', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { changed: 2, cancelledAlerts: [7] }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <FlagRangeModal open stationCode="F01024" stationName="Cầu Ba Chẽ" onClose={onClose} onSaved={onSaved} />,
    );
    expect(await screen.findByText('Đánh dấu sai cả khoảng thời gian', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(screen.getByText(/Mọi số liệu của trạm Cầu Ba Chẽ \(F01024\)/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('flag-range-submit'));
    expect(await screen.findAllByText('Chọn thời điểm')).toHaveLength(2);
    expect(screen.getByText('Nhập lý do (ít nhất 3 ký tự)')).toBeTruthy();

    const from = pick('flag-range-from', '26/11/2026 08:00');
    await waitFor(() => expect(from.value).toBe('26/11/2026 08:00'));
    const to = pick('flag-range-to', '26/11/2026 07:00');
    await waitFor(() => expect(to.value).toBe('26/11/2026 07:00'));
    fireEvent.change(reason(), { target: { value: 'Cảm biến bị nhấc khỏi nước' } });
    fireEvent.click(screen.getByTestId('flag-range-submit'));
    expect(await screen.findByText('Thời điểm kết thúc phải sau thời điểm bắt đầu')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    pick('flag-range-to', '26/11/2026 08:10');
    await waitFor(() => expect(to.value).toBe('26/11/2026 08:10'));
    fireEvent.click(screen.getByTestId('flag-range-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ changed: 2, cancelledAlerts: [7] }));
    expect(onClose).toHaveBeenCalled();
    // 08:00 in the district is 01:00 UTC; the end minute is taken whole.
    expect(posts(fetchMock)).toEqual([
      [
        '/api/readings/flag-range',
        {
          stationCode: 'F01024',
          from: '2026-11-26T01:00:00Z',
          to: '2026-11-26T01:10:59Z',
          reason: 'Cảm biến bị nhấc khỏi nước',
        },
      ],
    ]);
  });

  it("shows the server's field error on the named field", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Dữ liệu không hợp lệ',
        fields: [{ field: 'to', message: 'Khoảng thời gian dài quá 31 ngày' }],
        requestId: 'r',
      }),
    );
    const onSaved = vi.fn();
    renderWithProviders(
      <FlagRangeModal open stationCode="F01024" stationName="Cầu Ba Chẽ" onClose={vi.fn()} onSaved={onSaved} />,
    );
    await screen.findByText('Đánh dấu sai cả khoảng thời gian', { selector: '.ant-modal-title' });
    const from = pick('flag-range-from', '01/10/2026 08:00');
    await waitFor(() => expect(from.value).toBe('01/10/2026 08:00'));
    const to = pick('flag-range-to', '26/11/2026 08:00');
    await waitFor(() => expect(to.value).toBe('26/11/2026 08:00'));
    fireEvent.change(reason(), { target: { value: 'Trạm hỏng cả tháng' } });
    fireEvent.click(screen.getByTestId('flag-range-submit'));
    expect(await screen.findByText('Khoảng thời gian dài quá 31 ngày')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
