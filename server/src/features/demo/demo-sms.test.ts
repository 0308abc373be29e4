import {
  DEFAULT_SMS_TEMPLATES,
  formatSmsTemplate,
  SMS_EXAMPLE_STATION,
  SMS_SEGMENT_CHARS,
  smsEncoding,
  smsWithWayOut,
  toGsm7,
} from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { loadCommunes } from '../../db/seed/seed-files';
import { DEMO_STATIONS } from './demo.stations';

// The template editor's example (#24) is tried with a station name at least as long as every demo station's and
// commune's: a template it accepts fits one SMS with any of them (alerts.test.ts renders the defaults with each).
describe('the SMS example station', () => {
  it('the example station of the template editor is longer than every demo station and commune name', async () => {
    const longest = Math.max(
      ...DEMO_STATIONS.map((s) => toGsm7(s.name).length),
      ...(await loadCommunes()).map((c) => toGsm7(c.fullName).length),
    );
    expect(toGsm7(SMS_EXAMPLE_STATION).length).toBeGreaterThanOrEqual(longest);
  });
});

describe('the default templates with the longest demo names (#24)', () => {
  const longest = [...DEMO_STATIONS].sort((a, b) => toGsm7(b.name).length - toGsm7(a.name).length)[0]!.name;
  const args = { station: longest, level: 3, value: 215.4321 };
  const link = 'https://canhbao.bache.vn/h/7ps.AbCdEfGhIj';

  it.each(Object.entries(DEFAULT_SMS_TEMPLATES))(
    '%s: one GSM-7 segment, to staff and to a subscriber with its way out, the name whole',
    (_type, template) => {
      const staff = formatSmsTemplate(template, args);
      const subscriber = smsWithWayOut((limit) => formatSmsTemplate(template, args, limit), link);
      for (const sms of [staff, subscriber]) {
        expect(smsEncoding(sms)).toBe('GSM-7');
        expect(sms.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
        expect(sms).toContain(toGsm7(longest));
        // Numbers with the decimal comma (215,4…), never a point a reader takes for thousands.
        expect(sms).not.toMatch(/\d\.\d/);
      }
      expect(subscriber).toMatch(/ Huy DK: canhbao\.bache\.vn\/h\/7ps\.AbCdEfGhIj$/);
    },
  );
});
