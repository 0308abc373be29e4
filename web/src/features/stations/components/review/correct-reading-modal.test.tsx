import type { ReviewedReading } from '@flood/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import { CorrectReadingModal } from './correct-reading-modal';

const READING: ReviewedReading = {
  observedAt: '2026-11-26T01:05:00.000Z',
  value: 55,
  quality: 'good',
  qualityRule: null,
  originalValue: null,
};

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
const reason = () => document.getElementById('correct-reason') as HTMLTextAreaElement;

describe('the correct-a-reading dialog (#22)', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the reading, asks for a reason, and marks it faulty with the reading as it came', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { changed: 1, cancelledAlerts: [12] }));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <CorrectReadingModal
        open
        stationCode="F01024"
        kind="water"
        reading={READING}
        onClose={onClose}
        onSaved={onSaved}
      />,
    );
    expect(await screen.findByText('Hiệu chỉnh số liệu', { selector: '.ant-modal-title' })).toBeTruthy();
    // 01:05 UTC is 08:05 in the district; 55 cm is 0,55 m.
    expect(screen.getByText('26/11/2026 08:05')).toBeTruthy();
    expect(screen.getByText('0,55 m')).toBeTruthy();
    expect(screen.getByText('Tốt')).toBeTruthy();
    // A good reading: 'Đánh dấu sai' is the first choice, and chosen.
    expect((screen.getByRole('radio', { name: 'Đánh dấu sai' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(reason(), { target: { value: ' x ' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Nhập lý do (ít nhất 3 ký tự)')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    fireEvent.change(reason(), { target: { value: 'Cảm biến bị rác che' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ changed: 1, cancelledAlerts: [12] }));
    expect(onClose).toHaveBeenCalled();
    expect(posts(fetchMock)).toEqual([
      [
        '/api/readings/correct',
        {
          stationCode: 'F01024',
          observedAt: '2026-11-26T01:05:00.000Z',
          action: 'bad',
          reason: 'Cảm biến bị rác che',
        },
      ],
    ]);
  });

  it('sends a corrected water level typed in metres (decimal comma) as centimetres', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { changed: 1, cancelledAlerts: [] }));
    const onSaved = vi.fn();
    renderWithProviders(
      <CorrectReadingModal
        open
        stationCode="F01024"
        kind="water"
        reading={{ ...READING, quality: 'suspect', qualityRule: 'rate_of_change' }}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    expect(await screen.findByText('Thay đổi quá nhanh')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Hiệu chỉnh giá trị' }));
    const value = (await screen.findByLabelText('Giá trị hiệu chỉnh (m)')) as HTMLInputElement;
    // The field starts at the reading's value in metres.
    expect(value.value).toBe('0,55');
    fireEvent.change(value, { target: { value: '' } });
    fireEvent.change(reason(), { target: { value: 'Đo lại bằng thước' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Nhập giá trị hiệu chỉnh')).toBeTruthy();

    // Outside the gauge's physical bounds, said in metres as typed.
    fireEvent.change(value, { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Giá trị phải từ -50 đến 1.000 m')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    fireEvent.change(value, { target: { value: '0,5' } });
    fireEvent.blur(value);
    fireEvent.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts(fetchMock)[0]?.[1]).toEqual({
      stationCode: 'F01024',
      observedAt: READING.observedAt,
      action: 'correct',
      value: 50,
      reason: 'Đo lại bằng thước',
    });
  });

  it('sends rain in mm as typed, and accepts a reading as good', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { changed: 1, cancelledAlerts: [] }));
    const onSaved = vi.fn();
    renderWithProviders(
      <CorrectReadingModal
        open
        stationCode="F00012"
        kind="rain"
        reading={{ ...READING, value: 12.5, quality: 'bad', qualityRule: 'hard_limit' }}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    expect(await screen.findByText('12,5 mm')).toBeTruthy();
    // A reading flagged by a rule: 'Xác nhận đúng' is chosen.
    expect((screen.getByRole('radio', { name: 'Xác nhận đúng' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(reason(), { target: { value: 'Mưa lớn thật' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts(fetchMock)[0]?.[1]).toMatchObject({ stationCode: 'F00012', action: 'good', reason: 'Mưa lớn thật' });
    expect(posts(fetchMock)[0]?.[1]).not.toHaveProperty('value');
  });

  it("shows the server's field errors on their fields and keeps the dialog open", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Dữ liệu không hợp lệ',
        fields: [{ field: 'reason', message: 'Lý do quá ngắn theo máy chủ' }],
        requestId: 'r',
      }),
    );
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <CorrectReadingModal
        open
        stationCode="F01024"
        kind="water"
        reading={READING}
        onClose={onClose}
        onSaved={onSaved}
      />,
    );
    await screen.findByText('Hiệu chỉnh số liệu', { selector: '.ant-modal-title' });
    fireEvent.change(reason(), { target: { value: 'Cảm biến hỏng' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Lý do quá ngắn theo máy chủ')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says what the server found about the reading itself (gone since the page loaded)', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Dữ liệu không hợp lệ: observedAt',
        fields: [{ field: 'observedAt', message: 'Không có số liệu của trạm tại thời điểm này' }],
        requestId: 'r',
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <CorrectReadingModal
        open
        stationCode="F01024"
        kind="water"
        reading={READING}
        onClose={onClose}
        onSaved={vi.fn()}
      />,
    );
    await screen.findByText('Hiệu chỉnh số liệu', { selector: '.ant-modal-title' });
    fireEvent.change(reason(), { target: { value: 'Cảm biến hỏng' } });
    fireEvent.click(screen.getByTestId('correct-submit'));
    expect(await screen.findByText('Không có số liệu của trạm tại thời điểm này')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
