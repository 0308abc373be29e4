import type { Alert, AlertDetail } from '@flood/domain';

/** Alerts of the alerts page's tests: one of each state the page tells apart. */
export const OPEN_UNTAKEN: Alert = {
  id: 21,
  kind: 'WATER_LEVEL',
  stationId: 5,
  stationCode: 'F01024',
  stationName: 'Trạm Trung tâm Y tế',
  stationKind: 'water',
  level: 3,
  value: 72,
  peakValue: 75,
  trend: 'rising',
  positionText: 'Đối diện Trung tâm Y tế huyện',
  lat: 21.273,
  long: 107.2896,
  message: 'Trạm Trung tâm Y tế: mực nước đạt báo động cấp III (0,72 m)',
  since: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:20:00.000Z',
  clearedAt: null,
  confirmed: true,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ackNote: null,
  escalations: 2,
  cancelledAt: null,
  cancelReason: null,
};

/** Seen once, waiting for the readings that confirm it: staff only. */
export const UNCONFIRMED: Alert = {
  ...OPEN_UNTAKEN,
  id: 22,
  kind: 'RAIN_INTENSITY',
  stationId: 6,
  stationCode: 'F00001',
  stationName: 'Trạm mưa Thanh Lâm',
  stationKind: 'rain',
  level: 2,
  value: 52.3,
  peakValue: 52.3,
  trend: null,
  positionText: '',
  confirmed: false,
  escalations: 0,
};

export const TAKEN: Alert = {
  ...OPEN_UNTAKEN,
  id: 23,
  stationName: 'Trạm Cầu Ba Chẽ',
  stationCode: 'F01025',
  level: 2,
  escalations: 1,
  acknowledgedAt: '2026-11-23T01:15:00.000Z',
  acknowledgedBy: 'Trần Thị Bình',
  ackNote: 'Đã báo UBND xã',
};

export const CLEARED: Alert = {
  ...OPEN_UNTAKEN,
  id: 24,
  stationName: 'Trạm Nam Sơn',
  stationCode: 'F01026',
  level: 1,
  escalations: 0,
  clearedAt: '2026-11-22T10:00:00.000Z',
};

export const CANCELLED: Alert = {
  ...OPEN_UNTAKEN,
  id: 25,
  stationName: 'Trạm Đồn Đạc',
  stationCode: 'F01027',
  escalations: 0,
  clearedAt: '2026-11-22T09:00:00.000Z',
  cancelledAt: '2026-11-22T09:00:00.000Z',
  cancelReason: 'Số liệu sai, đã hiệu chỉnh',
};

export const ALL_ALERTS = [OPEN_UNTAKEN, UNCONFIRMED, TAKEN, CLEARED, CANCELLED];

/** The detail of an alert: opened, confirmed, messages queued, a reminder; the counts of its messages. */
export function detailOf(alert: Alert, over: Partial<AlertDetail> = {}): AlertDetail {
  return {
    alert,
    events: [
      { id: 1, type: 'opened', level: 3, value: 71, detail: null, userName: null, at: '2026-11-23T00:00:00.000Z' },
      { id: 2, type: 'confirmed', level: 3, value: 72, detail: null, userName: null, at: '2026-11-23T00:05:00.000Z' },
      { id: 3, type: 'messages', level: 3, value: null, detail: '4', userName: null, at: '2026-11-23T00:05:00.000Z' },
      { id: 4, type: 'escalated', level: 3, value: null, detail: null, userName: null, at: '2026-11-23T00:20:00.000Z' },
    ],
    messages: { total: 6, sent: 3, pending: 1, failed: 1, uncertain: 1, cancelled: 0 },
    ...over,
  };
}
