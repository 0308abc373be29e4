import { describe, expect, it } from 'vitest';
import { formatSmsTemplate, isValidSmsTemplate, smsHistoryLabels } from './sms-template';

describe('SMS template rule', () => {
  it('needs %s and one of %f or %.2f', () => {
    expect(isValidSmsTemplate('Tram %s: %f mm')).toBe(true);
    expect(isValidSmsTemplate('Tram %s cap %d: %.2f m')).toBe(true);
    expect(isValidSmsTemplate('Tram %s cap %d')).toBe(false);
    expect(isValidSmsTemplate('Muc nuoc %.2f m')).toBe(false);
    expect(isValidSmsTemplate('')).toBe(false);
  });
});

describe('formatSmsTemplate', () => {
  it('fills %s, %d, %f and %.2f, and keeps %%', () => {
    expect(
      formatSmsTemplate('Tram %s dat cap %d, muc nuoc %.2f m (100%%)', { station: 'Ba Che', level: 2, value: 0.5 }),
    ).toBe('Tram Ba Che dat cap 2, muc nuoc 0.50 m (100%)');
    expect(formatSmsTemplate('%s: %f mm', { station: 'Nam Son', value: 35.25 })).toBe('Nam Son: 35.25 mm');
    expect(formatSmsTemplate('%s: %f', { station: 'X', value: 12 })).toBe('X: 12');
    expect(formatSmsTemplate('%s cap %d', { station: 'X', value: 1 })).toBe('X cap ');
  });
});

describe('history labels', () => {
  it('shows THÀNH CÔNG / ĐÃ XEM only for SUCCESS', () => {
    expect(smsHistoryLabels('SUCCESS')).toEqual({ status: 'THÀNH CÔNG', confirmation: 'ĐÃ XEM' });
    expect(smsHistoryLabels('FAILED')).toEqual({ status: 'THẤT BẠI', confirmation: 'CHƯA XEM' });
  });
});
