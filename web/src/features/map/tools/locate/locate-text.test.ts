import { describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../../../lib/i18n';
import { accuracyText } from './locate-text';

await ensureLanguage('en'); // English is fetched on first use

describe('accuracyText', () => {
  it('gives the accuracy in whole metres in Vietnamese', () => {
    expect(accuracyText(i18n.getFixedT('vi'), 24.6, 'vi')).toBe('Bạn đang ở đây (sai số khoảng 25 m)');
    expect(accuracyText(i18n.getFixedT('vi'), 1234, 'vi')).toBe('Bạn đang ở đây (sai số khoảng 1.234 m)');
  });

  it('adds feet (3.28 per metre) in English', () => {
    expect(accuracyText(i18n.getFixedT('en'), 25, 'en')).toBe('You are within 25 metres (82 feet) of this point');
    expect(accuracyText(i18n.getFixedT('en'), 1000, 'en')).toBe(
      'You are within 1,000 metres (3,280 feet) of this point',
    );
  });
});
