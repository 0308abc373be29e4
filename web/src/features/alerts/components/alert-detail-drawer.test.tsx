import type { AlertDetail } from '@flood/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { CANCELLED, detailOf, OPEN_UNTAKEN, TAKEN } from '../alerts.fixtures';
import { AlertDetailDrawer } from './alert-detail-drawer';

const steps = () => Array.from(document.querySelectorAll('[data-testid^="alert-event-"]'));

function show(detail: AlertDetail, onAcknowledge = vi.fn()) {
  const fetchMock = mockFetch((url) =>
    url === `/api/alerts/${detail.alert.id}` ? jsonResponse(200, detail) : jsonResponse(404, {}),
  );
  renderWithProviders(
    <AlertDetailDrawer alertId={detail.alert.id} onClose={() => {}} onAcknowledge={onAcknowledge} />,
    '/system/alerts',
  );
  return fetchMock;
}

describe('the alert detail', () => {
  beforeEach(() => signIn(['system', 'sms']));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the timeline in order with each step’s time, level, value, detail and who did it', async () => {
    const detail = detailOf(TAKEN, {
      events: [
        ...detailOf(TAKEN).events,
        {
          id: 5,
          type: 'acknowledged',
          level: null,
          value: null,
          detail: 'Đã báo UBND xã',
          userName: 'Trần Thị Bình',
          at: '2026-11-23T01:15:00.000Z',
        },
        { id: 6, type: 'lowered', level: 1, value: 41, detail: null, userName: null, at: '2026-11-23T03:00:00.000Z' },
      ],
    });
    const fetchMock = show(detail);
    const drawer = within(await screen.findByTestId('alert-detail'));
    expect(await drawer.findByText('Mở cảnh báo')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/alerts/23');

    // The alert itself: headline in the bulletins' words, values, state and who took it with the note.
    expect(drawer.getByText('Trạm Cầu Ba Chẽ: mực nước đạt báo động cấp II')).toBeTruthy();
    expect(drawer.getByText('đỉnh 0,75 m · hiện 0,72 m · đang lên · từ 23/11/2026 07:00')).toBeTruthy();
    expect(drawer.getByText('Đang hiệu lực')).toBeTruthy();
    expect(drawer.getByText('Đã nhận: Trần Thị Bình lúc 23/11/2026 08:15')).toBeTruthy();
    expect(drawer.getByText('Ghi chú: Đã báo UBND xã', { selector: '.alert-ack-note' })).toBeTruthy();
    expect(drawer.getByText('Đối diện Trung tâm Y tế huyện')).toBeTruthy();
    expect(drawer.queryByTestId('alert-detail-acknowledge')).toBeNull();

    expect(steps().map((s) => s.getAttribute('data-testid'))).toEqual([
      'alert-event-opened',
      'alert-event-confirmed',
      'alert-event-messages',
      'alert-event-escalated',
      'alert-event-acknowledged',
      'alert-event-lowered',
    ]);
    const opened = within(drawer.getByTestId('alert-event-opened'));
    expect(opened.getByText('23/11/2026 07:00')).toBeTruthy();
    expect(opened.getByText('Cấp III')).toBeTruthy();
    expect(opened.getByText('0,71 m')).toBeTruthy();
    expect(within(drawer.getByTestId('alert-event-confirmed')).getByText('Đã xác nhận mức')).toBeTruthy();
    const messages = within(drawer.getByTestId('alert-event-messages'));
    expect(messages.getByText('Đã gửi tin')).toBeTruthy();
    expect(messages.getByText('Số tin đưa vào hàng gửi: 4')).toBeTruthy();
    expect(within(drawer.getByTestId('alert-event-escalated')).getByText('Nhắc lại cho trực ban')).toBeTruthy();
    const acknowledged = within(drawer.getByTestId('alert-event-acknowledged'));
    expect(acknowledged.getByText('Đã nhận xử lý')).toBeTruthy();
    expect(acknowledged.getByText('Ghi chú: Đã báo UBND xã')).toBeTruthy();
    expect(acknowledged.getByText('bởi Trần Thị Bình')).toBeTruthy();
    expect(acknowledged.getByText('23/11/2026 08:15')).toBeTruthy();
    const lowered = within(drawer.getByTestId('alert-event-lowered'));
    expect(lowered.getByText('Hạ cấp')).toBeTruthy();
    expect(lowered.getByText('Cấp I')).toBeTruthy();
    expect(lowered.getByText('0,41 m')).toBeTruthy();

    // How the messages went.
    const counts = within(drawer.getByTestId('alert-message-counts'));
    expect(within(counts.getByTestId('messages-total')).getByText('6')).toBeTruthy();
    expect(within(counts.getByTestId('messages-sent')).getByText('3')).toBeTruthy();
    expect(within(counts.getByTestId('messages-pending')).getByText('1')).toBeTruthy();
    expect(within(counts.getByTestId('messages-failed')).getByText('1')).toBeTruthy();
    expect(within(counts.getByTestId('messages-uncertain')).getByText('1')).toBeTruthy();
    expect(within(counts.getByTestId('messages-cancelled')).getByText('0')).toBeTruthy();
  });

  it('says why a cancelled alert was cancelled', async () => {
    show(
      detailOf(CANCELLED, {
        events: [
          { id: 1, type: 'opened', level: 3, value: 72, detail: null, userName: null, at: '2026-11-22T08:00:00.000Z' },
          {
            id: 2,
            type: 'cancelled',
            level: null,
            value: null,
            detail: 'Số liệu sai, đã hiệu chỉnh',
            userName: 'Nguyễn Văn An',
            at: '2026-11-22T09:00:00.000Z',
          },
        ],
        messages: { total: 2, sent: 0, pending: 0, failed: 0, uncertain: 0, cancelled: 2 },
      }),
    );
    const drawer = within(await screen.findByTestId('alert-detail'));
    const cancelled = within(await drawer.findByTestId('alert-event-cancelled'));
    expect(cancelled.getByText('Huỷ cảnh báo')).toBeTruthy();
    expect(cancelled.getByText('Lý do: Số liệu sai, đã hiệu chỉnh')).toBeTruthy();
    expect(cancelled.getByText('bởi Nguyễn Văn An')).toBeTruthy();
    expect(within(drawer.getByTestId('alert-state-25')).getByText('Đã huỷ')).toBeTruthy();
    expect(drawer.getByText('22/11/2026 16:00 · Lý do: Số liệu sai, đã hiệu chỉnh')).toBeTruthy();
    expect(drawer.queryByTestId('alert-detail-acknowledge')).toBeNull();
  });

  it('offers "Nhận xử lý" on an open alert nobody took, and says "Chưa ai nhận"', async () => {
    const onAcknowledge = vi.fn();
    show(detailOf(OPEN_UNTAKEN), onAcknowledge);
    const drawer = within(await screen.findByTestId('alert-detail'));
    expect(await drawer.findByText('Chưa ai nhận')).toBeTruthy();
    expect(drawer.getByText('Đã nhắc lại 2 lần')).toBeTruthy();
    fireEvent.click(drawer.getByTestId('alert-detail-acknowledge'));
    expect(onAcknowledge).toHaveBeenCalledWith(OPEN_UNTAKEN);
  });
});
